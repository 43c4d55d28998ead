import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys';
import { auditLogs } from '../../db/schema/audit';
import { otpCodes } from '../../db/schema/auth';
import { teams } from '../../db/schema/teams';
import { mailOutbox } from '../../db/schema/mail';
import { zaloOas } from '../../db/schema/zalo-oa';
import { sha256 } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { findActiveApiKeyBySecret } from './repo';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let oaCounter = 0;
async function buildOa(tenantId: string, name = 'OA Shop') {
  oaCounter += 1;
  const [oa] = await t.database.db
    .insert(zaloOas)
    .values({ tenantId, name, avatar: 'https://example.vn/a.png', zappId: 'app', zoaId: `zoa-${Date.now()}-${oaCounter}`, secretKeyEnc: 'x', webhookSecretEnc: 'x', accessTokenEnc: 'x', refreshTokenEnc: 'x' })
    .returning();
  if (!oa) throw new Error('oa');
  return oa;
}

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const oa = await buildOa(tenant.id);
  const h = () => s.headers({ 'x-tenant-id': tenant.id });
  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: h(), payload });
  const list = (q = '') => t.app.inject({ url: `/api/merchant/api-key${q}`, headers: h() });
  const code = async () => {
    // The 5 s re-request guard is a UI rule; tests step past it instead of sleeping.
    await t.database.db.update(otpCodes).set({ lastSentAt: new Date(Date.now() - 10_000) }).where(eq(otpCodes.userId, owner.id));
    const gen = await t.app.inject({ method: 'POST', url: '/api/merchant/otp/generate', headers: h(), payload: { purpose: 'API_KEY' } });
    expect(gen.statusCode, gen.body).toBe(200);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)).orderBy(desc(mailOutbox.createdAt));
    return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
  };
  const act = (id: string, type: string, otp?: string) => t.app.inject({ method: 'POST', url: `/api/merchant/api-key/${id}/${type}`, headers: h(), payload: { service: 'ZNS', ...(otp === undefined ? {} : { otp }) } });
  const remove = (id: string, otp?: string) => t.app.inject({ method: 'DELETE', url: `/api/merchant/api-key/${id}`, headers: h(), payload: { service: 'ZNS', ...(otp === undefined ? {} : { otp }) } });
  return { org, tenant, owner, s, oa, h, create, list, code, act, remove };
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('API keys: create and list (§7 API keys)', () => {
  it('answers the secret once, stores only its SHA-256 and a display prefix, and never shows it again', async () => {
    const { create, list, oa, tenant } = await setup();
    const res = await create({ name: 'Shop backend', zaloOAId: oa.id, service: 'ZNS' });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().data;
    expect(key.secret).toMatch(/^zc_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Shop backend', zaloOAId: oa.id, zaloOA: { id: oa.id, name: 'OA Shop', zaloOAvatar: 'https://example.vn/a.png' }, status: 'ACTIVE', service: 'ZNS', keyPrefix: key.secret.slice(0, 12), lastUsedAt: null });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(sha256(key.secret));
    const listed = await list();
    expect(listed.json().meta.total).toBe(1);
    expect(listed.body).not.toContain(key.secret);
    expect(listed.body).not.toContain(row?.secretHash);
    expect(listed.json().data[0]).not.toHaveProperty('secret');
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    expect(audits.map((a) => a.action)).toContain('API_KEY_CREATE');
    expect(JSON.stringify(audits)).not.toContain(key.secret);
    expect(JSON.stringify(audits)).not.toContain(row?.secretHash);
    expect(await findActiveApiKeyBySecret(t.database.db, key.secret)).toEqual({ id: key.id, tenantId: tenant.id, zaloOaId: oa.id, status: 'ACTIVE' });
    expect(await findActiveApiKeyBySecret(t.database.db, `${key.secret}x`)).toBeNull();
  });

  it('refuses an OA of another tenant (400 on zaloOAId), bad input (400) and writes nothing', async () => {
    const { create, org } = await setup();
    const other = await buildTenant(t.database, org.id);
    const foreignOa = await buildOa(other.id);
    const res = await create({ name: 'x', zaloOAId: foreignOa.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('zaloOAId');
    for (const payload of [{ name: '', zaloOAId: foreignOa.id }, { name: 'x', zaloOAId: 'nope' }, { name: 'x', zaloOAId: foreignOa.id, service: 'SMS' }, { name: 'x', zaloOAId: foreignOa.id, secret: 'mine' }]) {
      const bad = await create(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.details.fields.length).toBeGreaterThan(0);
    }
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(eq(apiKeys.zaloOaId, foreignOa.id));
    expect(n?.n).toBe(0);
  });

  it('filters by zaloOAIds, status and teamIds, orders and pages', async () => {
    const { create, list, oa, tenant, act, code } = await setup();
    const oa2 = await buildOa(tenant.id, 'OA Two');
    const [teamRow] = await t.database.db.insert(teams).values({ tenantId: tenant.id, name: 'Sales' }).returning();
    const team = teamRow?.id ?? '';
    const a = (await create({ name: 'b-key', zaloOAId: oa.id })).json().data;
    await create({ name: 'a-key', zaloOAId: oa2.id, teamId: team });
    await create({ name: 'c-key', zaloOAId: oa2.id });
    expect((await act(a.id, 'INACTIVE', await code())).statusCode).toBe(200);
    const names = async (q: string) => (await list(q)).json().data.map((k: { name: string }) => k.name);
    expect(await names('?orderBy=name=asc')).toEqual(['a-key', 'b-key', 'c-key']);
    expect(await names(`?zaloOAIds=${oa2.id}&orderBy=name=desc`)).toEqual(['c-key', 'a-key']);
    expect(await names(`?zaloOAIds=${oa.id},${oa2.id}&status=INACTIVE`)).toEqual(['b-key']);
    expect(await names(`?teamIds=${team}&service=ZNS`)).toEqual(['a-key']);
    const page2 = (await list('?orderBy=name=asc&page=2&size=2')).json();
    expect(page2.meta).toEqual({ total: 3, page: 2, size: 2 });
    expect(page2.data.map((k: { name: string }) => k.name)).toEqual(['c-key']);
    expect((await list('?zaloOAIds=abc')).statusCode).toBe(400);
    expect((await list('?status=DELETED')).statusCode).toBe(400);
  });
});

describe('API keys: the §5 team rule (issue 11 #6)', () => {
  it('requires a team once the tenant has several (400 TEAM_REQUIRED on teamId), refuses another tenant\'s team, filters by team', async () => {
    const { create, list, oa, tenant, org } = await setup();
    expect((await create({ name: 'no teams yet', zaloOAId: oa.id })).statusCode).toBe(200);
    const [one] = await t.database.db.insert(teams).values({ tenantId: tenant.id, name: 'Default', isDefault: true }).returning();
    expect((await create({ name: 'one team', zaloOAId: oa.id })).statusCode).toBe(200);
    const [two] = await t.database.db.insert(teams).values({ tenantId: tenant.id, name: 'Sales' }).returning();
    const missing = await create({ name: 'no team', zaloOAId: oa.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('TEAM_REQUIRED');
    expect(missing.json().error.details.fields[0].path).toBe('teamId');
    const other = await buildTenant(t.database, org.id);
    const [foreign] = await t.database.db.insert(teams).values({ tenantId: other.id, name: 'Theirs' }).returning();
    const wrong = await create({ name: 'foreign team', zaloOAId: oa.id, teamId: foreign?.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].path).toBe('teamId');
    const ok = await create({ name: 'sales key', zaloOAId: oa.id, teamId: two?.id });
    expect(ok.json().data.teamId).toBe(two?.id);
    expect((await list(`?teamIds=${two?.id}`)).json().data.map((k: { name: string }) => k.name)).toEqual(['sales key']);
    expect((await list(`?teamIds=${one?.id}`)).json().data).toEqual([]);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(eq(apiKeys.tenantId, tenant.id));
    expect(n?.n).toBe(3);
  });
});

describe('API keys: OTP-confirmed actions (§4 OTP dialog, §8 texts)', () => {
  it('answers OTP is required / OTP is incorrect (committing the attempt) and changes nothing', async () => {
    const { create, oa, act, code, owner, tenant } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const right = await code();
    const none = await act(key.id, 'INACTIVE');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('OTP is required');
    const wrong = await act(key.id, 'INACTIVE', wrongOf(right));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('OTP is incorrect');
    const [otpRow] = await t.database.db.select().from(otpCodes).where(and(eq(otpCodes.userId, owner.id), eq(otpCodes.purpose, 'API_KEY')));
    expect(otpRow?.attempts).toBe(1);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.status).toBe('ACTIVE');
    const updates = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenant.id), eq(auditLogs.action, 'API_KEY_UPDATE')));
    expect(updates).toHaveLength(0);
    expect((await act(key.id, 'INACTIVE', right)).json().data.status).toBe('INACTIVE');
  });

  it('deactivates and reactivates; an inactive key no longer authenticates', async () => {
    const { create, oa, act, code } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const off = await act(key.id, 'INACTIVE', await code());
    expect(off.json().data).toMatchObject({ id: key.id, status: 'INACTIVE' });
    expect(off.json().data).not.toHaveProperty('secret');
    expect(await findActiveApiKeyBySecret(t.database.db, key.secret)).toBeNull();
    const on = await act(key.id, 'ACTIVE', await code());
    expect(on.json().data.status).toBe('ACTIVE');
    expect(await findActiveApiKeyBySecret(t.database.db, key.secret)).not.toBeNull();
  });

  it('rotates: answers a new secret once, the old one stops at once, audit holds neither', async () => {
    const { create, oa, act, code, list, tenant } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const res = await act(key.id, 'ROTATE', await code());
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json().data;
    expect(rotated.secret).toMatch(/^zc_live_/);
    expect(rotated.secret).not.toBe(key.secret);
    expect(rotated.keyPrefix).toBe(rotated.secret.slice(0, 12));
    expect(await findActiveApiKeyBySecret(t.database.db, key.secret)).toBeNull();
    expect((await findActiveApiKeyBySecret(t.database.db, rotated.secret))?.id).toBe(key.id);
    expect((await list()).body).not.toContain(rotated.secret);
    const audits = JSON.stringify(await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id)));
    expect(audits).not.toContain(rotated.secret);
    expect(audits).not.toContain(sha256(rotated.secret));
    expect(audits).toContain('ROTATE');
  });

  it('deletes with an OTP; refuses without one', async () => {
    const { create, oa, remove, code } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    expect((await remove(key.id)).json().error.code).toBe('OTP_REQUIRED');
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toHaveLength(1);
    const res = await remove(key.id, await code());
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toHaveLength(0);
    expect(await findActiveApiKeyBySecret(t.database.db, key.secret)).toBeNull();
  });

  it('locks out after 5 wrong OTPs with the §8 message', async () => {
    const { create, oa, act, code } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const right = await code();
    for (let i = 0; i < 4; i += 1) expect((await act(key.id, 'ROTATE', wrongOf(right))).json().error.code).toBe('OTP_INCORRECT');
    const fifth = await act(key.id, 'ROTATE', wrongOf(right));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toMatch(/^You have reached the maximum number of OTP attempts\. Please try again after \d+$/);
    expect((await act(key.id, 'ROTATE', right)).json().error.code).toBe('OTP_MAX_ATTEMPTS');
  });

  it('answers 404 for another tenant’s key without spending an OTP attempt, 400 for a bad type', async () => {
    const { act, remove, code, owner, org } = await setup();
    const otherTenant = await buildTenant(t.database, org.id);
    const otherOa = await buildOa(otherTenant.id);
    const otherOwner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const os = await loginAs(t.app, otherOwner.email);
    const foreign = (await t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: os.headers({ 'x-tenant-id': otherTenant.id }), payload: { name: 'f', zaloOAId: otherOa.id } })).json().data;
    const right = await code();
    expect((await act(foreign.id, 'INACTIVE', wrongOf(right))).statusCode).toBe(404);
    expect((await act(foreign.id, 'ROTATE', right)).statusCode).toBe(404);
    expect((await remove(foreign.id, right)).statusCode).toBe(404);
    const [otpRow] = await t.database.db.select().from(otpCodes).where(and(eq(otpCodes.userId, owner.id), eq(otpCodes.purpose, 'API_KEY')));
    expect(otpRow?.attempts).toBe(0);
    expect((await act(foreign.id, 'DELETE', right)).statusCode).toBe(400);
    const [still] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, foreign.id));
    expect(still?.status).toBe('ACTIVE');
  });

  it('answers 403 without the API key permissions', async () => {
    const { org, tenant, oa, create } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const user = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, mod.email);
    const us = await loginAs(t.app, user.email);
    const mh = ms.headers({ 'x-tenant-id': tenant.id });
    expect((await t.app.inject({ url: '/api/merchant/api-key', headers: mh })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: mh, payload: { name: 'x', zaloOAId: oa.id } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/api-key/${key.id}/INACTIVE`, headers: mh, payload: { service: 'ZNS', otp: '123456' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/api-key/${key.id}`, headers: mh, payload: { service: 'ZNS', otp: '123456' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/api-key', headers: us.headers({ 'x-tenant-id': tenant.id }) })).statusCode).toBe(403);
  });
});

