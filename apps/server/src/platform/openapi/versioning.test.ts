import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from './generate';
import { breakingChanges, publicSubset } from './versioning';

type Json = Record<string, unknown>;
const RELEASED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/openapi/v1.json');

let current: Json;
let released: Json;

beforeAll(async () => {
  current = await generateOpenApiDocument();
  released = JSON.parse(readFileSync(RELEASED, 'utf8')) as Json;
}, 60_000);

/** A deep copy of the current public document, changed by `edit` (what a later release might look like). */
function doctored(edit: (d: Json & { paths: Record<string, Record<string, Json>>; webhooks: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } }) => void): Json {
  const d = structuredClone(publicSubset(current)) as Parameters<typeof edit>[0];
  edit(d);
  return d;
}

const bodySchema = (op: Json | undefined) => ((op?.requestBody as Json).content as Record<string, { schema: Json & { properties: Record<string, Json> } }>)['application/json']?.schema;
const okSchema = (op: Json | undefined, status: string) => (((op?.responses as Record<string, Json>)[status]?.content as Record<string, { schema: Json & { properties: Record<string, Json & { properties: Record<string, Json> }> } }>)['application/json']?.schema);

describe('public API versioning (issue 17 #5)', () => {
  it('the current document breaks nothing of the last released /api/v1 (docs/openapi/v1.json; npm run openapi:release after a deliberate release)', () => {
    expect(breakingChanges(released, current)).toEqual([]);
  });

  it('finds nothing between a document and itself, and allows additions', () => {
    const base = publicSubset(current);
    expect(breakingChanges(base, base)).toEqual([]);
    const added = doctored((d) => {
      bodySchema(d.paths['/api/v1/zns/send']?.post)!.properties.newOptional = { type: 'string' };
      d.paths['/api/v1/new/thing'] = { get: { operationId: 'newThing', responses: {} } };
    });
    expect(breakingChanges(base, added)).toEqual([]);
  });

  it('fails on a removed /api/v1 operation or webhook', () => {
    const base = publicSubset(current);
    const cur = doctored((d) => {
      delete d.paths['/api/v1/oa/send'];
      delete d.webhooks['webhook.test'];
    });
    expect(breakingChanges(base, cur)).toEqual(expect.arrayContaining(['POST /api/v1/oa/send: removed', 'webhook POST webhook.test: removed']));
  });

  it('fails on a removed request field, response field or webhook payload field', () => {
    const base = publicSubset(current);
    const cur = doctored((d) => {
      delete bodySchema(d.paths['/api/v1/zns/send']?.post)!.properties.trackingId;
      delete okSchema(d.paths['/api/v1/zns/send']?.post, '202')!.properties.data!.properties.trackingId;
      delete (d.components.schemas.MessageStatusData as { properties: Json }).properties.deliveredAt;
    });
    const found = breakingChanges(base, cur);
    expect(found).toEqual(expect.arrayContaining([
      'POST /api/v1/zns/send request.trackingId: field removed',
      'POST /api/v1/zns/send response 202.data.trackingId: field removed',
      'webhook POST message.status request.data.deliveredAt: field removed',
    ]));
  });

  it('fails on a removed enum value (a request enum, a response enum, a union member)', () => {
    const base = publicSubset(current);
    const cur = doctored((d) => {
      const mode = bodySchema(d.paths['/api/v1/zns/send']?.post)!.properties.mode as { enum: string[] };
      mode.enum = mode.enum.filter((v) => v !== 'development');
      const status = (d.components.schemas.MessageStatusData as { properties: { status: { enum: string[] } } }).properties.status;
      status.enum = status.enum.filter((v) => v !== 'RECEIVED');
      // The OA message kinds are a union: dropping the `sticker` member removes the value `sticker`.
      const message = bodySchema(d.paths['/api/v1/oa/send']?.post)!.properties.message as { oneOf?: Json[]; anyOf?: Json[] };
      const list = (message.oneOf ?? message.anyOf)!;
      const i = list.findIndex((v) => JSON.stringify(v).includes('"sticker"'));
      list.splice(i, 1);
    });
    const found = breakingChanges(base, cur);
    expect(found).toEqual(expect.arrayContaining([
      'POST /api/v1/zns/send request.mode: enum value "development" removed',
      'webhook POST message.status request.data.status: enum value "RECEIVED" removed',
      'POST /api/v1/oa/send request.message.kind: enum value "sticker" removed',
    ]));
  });

  it('fails on a renamed operationId, a removed parameter or a removed rate-limit header', () => {
    const base = publicSubset(current);
    const cur = doctored((d) => {
      const op = d.paths['/api/v1/zns/send']!.post as Json & { parameters?: Json[]; responses: Record<string, { headers: Json }> };
      op.operationId = 'sendZns';
      delete op.responses['429']!.headers['Retry-After'];
      op.parameters = [];
      const hook = d.webhooks['message.status']!.post as { parameters: Json[] };
      hook.parameters = hook.parameters.filter((p) => p.name !== 'x-zc-signature');
    });
    const found = breakingChanges(base, cur);
    expect(found).toEqual(expect.arrayContaining([
      'POST /api/v1/zns/send: operationId sendZnsMessage renamed to sendZns',
      'POST /api/v1/zns/send response 429: header Retry-After removed',
      'webhook POST message.status: parameter header:x-zc-signature removed',
    ]));
  });
});
