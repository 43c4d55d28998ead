import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { auditLogs } from '../../db/schema/audit';
import { userGroups } from '../../db/schema/user-groups';
import { buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { writeOutbox } from '../messaging/service';
import { buildSendFixture, type SendFixture } from '../messaging/test-fixtures';
import { buildApprovedCampaign } from './dispatch-fixture';
import { campaignIdempotencyKey, campaignTrackingId } from './dispatch';

type H = Record<string, string>;
let t: TestContext;
let f: SendFixture;
let other: SendFixture;
let owner: H;
let viewer: H;
let bare: H;
let otherOwner: H;

const req = (method: 'GET' | 'PUT', url: string, headers: H) => t.app.inject({ method, url: `/api${url}`, headers });

async function groupWith(tenantId: string, permissions: Permission[]): Promise<string> {
  const [g] = await t.database.db.insert(userGroups).values({ tenantId, name: `g${Math.random()}`, permissions }).returning();
  return g?.id ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000, template: { id: '3010011', price: 300, params: [{ name: 'otp', require: true, type: 'STRING', maxLength: 10, minLength: 0, acceptNull: false }] } });
  other = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000, merchantId: f.merchantId });
  const o = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
  owner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': f.tenantId });
  otherOwner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': other.tenantId });
  const v = await buildUser(t.database, { merchantId: f.merchantId, role: 'EU', tenantIds: [f.tenantId], groupId: await groupWith(f.tenantId, ['VIEW_CAMPAIGN']) });
  viewer = (await loginAs(t.app, v.email)).headers({ 'x-tenant-id': f.tenantId });
  const b = await buildUser(t.database, { merchantId: f.merchantId, role: 'EU', tenantIds: [f.tenantId], groupId: await groupWith(f.tenantId, []) });
  bare = (await loginAs(t.app, b.email)).headers({ 'x-tenant-id': f.tenantId });
}, 60_000);
afterAll(async () => t?.close());

/** Writes `n` of the campaign's messages through the outbox, as the dispatcher does. */
async function enqueue(c: Awaited<ReturnType<typeof buildApprovedCampaign>>, n: number) {
  await t.database.db.transaction((tx) =>
    writeOutbox(
      { tx },
      Array.from({ length: n }, (_, i) => ({
        tenantId: f.tenantId,
        apiKeyId: f.apiKeyId,
        zaloOaId: f.zaloOaId,
        module: 'ZNS' as const,
        trackingId: campaignTrackingId(c.id, i + 1),
        idempotencyKey: campaignIdempotencyKey(c.id, i + 1),
        requestHash: `h${i}`,
        type: 'TRANSACTION' as const,
        price: 300,
        holdId: c.holdId,
        values: { phone: `8498${String(i + 1).padStart(7, '0')}`, znsTemplateId: f.templateId, templateName: 'OTP', templateData: { otp: '1' }, mode: 'production' as const, campaignId: c.id },
      })),
    ),
  );
}

