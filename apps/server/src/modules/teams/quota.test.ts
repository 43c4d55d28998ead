import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys';
import { messageHistory } from '../../db/schema/messaging';
import { tenants } from '../../db/schema/organisation';
import { teams } from '../../db/schema/teams';
import { wallets } from '../../db/schema/wallets';
import { sha256 } from '../../platform/crypto';
import { buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody, type SendFixture } from '../messaging/test-fixtures';
import { quotaDay, quotaDayStart } from './quota';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A second key of the fixture's OA, in `teamId`. */
async function keyOfTeam(f: SendFixture, teamId: string | null): Promise<string> {
  const secret = `zck_${randomBytes(16).toString('hex')}`;
  await t.database.db.insert(apiKeys).values({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, teamId, name: `key ${secret.slice(-4)}`, keyPrefix: secret.slice(0, 8), secretHash: sha256(secret) });
  return secret;
}

async function team(tenantId: string, name: string, znsDailyQuota: number | null) {
  const [row] = await t.database.db.insert(teams).values({ tenantId, name, znsDailyQuota }).returning();
  if (!row) throw new Error('team');
  return row;
}

const send = (secret: string, f: SendFixture, overrides: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': secret }, payload: znsBody(f, overrides) });

const rowsOf = async (tenantId: string) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(eq(messageHistory.tenantId, tenantId)))[0]?.n ?? 0;

describe('team daily quota on the public send API (issue 11 #6)', () => {
  it('refuses only the exhausted team\'s messages, per message (429 TEAM_QUOTA_EXCEEDED); other teams, keys and tenants send on', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const other = await buildSendFixture(t.database, t.config.appSecret, { merchantId: f.merchantId });
    const sales = await team(f.tenantId, 'Sales', 2);
    const care = await team(f.tenantId, 'Care', 100);
    const open = await team(f.tenantId, 'Open', null);
    const salesKey = await keyOfTeam(f, sales.id);
    const careKey = await keyOfTeam(f, care.id);
    const openKey = await keyOfTeam(f, open.id);
    const otherSales = await team(other.tenantId, 'Sales', 0);
    const otherKey = await keyOfTeam(other, otherSales.id);

    // Concurrent sends through the micro-batcher: Sales (cap 2) and Care (cap 100) in the same batches.
    const results = await Promise.all([...Array.from({ length: 5 }, () => send(salesKey, f)), ...Array.from({ length: 5 }, () => send(careKey, f))]);
    const sales202 = results.slice(0, 5).filter((r) => r.statusCode === 202).length;
    const refused = results.slice(0, 5).filter((r) => r.statusCode === 429);
    expect(sales202).toBe(2);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().error).toMatchObject({ code: 'TEAM_QUOTA_EXCEEDED', details: { teamId: sales.id, module: 'ZNS', limit: 2 } });
    expect(results.slice(5).map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    // A key without a team and a team without a cap are not counted.
    expect((await send(f.secret, f)).statusCode).toBe(202);
    expect((await send(openKey, f)).statusCode).toBe(202);
    // Another tenant's team with a cap of 0 refuses its own message only.
    expect((await send(otherKey, other)).statusCode).toBe(429);
    expect((await send(other.secret, other)).statusCode).toBe(202);
    expect(await rowsOf(f.tenantId)).toBe(2 + 5 + 2);
    expect(await rowsOf(other.tenantId)).toBe(1);

    // The quota answer reads the same counter.
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    await t.database.db.update(tenants).set({ isMultiTeam: true }).where(eq(tenants.id, f.tenantId));
    const s = await loginAs(t.app, owner.email);
    const q = (await t.app.inject({ url: `/api/merchant/team-manager/quota/${sales.id}`, headers: s.headers({ 'x-tenant-id': f.tenantId }) })).json().data;
    expect(q).toMatchObject({ day: quotaDay(), zns: { limit: 2, used: 2, remain: 0 }, tenant: { zns: { used: 9, allocated: 102 } } });

    // Raising the cap lets the team send again at once.
    await t.database.db.update(teams).set({ znsDailyQuota: 3 }).where(eq(teams.id, sales.id));
    expect((await send(salesKey, f)).statusCode).toBe(202);
    expect((await send(salesKey, f)).statusCode).toBe(429);
  });

  it('gives the unit back when the message is not written (wallet refusal) or only replays an earlier one', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 300 });
    const sales = await team(f.tenantId, 'Sales', 2);
    const key = await keyOfTeam(f, sales.id);
    const body = znsBody(f);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': key }, payload: body })).statusCode).toBe(202);
    // The same request again is a replay: not counted.
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': key }, payload: body });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The wallet is empty now: 402, and the unit comes back.
    const broke = await send(key, f);
    expect(broke.statusCode).toBe(402);
    await t.database.db.update(wallets).set({ balance: 10_000 }).where(eq(wallets.id, f.walletId));
    expect((await send(key, f)).statusCode).toBe(202);
    expect((await send(key, f)).statusCode).toBe(429);
    const used = await t.database.raw.query<{ used: number }>('select used from team_daily_usage where team_id = $1', [sales.id]);
    expect(used.rows.map((r) => Number(r.used))).toEqual([2]);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(and(eq(messageHistory.tenantId, f.tenantId)));
    expect(n?.n).toBe(2);
  });

  it('counts the Asia/Ho_Chi_Minh calendar day', () => {
    expect(quotaDay(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(quotaDay(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
    expect(quotaDayStart('2026-03-02').toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });
});