describe('API keys: abilities (issue 10 #5) — the API refuses what a row says is not allowed', () => {
  it('answers toggle/rotate/delete per permission, and a moderator (all false) is refused each', async () => {
    const { org, tenant, oa, create, list } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    expect(key.abilities).toEqual({ toggle: true, rotate: true, delete: true });
    expect((await list()).json().data[0].abilities).toEqual({ toggle: true, rotate: true, delete: true });
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const mh = (await loginAs(t.app, mod.email)).headers({ 'x-tenant-id': tenant.id });
    const seen = (await t.app.inject({ url: '/api/merchant/api-key', headers: mh })).json().data[0];
    expect(seen.abilities).toEqual({ toggle: false, rotate: false, delete: false });
    for (const type of ['INACTIVE', 'ROTATE']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/merchant/api-key/${key.id}/${type}`, headers: mh, payload: { service: 'ZNS', otp: '123456' } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/api-key/${key.id}`, headers: mh, payload: { service: 'ZNS', otp: '123456' } })).statusCode).toBe(403);
  });

  it('toggles only to the other status: setting the status a key has answers 409 before spending an OTP attempt', async () => {
    const { create, oa, act, code, owner, list } = await setup();
    const key = (await create({ name: 'k', zaloOAId: oa.id })).json().data;
    const right = await code();
    const same = await act(key.id, 'ACTIVE', right);
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().error.code).toBe('CONFLICT');
    const [otpRow] = await t.database.db.select().from(otpCodes).where(and(eq(otpCodes.userId, owner.id), eq(otpCodes.purpose, 'API_KEY')));
    expect(otpRow?.attempts).toBe(0);
    const off = await act(key.id, 'INACTIVE', right);
    expect(off.json().data).toMatchObject({ status: 'INACTIVE', abilities: { toggle: true, rotate: true, delete: true } });
    expect((await act(key.id, 'INACTIVE', await code())).statusCode).toBe(409);
    expect((await list()).json().data[0].status).toBe('INACTIVE');
  });
});
