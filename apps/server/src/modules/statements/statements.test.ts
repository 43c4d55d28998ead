import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Statement } from '@zc/shared/api/statements';
import { auditLogs } from '../../db/schema/audit';
import { tenants } from '../../db/schema/organisation';
import { statements } from '../../db/schema/statements';
import { walletEntries } from '../../db/schema/wallets';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { chargeMessage, ensureTenantWallet, recordTopUp, refundMessage } from '../wallets/service';
import { statementPdf } from './documents';
import { pdfTextCandidates } from './pdf-text';
import { generateStatements, runMonthEndStatements } from './service';
import { insertMessage, lastDay, localTime, monthsAgo, nextPeriod, stampRecent } from './test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const VN = 7 * 60;
const PERIOD = monthsAgo(3);
const NEXT = nextPeriod(PERIOD);

async function setup(timeZone?: string) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  if (timeZone) await t.database.db.update(tenants).set({ timeZone }).where(eq(tenants.id, tenant.id));
  const wallet = await ensureTenantWallet(t.database.db, tenant.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const mh = () => s.headers({ 'x-merchant-id': org.id });
  return { org, tenant, wallet, owner, s, mh };
}

const db = () => t.database.db;

async function topUp(walletId: string, amount: number, at: Date) {
  await db().transaction((tx) => recordTopUp(tx, { walletId, amount }));
  await stampRecent(t.database, walletId, at);
}

async function charge(tenantId: string, walletId: string, at: Date, price: number, listPrice = price, templateId = 'tpl-1', templateName = 'Xác nhận đơn hàng') {
  const messageId = await insertMessage(t.database, { tenantId, templateId, templateName, price, listPrice });
  await db().transaction((tx) => chargeMessage(tx, { tenantId, messageId, price }));
  await stampRecent(t.database, walletId, at);
  return messageId;
}

async function generate(walletId: string, period: string) {
  return generateStatements((work) => db().transaction(work), { period, walletIds: [walletId], auditAsSystem: true });
}

async function statementOf(walletId: string, period: string) {
  const [row] = await db().select().from(statements).where(and(eq(statements.walletId, walletId), eq(statements.period, period)));
  return row;
}

