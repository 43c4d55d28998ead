import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { createSandbox } from '@zc/zalo-sandbox/sandbox';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { merchantMembers, tenants } from '../db/schema/organisation';
import { znsTemplates } from '../db/schema/templates';
import { zmaApps } from '../db/schema/zma';
import { tenantMembers } from '../db/schema/user-groups';
import type { SendFixture } from '../modules/messaging/test-fixtures';
import { buildSandboxSendFixture } from '../modules/messaging/sandbox-fixture';
import { createCipher } from '../platform/crypto';
import { createTokenSigner } from '../platform/tokens';
import { buildUser, createTestApp, loginAs, type Session, type TestContext } from './helpers';
import {
  buildCases,
  createRng,
  createRotation,
  judge,
  listOperations,
  multipartFieldsFromDescription,
  seededUuid,
  type FuzzRequest,
  type OpenApiDoc,
  type OperationRef,
  type Schema,
} from './openapi-fuzz';

/**
 * Issue 8: every operation of the generated OpenAPI document answers hostile input with a 4xx in
 * the one error shape — never a 5xx, a stack trace, SQL, a server path or runtime error text.
 * The cases come from the document, so a new route is fuzzed the day it is added.
 * FUZZ_ONLY=<regex on "METHOD /path"> narrows a local run to some operations while debugging.
 */

const SEED = 0x5eed_0008;
const CONCURRENCY = 12;

/** Operations whose side effects would spoil the rest of the run: sent last, one at a time, with the session restored after each. */
const DESTRUCTIVE = /^DELETE |logout|change-password|remove-user|\/leave|tenant-service|rotate|revoke|invitation\/(?:accept|decline)/;

let sb: RunningSandbox;
let t: TestContext;
let f: SendFixture;
let receiver: Server;
let owner: { id: string; email: string };
let staff: { id: string };
let session: Session;
let webhookId: string;
let templateRowId: string;
/** A mini app of the tenant, sent as x-zma-id with the owner's headers so the /api/zma/merchant routes reach their handlers. */
let zmaAppId: string;

beforeAll(async () => {
  // A few followers keep every accepted follower sync to one short page (the seed has 300).
  const sandbox = createSandbox({ oaRateLimitPerMinute: 1_000_000 });
  const followers = sandbox.state.users.get(SANDBOX_OA_ID);
  for (const id of [...(followers?.keys() ?? [])].slice(5)) followers?.delete(id);
  sb = await startSandboxServer({ sandbox });
  t = await createTestApp({ webhookAllowPrivateTargets: true, zaloOaRatePerMinute: 1_000_000 }, { zaloHosts: sb.hosts });
  f = await buildSandboxSendFixture(t.database, t.config.appSecret, 1_000_000);
  await enableAllServices();
  owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER', tenantIds: [f.tenantId] });
  staff = await buildUser(t.database, { merchantId: f.merchantId, role: 'USER', tenantIds: [f.tenantId] });
  session = await loginAs(t.app, owner.email);
  const [zma] = await t.database.db
    .insert(zmaApps)
    .values({ tenantId: f.tenantId, name: 'Fuzz mini app', zaloAppId: '90000000000001', appSecretEnc: createCipher(t.config.appSecret).encrypt('fuzz-app-secret') })
    .returning({ id: zmaApps.id });
  zmaAppId = zma?.id ?? '';
  receiver = createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/merchant/webhook',
    headers: ownerHeaders(),
    payload: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['message.status'] },
  });
  expect(hook.statusCode, hook.body).toBe(200);
  webhookId = (hook.json() as { data: { id: string } }).data.id;
  const [tpl] = await t.database.db.select({ id: znsTemplates.id }).from(znsTemplates).where(eq(znsTemplates.tenantId, f.tenantId));
  templateRowId = tpl?.id ?? '';
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sb?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function enableAllServices() {
  await t.database.db.update(tenants).set({ oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true }).where(eq(tenants.id, f.tenantId));
}

function ownerHeaders(): Record<string, string> {
  return session.headers({ 'x-tenant-id': f.tenantId, 'x-merchant-id': f.merchantId, 'x-zma-id': zmaAppId });
}

/** Puts back what a destructive case may have changed: memberships, the tenant's services, the session. */
async function restore() {
  const { db } = t.database;
  await db.insert(merchantMembers).values({ merchantId: f.merchantId, userId: owner.id, role: 'OWNER' }).onConflictDoUpdate({ target: [merchantMembers.merchantId, merchantMembers.userId], set: { role: 'OWNER' } });
  await db.insert(merchantMembers).values({ merchantId: f.merchantId, userId: staff.id, role: 'USER' }).onConflictDoNothing();
  await db.insert(tenantMembers).values([{ tenantId: f.tenantId, userId: owner.id, userGroupId: f.tenant.defaultGroupId }, { tenantId: f.tenantId, userId: staff.id, userGroupId: f.tenant.defaultGroupId }]).onConflictDoNothing();
  await enableAllServices();
  const me = await t.app.inject({ url: '/api/auth', headers: ownerHeaders() });
  if (me.statusCode === 401) session = await loginAs(t.app, owner.email);
}

/** Real ids for body fields and query parameters named after a fixture's resource. */
function idFor(name: string): string | undefined {
  const ids: Record<string, string> = {
    zaloOAId: f.zaloOaId,
    zaloOaId: f.zaloOaId,
    oaId: f.zaloOaId,
    apiKeyId: f.apiKeyId,
    templateId: f.templateId,
    userId: staff.id,
    tenantId: f.tenantId,
    merchantId: f.merchantId,
    thresholdNotificationUserId: staff.id,
    userGroupId: f.tenant.adminGroupId,
    zmaAppId,
  };
  return ids[name];
}

