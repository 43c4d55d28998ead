import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from './generate';
import { codesInText } from './errors';
import { fixNullable } from './complete';

type Json = Record<string, unknown>;
interface Op {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, Json>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
let doc: Json;
let ops: Array<{ method: string; path: string; op: Op }>;

beforeAll(async () => {
  doc = await generateOpenApiDocument({ publicUrl: 'https://console.example.com' });
  ops = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Op })));
}, 60_000);

function walk(node: unknown, visit: (o: Json, at: string) => void, at = '#'): void {
  if (Array.isArray(node)) node.forEach((n, i) => walk(n, visit, `${at}/${i}`));
  else if (node !== null && typeof node === 'object') {
    visit(node as Json, at);
    for (const [k, v] of Object.entries(node)) walk(v, visit, `${at}/${k}`);
  }
}

describe('the OpenAPI document (issue 17 #1)', () => {
  it('is OpenAPI 3.1 with servers taken from PUBLIC_URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://console.example.com' })]);
  });

  it('gives every operation a unique camelCase operationId, a summary, tags and at least one 4xx', () => {
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map((o) => o.op.operationId);
    const missing = ops.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]+$/.test(id ?? ''))).toEqual([]);
    expect(ops.filter((o) => !o.op.summary?.trim()).map((o) => o.op.operationId)).toEqual([]);
    expect(ops.filter((o) => !o.op.tags?.length).map((o) => o.op.operationId)).toEqual([]);
    expect(ops.filter((o) => !Object.keys(o.op.responses ?? {}).some((s) => /^4\d\d$/.test(s))).map((o) => o.op.operationId)).toEqual([]);
  });

  it('says in every description who may call the operation, from the access the route declares', () => {
    expect(ops.filter((o) => !o.op.description?.includes('**Access:**')).map((o) => o.op.operationId)).toEqual([]);
    const byId = new Map(ops.map((o) => [o.op.operationId, o.op.description ?? '']));
    expect(byId.get('sendZnsMessage')).toContain('an API key of the tenant in `x-api-key`');
    expect(byId.get('listApiKeys')).toMatch(/tenant named by `x-tenant-id` with the `\w+` permission/);
    expect(byId.get('getHealth')).toContain('no sign-in needed');
  });

  it('names the spec §7 calls as the SDK expects', () => {
    const byId = new Map(ops.map((o) => [o.op.operationId, `${o.method} ${o.path}`]));
    expect(byId.get('listApiKeys')).toBe('get /api/merchant/api-key');
    expect(byId.get('createApiKey')).toBe('post /api/merchant/api-key');
    expect(byId.get('sendZnsMessage')).toBe('post /api/v1/zns/send');
    expect(byId.get('sendOaMessage')).toBe('post /api/v1/oa/send');
    expect(byId.get('getCampaign')).toBe('get /api/merchant/campaign/{id}');
    expect(byId.get('cancelCampaign')).toBe('put /api/merchant/campaign/cancel/{id}');
  });

  it('documents every 4xx with the shared error shape and its codes, derived from the access', () => {
    for (const { op, method, path } of ops) {
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        if (!/^4\d\d$/.test(status)) continue;
        const schema = (r.content as Record<string, { schema: Json }>)['application/json']?.schema as { required: string[]; properties: { error: { required: string[]; properties: { code: { enum?: string[] } } } } };
        expect(schema?.required, `${method} ${path} ${status}`).toEqual(['error']);
        expect(schema.properties.error.required).toEqual(['code', 'message']);
        expect(typeof r.description).toBe('string');
      }
    }
    const codes = (id: string, status: string) => {
      const o = ops.find((x) => x.op.operationId === id)?.op;
      return ((o?.responses?.[status]?.content as Record<string, { schema: Json }>)['application/json']?.schema as { properties: { error: { properties: { code: { enum: string[] } } } } }).properties.error.properties.code.enum;
    };
    // tenantAccess('VIEW_API_KEYS'): 401 signed out, 403 no permission or no access to the tenant, 400 without x-tenant-id.
    expect(codes('listApiKeys', '401')).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'TOKEN_EXPIRED']));
    expect(codes('listApiKeys', '403')).toEqual(expect.arrayContaining(['FORBIDDEN', 'TENANT_ACCESS_DENIED']));
    expect(codes('listApiKeys', '400')).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'TENANT_REQUIRED']));
    // A path id: 404; a module route: MODULE_NOT_ENABLED.
    expect(codes('getCampaign', '404')).toEqual(['NOT_FOUND']);
    expect(codes('getCampaign', '403')).toContain('MODULE_NOT_ENABLED');
    // A code the route's description names (409 TEMPLATE_NOT_DELETABLE).
    expect(codes('deleteTemplate', '409')).toContain('TEMPLATE_NOT_DELETABLE');
    // An id in the query (a uuid) can name nobody's record: 404. A body-less mutation still refuses a body of another type: 415.
    expect(codes('exportCampaignHistory', '404')).toEqual(['NOT_FOUND']);
    expect(codes('cancelCampaign', '415')).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    // What only the service knows (SERVICE_CODES): the OTP of key actions, Zalo's refusal.
    expect(codes('updateApiKey', '400')).toEqual(expect.arrayContaining(['OTP_REQUIRED', 'OTP_INCORRECT', 'OTP_EXPIRED']));
    expect(codes('createZaloOa', '422')).toContain('ZALO_REJECTED');
    // The public API: 401 API_KEY_INVALID, 429 RATE_LIMITED with Retry-After and RateLimit-*.
    expect(codes('sendZnsMessage', '401')).toEqual(['API_KEY_INVALID']);
    expect(codes('sendZnsMessage', '429')).toEqual(['RATE_LIMITED']);
    const send = ops.find((x) => x.op.operationId === 'sendZnsMessage')?.op;
    expect(Object.keys(send?.responses?.['429']?.headers as Json)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
    expect(Object.keys(send?.responses?.['202']?.headers as Json)).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
  });

  it('has examples for the public send API, request and responses', () => {
    for (const id of ['sendZnsMessage', 'sendOaMessage']) {
      const op = ops.find((x) => x.op.operationId === id)?.op as Op & { requestBody: { content: Record<string, { examples?: Json }> } };
      expect(Object.keys(op.requestBody.content['application/json']?.examples ?? {}).length).toBeGreaterThan(0);
      for (const status of ['202', '401', '429']) expect(Object.keys(((op.responses?.[status]?.content as Record<string, { examples?: Json }>)['application/json']?.examples) ?? {}), `${id} ${status}`).not.toEqual([]);
    }
  });

  it('describes the webhooks we deliver, signed with x-zc-signature', () => {
    const hooks = doc.webhooks as Record<string, { post: { parameters: Array<{ name: string }>; requestBody: { content: Record<string, { schema: Json }> } } }>;
    expect(Object.keys(hooks)).toEqual(expect.arrayContaining(['message.status', 'webhook.test']));
    expect(hooks['message.status']?.post.parameters.map((p) => p.name)).toContain('x-zc-signature');
    expect(hooks['message.status']?.post.requestBody.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/MessageStatusEvent' });
  });

  it('has no `nullable` keyword and no dangling $ref', () => {
    const found: string[] = [];
    const refs: string[] = [];
    walk(doc, (o, at) => {
      if (typeof o.nullable === 'boolean') found.push(at);
      if (typeof o.$ref === 'string') refs.push(o.$ref);
    });
    expect(found).toEqual([]);
    const components = doc.components as Record<string, Record<string, unknown>>;
    expect(refs.filter((r) => { const [, , kind, name] = r.split('/'); return !components[kind ?? '']?.[name ?? '']; })).toEqual([]);
  });
});

describe('the completion helpers', () => {
  it('turns a 3.0 nullable into a 3.1 type union, and leaves a field named nullable alone', () => {
    const s = { type: 'object', properties: { a: { type: 'string', nullable: true }, b: { $ref: '#/x', nullable: true }, nullable: { type: 'boolean' } } };
    fixNullable(s);
    expect(s.properties.a).toEqual({ type: ['string', 'null'] });
    expect(s.properties.b).toEqual({ anyOf: [{ $ref: '#/x' }, { type: 'null' }] });
    expect(s.properties.nullable).toEqual({ type: 'boolean' });
  });

  it('reads the codes and bare statuses a description names', () => {
    expect(codesInText('Deletes a draft. 409 TEMPLATE_NOT_DELETABLE for a submitted one; 404 for another tenant’s.')).toEqual({ codes: ['TEMPLATE_NOT_DELETABLE'], statuses: [409, 404] });
    expect(codesInText('PENDING or SOME_UNKNOWN_WORD')).toEqual({ codes: [], statuses: [] });
  });
});