describe('statement generation (issue 16 #3)', () => {
  it('reconciles with the ledger: opening + movements = closing = the last entry; charge lines with discounts', async () => {
    const { tenant, wallet } = await setup();
    await topUp(wallet.id, 500_000, localTime(PERIOD, 1, 0, 0, VN, 1));
    await charge(tenant.id, wallet.id, localTime(PERIOD, 3, 9, 0, VN), 300, 400);
    await charge(tenant.id, wallet.id, localTime(PERIOD, 4, 9, 0, VN), 300, 400);
    const refunded = await charge(tenant.id, wallet.id, localTime(PERIOD, 5, 9, 0, VN), 200, 200, 'tpl-2', 'Mã OTP');
    await db().transaction((tx) => refundMessage(tx, { tenantId: tenant.id, messageId: refunded }));
    await stampRecent(t.database, wallet.id, localTime(PERIOD, 6, 9, 0, VN));
    const r = await generate(wallet.id, PERIOD);
    expect(r).toMatchObject({ generated: 1, failed: 0 });
    const s = await statementOf(wallet.id, PERIOD);
    expect(s).toMatchObject({ openingBalance: 0, topUps: 500_000, charges: 800, refunds: 200, closingBalance: 499_400, entryCount: 5, status: 'GENERATED', walletMode: 'PREPAID', amountDue: 0, timeZone: 'Asia/Ho_Chi_Minh' });
    const [last] = await db().select().from(walletEntries).where(eq(walletEntries.walletId, wallet.id)).orderBy(sql`created_at desc`).limit(1);
    expect(last?.newBalance).toBe(s?.closingBalance);
    const owner = await buildUser(t.database, { merchantId: s?.merchantId, role: 'OWNER' });
    const session = await loginAs(t.app, owner.email);
    const res = await t.app.inject({ url: `/api/merchant/statements/${s?.id}`, headers: session.headers({ 'x-merchant-id': s?.merchantId ?? '' }) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Statement;
    expect(data.chargeLines).toEqual([
      { service: 'ZNS', templateId: 'tpl-1', templateName: 'Xác nhận đơn hàng', count: 2, listAmount: 800, discount: 200, amount: 600 },
      { service: 'ZNS', templateId: 'tpl-2', templateName: 'Mã OTP', count: 1, listAmount: 200, discount: 0, amount: 200 },
    ]);
    expect(data.abilities).toEqual({ issue: true, pay: false });
  });

  it('cuts months in Asia/Ho_Chi_Minh: 23:59 on the last day is that month, 00:00 the next day the next', async () => {
    const { tenant, wallet } = await setup();
    await topUp(wallet.id, 10_000, localTime(PERIOD, 10, 12, 0, VN));
    await charge(tenant.id, wallet.id, localTime(PERIOD, lastDay(PERIOD), 23, 59, VN, 59), 1_000);
    await charge(tenant.id, wallet.id, localTime(NEXT, 1, 0, 0, VN), 2_000);
    await generate(wallet.id, PERIOD);
    await generate(wallet.id, NEXT);
    const a = await statementOf(wallet.id, PERIOD);
    const b = await statementOf(wallet.id, NEXT);
    expect(a).toMatchObject({ charges: 1_000, closingBalance: 9_000 });
    expect(b).toMatchObject({ openingBalance: 9_000, charges: 2_000, closingBalance: 7_000 });
    // The same instants in UTC would both fall on the last day: the cut is local.
    expect(a?.periodEnd.toISOString()).toBe(localTime(NEXT, 1, 0, 0, VN).toISOString());
  });

  it('cuts months in the tenant\'s own time zone (America/New_York)', async () => {
    const { tenant, wallet } = await setup('America/New_York');
    // The zone's offset east of UTC at the cut (no daylight-saving change within a day of it).
    const east = -zoneOffsetMinutes('America/New_York', localTime(NEXT, 1, 12, 0, 0));
    await topUp(wallet.id, 10_000, localTime(PERIOD, lastDay(PERIOD), 12, 0, east));
    await charge(tenant.id, wallet.id, localTime(PERIOD, lastDay(PERIOD), 23, 59, east), 1_000);
    // 00:30 on the 1st in New York: the next month there (it was already the 1st in Viet Nam for hours).
    await charge(tenant.id, wallet.id, localTime(NEXT, 1, 0, 30, east), 2_000);
    await generate(wallet.id, PERIOD);
    const a = await statementOf(wallet.id, PERIOD);
    expect(a).toMatchObject({ timeZone: 'America/New_York', charges: 1_000, closingBalance: 9_000 });
    expect(a?.periodEnd.toISOString()).toBe(localTime(NEXT, 1, 0, 0, east).toISOString());
  });

  it('gives the organisation\'s own wallet a statement in Asia/Ho_Chi_Minh', async () => {
    const { org, s, mh } = await setup();
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: PERIOD, tenantId: 'organisation' } });
    // The organisation's wallet is created on first read.
    expect([200, 404]).toContain(res.statusCode);
    await t.app.inject({ url: '/api/merchant/billing/merchant-balance', headers: mh() });
    const again = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: PERIOD, tenantId: 'organisation' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ generated: 1 });
    const list = await t.app.inject({ url: `/api/merchant/statements?tenantId=organisation&period=${PERIOD}`, headers: mh() });
    expect(list.json().data).toMatchObject([{ tenantId: null, timeZone: 'Asia/Ho_Chi_Minh', merchantId: org.id, openingBalance: 0, closingBalance: 0 }]);
    void s;
  });

  it('refuses a month that has not begun (422 on period) and skips one not ended', async () => {
    const { mh, wallet, tenant } = await setup();
    const future = monthsAgo(-2);
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: future } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'DATE_RANGE_INVALID' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: '2026-13' } });
    expect(bad.statusCode).toBe(400);
    const current = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: monthsAgo(0), tenantId: tenant.id } });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data).toMatchObject({ generated: 0, notEnded: 1 });
    expect(await statementOf(wallet.id, monthsAgo(0))).toBeUndefined();
  });
});

function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return (at.getTime() - local) / 60_000;
}