/** Path ids the fixture can supply, so requests reach the handlers rather than a 404 for a missing row. */
function pathValue(rng: () => number) {
  return (path: string, name: string, schema: Schema | undefined): string => {
    const rules: Array<[RegExp, string]> = [
      [/^\/api\/merchant\/merchant\/\{id\}$/, f.merchantId],
      [/\/merchant\/tenant\/\{id\}$|\/tenant\/\{id\}$|available-tenant-receiver/, f.tenantId],
      [/\/user-group\//, f.tenant.adminGroupId],
      [/update-user-info/, staff.id],
      [/\/zalo-oa\/\{id\}/, f.zaloOaId],
      [/\/template\/(?:preview\/)?\{id\}$/, templateRowId],
      [/\/api-key\/\{id\}/, f.apiKeyId],
      [/\/webhook\/\{id\}/, webhookId],
      [/\/files\/\{key\}/, 'fuzz.png'],
    ];
    if (schema?.enum?.length) return String(schema.enum[0]);
    if (name === 'id' || name === 'key') for (const [re, value] of rules) if (re.test(path)) return value;
    return idFor(name) ?? seededUuid(rng);
  };
}

/** Validly signed access tokens whose claims name nothing, or nothing a uuid column can hold. */
async function signedTokens(rng: () => number): Promise<Array<[string, string]>> {
  const signer = createTokenSigner(t.config.appSecret, 600);
  return [
    ['signed, non-uuid sid and sub', await signer.sign({ sub: 'not-a-uuid', sid: 'not-a-uuid' })],
    ['signed, sql in sid', await signer.sign({ sub: owner.id, sid: "' OR '1'='1" })],
    ['signed, NUL in sid', await signer.sign({ sub: owner.id, sid: 'a\u0000b' })],
    ['signed, session of nothing', await signer.sign({ sub: owner.id, sid: seededUuid(rng) })],
  ];
}

interface Outcome {
  req: FuzzRequest;
  status: number;
  problem: string | null;
  body: string;
}

async function send(req: FuzzRequest): Promise<Outcome> {
  const callerHeaders: Record<string, string> = req.caller === 'anon' ? {} : apiKeyOp.has(req.op) ? { 'x-api-key': f.secret } : ownerHeaders();
  const headers: Record<string, string> = { ...callerHeaders };
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === null) delete headers[k];
    else headers[k] = v;
  }
  const res = await t.app.inject({ method: req.method, url: req.url, headers, payload: req.payload });
  const contentType = res.headers['content-type'];
  return { req, status: res.statusCode, body: res.body, problem: judge(req, res.statusCode, res.body, typeof contentType === 'string' ? contentType : undefined) };
}

/** At most CONCURRENCY requests in flight; a slow case (a follower sync) holds one lane, not a whole chunk. */
async function runPool(reqs: FuzzRequest[], out: Outcome[]) {
  let next = 0;
  const lane = async () => {
    while (next < reqs.length) {
      const req = reqs[next++] as FuzzRequest;
      out.push(await send(req));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
}

const apiKeyOp = new Set<string>();

describe('OpenAPI fuzz (issue 8)', () => {
  it('answers every hostile request to every documented operation without a 5xx or leaked internals', async () => {
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    const docRes = await t.app.inject({ url: '/api/docs/json' });
    expect(docRes.statusCode).toBe(200);
    const doc = docRes.json() as OpenApiDoc;
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
    const ops = listOperations(doc).filter((r) => !only || only.test(r.op));
    expect(ops.length).toBeGreaterThan(0);

    const rng = createRng(SEED);
    const options = {
      rng,
      rotate: createRotation(),
      ctx: { rng, idFor },
      pathValue: pathValue(rng),
      multipartFields: (ref: OperationRef) => multipartFieldsFromDescription(ref.operation.description),
      signedTokens: await signedTokens(rng),
    };
    for (const ref of ops) if ((ref.operation.security ?? []).some((s) => 'apiKey' in s)) apiKeyOp.add(ref.op);

    const safe = ops.filter((r) => !DESTRUCTIVE.test(r.op));
    const destructive = ops.filter((r) => DESTRUCTIVE.test(r.op)).sort((a, b) => Number(/logout/.test(a.op)) - Number(/logout/.test(b.op)));
    const outcomes: Outcome[] = [];
    await runPool(safe.flatMap((r) => buildCases(r, options)), outcomes);
    for (const ref of destructive) {
      await restore();
      await runPool(buildCases(ref, options), outcomes);
    }
    await restore();

    const perOp = new Map<string, number>(ops.map((r) => [r.op, 0]));
    for (const o of outcomes) perOp.set(o.req.op, (perOp.get(o.req.op) ?? 0) + 1);
    const uncovered = [...perOp].filter(([, n]) => n === 0).map(([op]) => op);

    const statuses: Record<string, number> = {};
    for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    console.info(`openapi fuzz: ${outcomes.length} requests over ${ops.length} operations in ${seconds} s (${cpuSeconds} s CPU); statuses ${JSON.stringify(statuses)}`);

    const problems = outcomes
      .filter((o) => o.problem)
      .map((o) => `${o.req.op} | ${o.req.label} → ${o.problem}: ${o.body.slice(0, 160).replace(/\s+/g, ' ')}`);
    expect(uncovered, 'operations without a single case').toEqual([]);
    expect(problems).toEqual([]);
  }, 300_000);
});
