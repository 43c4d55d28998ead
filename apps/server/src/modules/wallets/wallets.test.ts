import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { walletHeaderDisplay } from '@zc/shared/api/wallet';
import { auditLogs } from '../../db/schema/audit';
import { mailOutbox } from '../../db/schema/mail';
import { notifications } from '../../db/schema/notifications';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
  const outsider = await buildUser(t.database, { merchantId: org.id, role: 'USER' });
  const s = await loginAs(t.app, owner.email);
  const th = () => s.headers({ 'x-tenant-id': tenant.id });
  const update = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/billing/update-tenant-balance', headers: th(), payload });
  const balance = async () => (await t.app.inject({ url: '/api/merchant/billing/tenant-balance', headers: th() })).json().data;
  const counts = async () => {
    const [e] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(walletEntries).innerJoin(wallets, eq(wallets.id, walletEntries.walletId)).where(eq(wallets.tenantId, tenant.id));
    const [a] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    return { entries: e?.n ?? 0, audits: a?.n ?? 0 };
  };
  return { org, tenant, owner, member, outsider, s, th, update, balance, counts };
}

const base = { billingMode: 'PREPAID', billingType: 'ADD', threshold: 0, thresholdNotificationUserIds: [] as string[] };

describe('tenant wallet (§3, §5, §7 Tenants and wallet)', () => {
  it('starts empty and prepaid with the notification toggle on', async () => {
    const { balance, tenant } = await setup();
    expect(await balance()).toMatchObject({ kind: 'tenant', tenantId: tenant.id, balance: 0, threshold: 0, mode: 'PREPAID', receivers: [], isNoti: true, abilities: { update: true } });
  });

  it('tops up through a ledger entry, replaces the settings and records an audit entry', async () => {
    const { update, member, owner, th, tenant } = await setup();
    const res = await update({ ...base, billingBalance: 150_000, threshold: 50_000, thresholdNotificationUserIds: [member.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ balance: 150_000, threshold: 50_000, mode: 'PREPAID', isNoti: true, receivers: [{ id: member.id, email: member.email, displayName: member.displayName }] });
    const hist = await t.app.inject({ url: '/api/merchant/billing/tenant-balance-history', headers: th() });
    expect(hist.json()).toMatchObject({ meta: { total: 1, page: 1, size: 10 }, data: [{ type: 'ADD', value: 150_000, newBalance: 150_000, reason: 'TOPUP', createdBy: { id: owner.id, email: owner.email } }] });
    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenant.id), eq(auditLogs.action, 'WALLET_UPDATE_TENANT_BALANCE')));
    expect(audit?.before).toMatchObject({ balance: 0 });
    expect(audit?.after).toMatchObject({ balance: 150_000, entry: { type: 'ADD', value: 150_000, newBalance: 150_000 } });
  });

  it('ignores a balance in the request: the amount is applied, never set', async () => {
    const { update } = await setup();
    await update({ ...base, billingBalance: 100 });
    const res = await update({ ...base, billingBalance: 100 });
    expect(res.json().data.balance).toBe(200);
  });

  it('refuses a SUB above the balance with 400 on billingBalance and writes nothing', async () => {
    const { update, counts, balance, member } = await setup();
    await update({ ...base, billingBalance: 1000 });
    const before = await counts();
    const res = await update({ ...base, billingType: 'SUB', billingBalance: 1001, billingMode: 'POSTPAID', threshold: 5, thresholdNotificationUserIds: [member.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('billingBalance');
    expect(await counts()).toEqual(before);
    expect(await balance()).toMatchObject({ balance: 1000, mode: 'PREPAID', threshold: 0, receivers: [] });
    const ok = await update({ ...base, billingType: 'SUB', billingBalance: 1000 });
    expect(ok.json().data.balance).toBe(0);
  });

  it('serialises concurrent subtractions under the wallet lock: never below zero, one of two overdrafts refused', async () => {
    const { update, balance, th } = await setup();
    await update({ ...base, billingBalance: 1000 });
    const results = await Promise.all([update({ ...base, billingType: 'SUB', billingBalance: 600 }), update({ ...base, billingType: 'SUB', billingBalance: 600 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await balance()).balance).toBe(400);
    const hist = await t.app.inject({ url: '/api/merchant/billing/tenant-balance-history?type=SUB', headers: th() });
    expect(hist.json().meta.total).toBe(1);
  });

  it('refuses receivers outside the tenant (another organisation, or not a tenant member) and writes nothing', async () => {
    const { update, counts, outsider } = await setup();
    const other = await buildOrganisation(t.database);
    const stranger = await buildUser(t.database, { merchantId: other.id, role: 'OWNER' });
    const before = await counts();
    for (const id of [outsider.id, stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await update({ ...base, billingBalance: 10, thresholdNotificationUserIds: [id] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].path).toBe('thresholdNotificationUserIds');
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with field details for negative amounts, bad enums and unknown fields', async () => {
    const { update, counts } = await setup();
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, billingBalance: -1 }, 'body.billingBalance'],
      [{ ...base, billingBalance: 1, threshold: -5 }, 'body.threshold'],
      [{ ...base, billingBalance: 1.5 }, 'body.billingBalance'],
      [{ ...base, billingBalance: 1, billingMode: 'FREE' }, 'body.billingMode'],
      [{ ...base, billingBalance: 1, billingType: 'SET' }, 'body.billingType'],
      [{ ...base, billingBalance: 1, balance: 5 }, 'body.balance'],
      [{ ...base, billingBalance: 1, isNoti: false }, 'body.isNoti'],
    ];
    for (const [payload, path] of cases) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await counts()).toEqual(before);
  });

  it('alerts the receivers once per downward crossing (in-app notification + mail)', async () => {
    const { update, member } = await setup();
    // The alert is a handler of wallet.threshold_crossed, run after commit by the worker's dispatcher.
    const alerts = async () => {
      await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
      return (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.type, 'WALLET_LOW_BALANCE')))).length;
    };
    const mails = async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email))).length;
    // The dispatcher takes an event once every older transaction of the server has ended (ADR 0007); on a
    // shared PostgreSQL another database's open transaction may hold it back for a moment, so passes repeat.
    const settle = { timeout: 5_000, interval: 100 };
    const cfg = { ...base, threshold: 500, thresholdNotificationUserIds: [member.id] };
    await update({ ...cfg, billingBalance: 1000 });
    await expect.poll(alerts, settle).toBe(0);
    await update({ ...cfg, billingType: 'SUB', billingBalance: 600 });
    await expect.poll(alerts, settle).toBe(1);
    await expect.poll(mails, settle).toBe(1);
    await update({ ...cfg, billingType: 'SUB', billingBalance: 100 });
    await expect.poll(alerts, settle).toBe(1);
    await update({ ...cfg, billingBalance: 1000 });
    await update({ ...cfg, billingType: 'SUB', billingBalance: 1000 });
    await expect.poll(alerts, settle).toBe(2);
    // Raising the threshold above the balance is a crossing too, even without an amount.
    await update({ ...cfg, billingBalance: 2000 });
    await update({ ...cfg, billingBalance: 0, threshold: 5000 });
    await expect.poll(alerts, settle).toBe(3);
  });

  it('pages, filters by type and orders the history by createdAt', async () => {
    const { update, th } = await setup();
    for (const [type, v] of [['ADD', 100], ['ADD', 200], ['SUB', 50], ['ADD', 300]] as const) {
      await update({ ...base, billingType: type, billingBalance: v });
    }
    const get = (q: string) => t.app.inject({ url: `/api/merchant/billing/tenant-balance-history?${q}`, headers: th() }).then((r) => r.json());
    const asc = await get('orderBy=createdAt=asc&size=2&page=1');
    expect(asc.meta.total).toBe(4);
    expect(asc.data.map((e: { value: number }) => e.value)).toEqual([100, 200]);
    const desc = await get('orderBy=createdAt=desc&size=10');
    expect(desc.data.map((e: { newBalance: number }) => e.newBalance)).toEqual([550, 250, 300, 100]);
    const subs = await get('type=SUB');
    expect(subs.meta.total).toBe(1);
    expect(subs.data[0]).toMatchObject({ type: 'SUB', value: 50, reason: 'ADJUST' });
    const bad = await t.app.inject({ url: '/api/merchant/billing/tenant-balance-history?orderBy=value=asc', headers: th() });
    expect(bad.statusCode).toBe(400);
  });

  it('lists available receivers of a tenant and answers 404 for a foreign tenant', async () => {
    const { s, org, tenant, owner, member, outsider } = await setup();
    const res = await t.app.inject({ url: `/api/merchant/billing/available-tenant-receiver/${tenant.id}`, headers: s.headers({ 'x-merchant-id': org.id }) });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([owner.id, member.id]));
    expect(ids).not.toContain(outsider.id);
    const foreignOrg = await buildOrganisation(t.database);
    const foreign = await buildTenant(t.database, foreignOrg.id);
    const nf = await t.app.inject({ url: `/api/merchant/billing/available-tenant-receiver/${foreign.id}`, headers: s.headers({ 'x-merchant-id': org.id }) });
    expect(nf.statusCode).toBe(404);
  });

  it('answers 403 without the wallet permissions and for a foreign tenant header', async () => {
    const { org, tenant, update } = await setup();
    await update({ ...base, billingBalance: 10 });
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const user = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, mod.email);
    const us = await loginAs(t.app, user.email);
    // MODERATOR may view but not edit: the wallet says so (abilities) and the edit answers 403.
    const viewed = await t.app.inject({ url: '/api/merchant/billing/tenant-balance', headers: ms.headers({ 'x-tenant-id': tenant.id }) });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().data.abilities).toEqual({ update: false });
    const edit = await t.app.inject({ method: 'POST', url: '/api/merchant/billing/update-tenant-balance', headers: ms.headers({ 'x-tenant-id': tenant.id }), payload: { ...base, billingBalance: 1 } });
    expect(edit.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/merchant/billing/available-tenant-receiver/${tenant.id}`, headers: ms.headers({ 'x-merchant-id': org.id }) })).statusCode).toBe(403);
    // USER holds neither the tenant nor the organisation wallet permission.
    expect((await t.app.inject({ url: '/api/merchant/billing/tenant-balance', headers: us.headers({ 'x-tenant-id': tenant.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/billing/tenant-balance-history', headers: us.headers({ 'x-tenant-id': tenant.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/billing/merchant-balance', headers: us.headers({ 'x-merchant-id': org.id }) })).statusCode).toBe(403);
    // An owner of another organisation cannot edit this tenant's wallet.
    const otherOrg = await buildOrganisation(t.database);
    const otherOwner = await buildUser(t.database, { merchantId: otherOrg.id, role: 'OWNER' });
    const os = await loginAs(t.app, otherOwner.email);
    const forged = await t.app.inject({ method: 'POST', url: '/api/merchant/billing/update-tenant-balance', headers: os.headers({ 'x-tenant-id': tenant.id }), payload: { ...base, billingBalance: 1 } });
    expect(forged.statusCode).toBe(403);
    const [w] = await t.database.db.select().from(wallets).where(eq(wallets.tenantId, tenant.id));
    expect(w?.balance).toBe(10);
  });
});

describe('merchant wallet', () => {
  it('answers the organisation wallet and its history in the same shapes', async () => {
    const { s, org } = await setup();
    const res = await t.app.inject({ url: '/api/merchant/billing/merchant-balance', headers: s.headers({ 'x-merchant-id': org.id }) });
    expect(res.statusCode).toBe(200);
    // No edit exists for the organisation's own wallet, even for its owner.
    expect(res.json().data).toMatchObject({ kind: 'merchant', merchantId: org.id, tenantId: null, balance: 0, mode: 'PREPAID', receivers: [], isNoti: true, abilities: { update: false } });
    const hist = await t.app.inject({ url: '/api/merchant/billing/merchant-balance-history?type=ADD&orderBy=createdAt=asc', headers: s.headers({ 'x-merchant-id': org.id }) });
    expect(hist.json()).toEqual({ data: [], meta: { total: 0, page: 1, size: 10 } });
  });

  it('shows unlimited in the header for postpaid and the balance for prepaid (§2.2)', () => {
    expect(walletHeaderDisplay({ mode: 'POSTPAID', balance: 5 })).toEqual({ kind: 'unlimited' });
    expect(walletHeaderDisplay({ mode: 'PREPAID', balance: 5 })).toEqual({ kind: 'balance', balance: 5 });
  });
});