describe('issue and pay (issue 16 #3)', () => {
  it('GENERATED → ISSUED → PAID: the payment is a TOPUP entry; ISSUED/PAID are never regenerated; audited', async () => {
    const { tenant, wallet, mh, org } = await setup();
    await topUp(wallet.id, 50_000, localTime(PERIOD, 2, 8, 0, VN));
    await charge(tenant.id, wallet.id, localTime(PERIOD, 3, 8, 0, VN), 5_000);
    const gen = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: PERIOD } });
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json().data).toMatchObject({ generated: 1, failed: 0 });
    const regen = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: PERIOD } });
    expect(regen.json().data).toMatchObject({ generated: 0, regenerated: 1 });
    const s = await statementOf(wallet.id, PERIOD);
    if (!s) throw new Error('statement');
    const payEarly = await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/pay`, headers: mh(), payload: { amount: 5_000 } });
    expect(payEarly.statusCode).toBe(409);
    const issued = await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/issue`, headers: mh() });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ status: 'ISSUED', abilities: { issue: false, pay: true } });
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/issue`, headers: mh() })).statusCode).toBe(409);
    // Regenerating keeps an issued statement as it is.
    await charge(tenant.id, wallet.id, localTime(PERIOD, 20, 8, 0, VN), 7_000);
    const kept = await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: mh(), payload: { period: PERIOD } });
    expect(kept.json().data).toMatchObject({ kept: 1, regenerated: 0 });
    expect((await statementOf(wallet.id, PERIOD))?.charges).toBe(5_000);
    const badPay = await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/pay`, headers: mh(), payload: { amount: 0 } });
    expect(badPay.statusCode).toBe(400);
    const paid = await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/pay`, headers: mh(), payload: { amount: 5_000, note: 'Chuyển khoản VCB' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', paymentAmount: 5_000, paymentNote: 'Chuyển khoản VCB', abilities: { issue: false, pay: false } });
    const topups = await db().select().from(walletEntries).where(and(eq(walletEntries.walletId, wallet.id), eq(walletEntries.reason, 'TOPUP')));
    expect(topups.map((e) => e.value).sort()).toEqual([5_000, 50_000]);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${s.id}/pay`, headers: mh(), payload: { amount: 5_000 } })).statusCode).toBe(409);
    const actions = await db().select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.merchantId, org.id), sql`${auditLogs.action} like 'STATEMENT_%'`));
    expect(actions.map((a) => a.action).sort()).toEqual(['STATEMENT_GENERATE', 'STATEMENT_GENERATE', 'STATEMENT_GENERATE', 'STATEMENT_ISSUE', 'STATEMENT_PAY']);
  });
});