describe('campaign dispatch routes', () => {
  it('GET detail: §3 fields, counts, held money and abilities; the template preview', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 10, nextRunAt: new Date('2100-01-01') });
    const res = await req('GET', `/merchant/campaign/${c.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: c.id,
      status: 'APPROVED',
      dispatchState: 'WAITING',
      recordCount: 10,
      estimatedCost: 3000,
      apiKey: { id: f.apiKeyId, name: 'test key' },
      template: { znsTemplateId: '3010011', price: 300 },
      counts: { sent: 0, received: 0, failed: 0, pending: 10, cancelled: 0 },
      money: { held: 3000, settled: 0, released: 0, holdOpen: true },
      abilities: { cancel: true, pause: true, resume: false },
    });
    expect((await req('GET', `/merchant/campaign/${c.id}`, viewer)).json().data.abilities).toEqual({ cancel: false, pause: false, resume: false });
    const tpl = await req('GET', `/merchant/campaign/template/${c.id}`, viewer);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.json().data).toMatchObject({ znsTemplateId: '3010011', templateName: 'Order shipped', price: 300, params: [{ name: 'otp', type: 'STRING', require: true }] });
  });

  it('cancel: 200 with the released amount, queued messages refunded, audited CAMPAIGN_CANCEL; again → 409', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 10, nextRunAt: new Date('2100-01-01') });
    await enqueue(c, 4);
    const res = await req('PUT', `/merchant/campaign/cancel/${c.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    // 4 queued messages cancelled before any reached Zalo: the whole hold comes back.
    expect(res.json().data).toMatchObject({ released: 3000, cancelledRecipients: 10, campaign: { status: 'CANCELLED', dispatchState: 'FINISHED', counts: { cancelled: 10, pending: 0 }, money: { held: 3000, settled: 0, released: 3000, holdOpen: false } } });
    const again = await req('PUT', `/merchant/campaign/cancel/${c.id}`, owner);
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'CAMPAIGN_CANCEL'), eq(auditLogs.targetId, c.id)));
    expect(audit).toHaveLength(1);
  });

  it('pause and resume: audited CAMPAIGN_PAUSE / CAMPAIGN_RESUME, 409 out of turn', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 3, nextRunAt: new Date('2100-01-01') });
    const p = await req('PUT', `/merchant/campaign/${c.id}/pause`, owner);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().data).toMatchObject({ dispatchState: 'PAUSED', abilities: { resume: true, pause: false } });
    expect((await req('PUT', `/merchant/campaign/${c.id}/pause`, owner)).statusCode).toBe(409);
    const r = await req('PUT', `/merchant/campaign/${c.id}/resume`, owner);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.dispatchState).toBe('WAITING');
    expect((await req('PUT', `/merchant/campaign/${c.id}/resume`, owner)).statusCode).toBe(409);
    const actions = (await t.database.db.select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, c.id))).map((x) => x.a).sort();
    expect(actions).toEqual(['CAMPAIGN_PAUSE', 'CAMPAIGN_RESUME']);
  });

  it('history: the campaign’s messages through the ZNS history (filters, CSV)', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 5, nextRunAt: new Date('2100-01-01') });
    await enqueue(c, 5);
    const res = await req('GET', `/merchant/campaign/history?campaignId=${c.id}&page=1&size=2`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(body.data[0]).toMatchObject({ znsTemplateId: '3010011', status: 'PENDING', isCharged: true });
    expect(body.data[0].trackingId).toMatch(/^c-/);
    const filtered = await req('GET', `/merchant/campaign/history?campaignId=${c.id}&phone=0980000003`, viewer);
    expect(filtered.json().meta.total).toBe(1);
    const csv = await req('GET', `/merchant/campaign/history/export?campaignId=${c.id}`, viewer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toHaveLength(6);
    expect((await req('GET', '/merchant/campaign/history?campaignId=not-a-uuid', viewer)).statusCode).toBe(400);
  });

  it('tenant isolation: another tenant’s campaign is 404 on every route', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 2, nextRunAt: new Date('2100-01-01') });
    for (const [m, u] of [
      ['GET', `/merchant/campaign/${c.id}`],
      ['GET', `/merchant/campaign/template/${c.id}`],
      ['GET', `/merchant/campaign/history?campaignId=${c.id}`],
      ['GET', `/merchant/campaign/history/export?campaignId=${c.id}`],
      ['PUT', `/merchant/campaign/cancel/${c.id}`],
      ['PUT', `/merchant/campaign/${c.id}/pause`],
      ['PUT', `/merchant/campaign/${c.id}/resume`],
    ] as const) {
      expect((await req(m, u, otherOwner)).statusCode, `${m} ${u}`).toBe(404);
    }
  });

  it('403 without the permission on every route (VIEW_CAMPAIGN to read, CANCEL_CAMPAIGN to stop)', async () => {
    const c = await buildApprovedCampaign(t.database, f, { count: 2, nextRunAt: new Date('2100-01-01') });
    for (const u of [`/merchant/campaign/${c.id}`, `/merchant/campaign/template/${c.id}`, `/merchant/campaign/history?campaignId=${c.id}`, `/merchant/campaign/history/export?campaignId=${c.id}`]) {
      expect((await req('GET', u, bare)).statusCode, u).toBe(403);
    }
    for (const u of [`/merchant/campaign/cancel/${c.id}`, `/merchant/campaign/${c.id}/pause`, `/merchant/campaign/${c.id}/resume`]) {
      expect((await req('PUT', u, viewer)).statusCode, u).toBe(403);
    }
  });
});