describe('downloads (issue 16 #3)', () => {
  it('PDF (vi/en) starts with %PDF and shows the statement\'s amounts; CSV has the same', async () => {
    const { tenant, wallet, mh } = await setup();
    // A name with ligatures ("ff", "fi"): their glyphs map to two characters each in the font's ToUnicode map.
    await db().update(tenants).set({ name: 'Tiffany Office' }).where(eq(tenants.id, tenant.id));
    await topUp(wallet.id, 1_234_567, localTime(PERIOD, 2, 8, 0, VN));
    await charge(tenant.id, wallet.id, localTime(PERIOD, 3, 8, 0, VN), 25_000, 30_000, 'tpl-9', 'Thông báo giao hàng');
    await generate(wallet.id, PERIOD);
    const s = await statementOf(wallet.id, PERIOD);
    if (!s) throw new Error('statement');
    const res = await t.app.inject({ url: `/api/merchant/statements/${s.id}/pdf`, headers: mh() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const view = (await t.app.inject({ url: `/api/merchant/statements/${s.id}`, headers: mh() })).json().data as Statement;
    const vi = pdfTextCandidates(await statementPdf(view, 'vi', { compress: false }));
    expect(vi.some((x) => x.includes('1.209.567 ₫'))).toBe(true); // closing balance
    expect(vi.some((x) => x.includes('Số dư cuối kỳ'))).toBe(true);
    expect(vi.some((x) => x.includes('Tiffany Office'))).toBe(true);
    expect(vi.some((x) => x.includes('Thông báo giao hàng'))).toBe(true);
    expect(vi.filter((x) => x.includes('25.000 ₫')).length).toBeGreaterThanOrEqual(2); // the line and the total
    const en = pdfTextCandidates(await statementPdf(view, 'en', { compress: false }));
    expect(en.some((x) => x.includes('1,209,567 VND'))).toBe(true);
    expect(en.some((x) => x.includes('Closing balance'))).toBe(true);
    const csv = await t.app.inject({ url: `/api/merchant/statements/${s.id}/csv?lang=en`, headers: mh() });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Closing balance,1209567');
    expect(csv.body).toContain('ZNS,Thông báo giao hàng,1,30000,5000,25000');
    const csvVi = await t.app.inject({ url: `/api/merchant/statements/${s.id}/csv`, headers: mh() });
    expect(csvVi.body).toContain('Số dư cuối kỳ,1209567');
    expect((await t.app.inject({ url: `/api/merchant/statements/${s.id}/pdf?lang=fr`, headers: mh() })).statusCode).toBe(400);
  });
});

describe('access (issue 16 #3)', () => {
  it('isolates organisations and tenants (404) and checks permissions (403)', async () => {
    const a = await setup();
    const b = await setup();
    await topUp(a.wallet.id, 1_000, localTime(PERIOD, 2, 8, 0, VN));
    await topUp(b.wallet.id, 1_000, localTime(PERIOD, 2, 8, 0, VN));
    await generate(a.wallet.id, PERIOD);
    await generate(b.wallet.id, PERIOD);
    const sa = await statementOf(a.wallet.id, PERIOD);
    const sb = await statementOf(b.wallet.id, PERIOD);
    if (!sa || !sb) throw new Error('statements');
    // Another organisation's statement: 404 for every route.
    for (const url of [`/api/merchant/statements/${sb.id}`, `/api/merchant/statements/${sb.id}/pdf`, `/api/merchant/statements/${sb.id}/csv`]) {
      expect((await t.app.inject({ url, headers: a.mh() })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${sb.id}/issue`, headers: a.mh() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${sb.id}/pay`, headers: a.mh(), payload: { amount: 1 } })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/merchant/statements', headers: a.mh() });
    expect(list.json().data.map((x: Statement) => x.id)).toEqual([sa.id]);

    // A tenant member: the tenant's own statements only, no organisation lists, no issue/pay.
    const other = await buildTenant(t.database, a.org.id);
    const otherWallet = await ensureTenantWallet(db(), other.id);
    await topUp(otherWallet.id, 1_000, localTime(PERIOD, 2, 8, 0, VN));
    await generate(otherWallet.id, PERIOD);
    const so = await statementOf(otherWallet.id, PERIOD);
    const group = await buildUser(t.database, { merchantId: a.org.id, role: 'MODERATOR', tenantIds: [a.tenant.id] });
    const m = await loginAs(t.app, group.email);
    const th = () => m.headers({ 'x-tenant-id': a.tenant.id });
    const own = await t.app.inject({ url: '/api/merchant/tenant-statements', headers: th() });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((x: Statement) => x.id)).toEqual([sa.id]);
    expect(own.json().data[0].abilities).toEqual({ issue: false, pay: false });
    expect((await t.app.inject({ url: `/api/merchant/tenant-statements/${sa.id}/pdf`, headers: th() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/merchant/tenant-statements/${so?.id}`, headers: th() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/tenant-statements/${sb.id}/csv`, headers: th() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/statements/${sa.id}/issue`, headers: th() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/statements/generate', headers: th(), payload: { period: PERIOD } })).statusCode).toBe(403);

    // A plain USER without billing permissions: 403 on the lists.
    const plain = await buildUser(t.database, { merchantId: a.org.id, role: 'USER', tenantIds: [a.tenant.id] });
    const p = await loginAs(t.app, plain.email);
    expect((await t.app.inject({ url: '/api/merchant/statements', headers: p.headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/tenant-statements', headers: p.headers({ 'x-tenant-id': a.tenant.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/merchant/statements/${sa.id}`, headers: p.headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
  });
});

describe('month-end job (issue 16 #3)', () => {
  it('generates last month\'s statement once per wallet, whatever the number of runs', async () => {
    const { tenant, wallet } = await setup();
    const prev = previousLocalMonth('Asia/Ho_Chi_Minh');
    await topUp(wallet.id, 3_000, localTime(prev, 5, 10, 0, VN));
    await charge(tenant.id, wallet.id, localTime(prev, 6, 10, 0, VN), 1_000);
    const first = await runMonthEndStatements(db());
    expect(first.flatMap((o) => o.failures)).toEqual([]);
    const s = await statementOf(wallet.id, prev);
    expect(s).toMatchObject({ openingBalance: 0, closingBalance: 2_000, status: 'GENERATED' });
    const second = await runMonthEndStatements(db());
    expect(second.reduce((n, o) => n + o.generated + o.regenerated, 0)).toBe(0);
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(statements).where(eq(statements.walletId, wallet.id));
    expect(count?.n).toBe(1);
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'STATEMENT_GENERATE'), eq(auditLogs.targetId, s?.id ?? '')));
    expect(audit?.actorId).toBeNull();
    void tenant;
  });
});

function previousLocalMonth(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  const y = Number(parts.find((p) => p.type === 'year')?.value);
  const m = Number(parts.find((p) => p.type === 'month')?.value);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
