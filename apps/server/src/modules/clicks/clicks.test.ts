import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ZaloClient } from '@zc/zalo/client';
import { campaignUploads, campaigns } from '../../db/schema/campaigns';
import { messageClicks } from '../../db/schema/clicks';
import { messageHistory } from '../../db/schema/messaging';
import { userGroups } from '../../db/schema/user-groups';
import { buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { buildSendFixture, TEMPLATE_PARAMS, znsBody, type SendFixture } from '../messaging/test-fixtures';
import { clickToken, readClickToken, withTrackedLinks } from './token';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://console.example.vn' });
});
afterAll(async () => {
  await t.close();
});

const TRACKED = [...TEMPLATE_PARAMS, { name: 'tracked_order_url', require: false, type: 'STRING', maxLength: 200, minLength: 0, acceptNull: true }];
const TARGET = 'https://shop.example.vn/orders/PE0102?utm=zns';

async function tenantWithTrackedTemplate() {
  const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000, template: { id: `tpl-click-${Date.now()}${Math.random().toString(36).slice(2, 6)}`, price: 300, params: TRACKED } });
  const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  return { f, h: s.headers({ 'x-tenant-id': f.tenantId }) };
}

async function sendTracked(f: SendFixture): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f, { templateData: { customer_name: 'An', order_code: 'PE0102', tracked_order_url: TARGET } }) });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { data: { id: string } }).data.id;
}

describe('click tokens', () => {
  it('round-trips, refuses any altered part, and rewrites only tracked http(s) parameters', () => {
    const id = '0b3f5a52-1c9e-4f61-9a0e-2f1b8c4d5e6f';
    const token = clickToken('s3cret', id, 'tracked_url');
    expect(readClickToken('s3cret', token)).toEqual({ messageId: id, param: 'tracked_url' });
    expect(readClickToken('other', token)).toBeNull();
    expect(readClickToken('s3cret', token.replace('tracked_url', 'tracked_uri'))).toBeNull();
    expect(readClickToken('s3cret', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(readClickToken('s3cret', 'nonsense')).toBeNull();
    const links = { publicUrl: 'https://c.example.vn/', secret: 's3cret' };
    const out = withTrackedLinks({ tracked_url: 'https://a.vn/x', tracked_note: 'not a url', name: 'https://b.vn' }, id, links);
    expect(out).toEqual({ tracked_url: `https://c.example.vn/r/${token}`, tracked_note: 'not a url', name: 'https://b.vn' });
    expect(withTrackedLinks({ tracked_url: 'https://a.vn/x' }, id, undefined)).toEqual({ tracked_url: 'https://a.vn/x' });
  });
});

describe('tracked links end to end', () => {
  it('delivers our redirect instead of the URL, and the redirect records the click and forwards (302)', async () => {
    const { f, h } = await tenantWithTrackedTemplate();
    const id = await sendTracked(f);
    const sentBodies: Array<Record<string, unknown>> = [];
    const zalo = { call: async (_oa: string, req: { json?: Record<string, unknown> }) => (sentBodies.push(req.json ?? {}), { error: 0, message: 'Success', data: { msg_id: `z-${id}`, sent_time: `${Date.now()}` } }) } as unknown as ZaloClient;
    const report = await processDueMessages({ db: t.database.db, zalo, trackedLinks: { publicUrl: t.config.publicUrl, secret: t.config.appSecret } }, { limit: 50 });
    expect(report.pushed).toBeGreaterThanOrEqual(1);
    const mine = sentBodies.find((b) => (b.template_data as Record<string, string> | undefined)?.order_code === 'PE0102');
    const link = (mine?.template_data as Record<string, string>).tracked_order_url ?? '';
    expect(link).toMatch(/^https:\/\/console\.example\.vn\/r\/[\w-]{22}\.tracked_order_url\.[\w-]{22}$/);
    // The history keeps what the tenant sent.
    const [stored] = await t.database.db.select({ templateData: messageHistory.templateData }).from(messageHistory).where(eq(messageHistory.id, id));
    expect(stored?.templateData).toMatchObject({ tracked_order_url: TARGET });

    const res = await t.app.inject({ url: new URL(link).pathname, headers: { 'user-agent': 'Mozilla/5.0 Zalo' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(TARGET);
    const clicks = await t.database.db.select().from(messageClicks).where(eq(messageClicks.messageId, id));
    expect(clicks).toEqual([expect.objectContaining({ tenantId: f.tenantId, phone: '84987654321', param: 'tracked_order_url', targetUrl: TARGET, source: 'REDIRECT', campaignId: null })]);
    expect(clicks[0]?.userAgentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(clicks)).not.toContain('127.0.0.1');

    const list = await t.app.inject({ url: `/api/merchant/zns/history/${id}/clicks`, headers: h });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ meta: { total: 1 }, summary: { clicks: 1, uniqueRecipients: 1 }, data: [{ messageId: id, targetUrl: TARGET, phone: '84987654321' }] });
  });

  it('answers the ordinary 404 for a forged, altered or unknown token and records nothing', async () => {
    const { f } = await tenantWithTrackedTemplate();
    const id = await sendTracked(f);
    const good = clickToken(t.config.appSecret, id, 'tracked_order_url');
    const bad = [
      clickToken('not-the-secret', id, 'tracked_order_url'),
      good.replace('tracked_order_url', 'tracked_other_url'),
      clickToken(t.config.appSecret, '00000000-0000-4000-8000-000000000000', 'tracked_order_url'),
      clickToken(t.config.appSecret, id, 'customer_name'),
      'x',
    ];
    for (const token of bad) {
      const res = await t.app.inject({ url: `/r/${token}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(res.headers.location).toBeUndefined();
      const cb = await t.app.inject({ method: 'POST', url: '/api/zns/click-callback', payload: { token } });
      expect(cb.statusCode, token).toBe(404);
    }
    expect(await t.database.db.select().from(messageClicks).where(eq(messageClicks.messageId, id))).toEqual([]);
  });

  it('POST zns/click-callback records a click by token and answers the target', async () => {
    const { f } = await tenantWithTrackedTemplate();
    const id = await sendTracked(f);
    const res = await t.app.inject({ method: 'POST', url: '/api/zns/click-callback', payload: { token: clickToken(t.config.appSecret, id, 'tracked_order_url') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, url: TARGET } });
    expect(await t.database.db.select({ source: messageClicks.source }).from(messageClicks).where(eq(messageClicks.messageId, id))).toEqual([{ source: 'CALLBACK' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/zns/click-callback', payload: { token: 'a', extra: 1 } })).statusCode).toBe(400);
  });

  it('a click of a campaign message is counted on the campaign (clicks and recipients who clicked)', async () => {
    const { f, h } = await tenantWithTrackedTemplate();
    const [upload] = await t.database.db.insert(campaignUploads).values({ tenantId: f.tenantId, znsTemplateId: f.templateId, fileName: 'list.csv', mapping: { phone: 'phone', params: {} } }).returning();
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({ tenantId: f.tenantId, apiKeyId: f.apiKeyId, zaloOaId: f.zaloOaId, uploadId: upload?.id ?? '', name: 'Tết', znsTemplateId: f.templateId, templateName: 'Order shipped' })
      .returning();
    const campaignId = campaign?.id ?? '';
    const ids = [await sendTracked(f), await sendTracked(f)];
    await t.database.db.update(messageHistory).set({ campaignId }).where(eq(messageHistory.tenantId, f.tenantId));
    for (const token of [clickToken(t.config.appSecret, ids[0] ?? '', 'tracked_order_url'), clickToken(t.config.appSecret, ids[0] ?? '', 'tracked_order_url'), clickToken(t.config.appSecret, ids[1] ?? '', 'tracked_order_url')]) {
      expect((await t.app.inject({ url: `/r/${token}` })).statusCode).toBe(302);
    }
    const res = await t.app.inject({ url: `/api/merchant/campaign/${campaignId}/clicks?page=1&size=2`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ meta: { total: 3, page: 1, size: 2 }, summary: { clicks: 3, uniqueRecipients: 2 } });
    expect(res.json().data).toHaveLength(2);
    expect(res.json().data[0]).toMatchObject({ campaignId, targetUrl: TARGET, phone: '84987654321' });
  });

  it("click lists: another tenant's message or campaign answers 404, a missing permission 403", async () => {
    const a = await tenantWithTrackedTemplate();
    const b = await tenantWithTrackedTemplate();
    const id = await sendTracked(a.f);
    expect((await t.app.inject({ url: `/api/merchant/zns/history/${id}/clicks`, headers: b.h })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/campaign/${id}/clicks`, headers: b.h })).statusCode).toBe(404);
    const [bare] = await t.database.db.insert(userGroups).values({ tenantId: a.f.tenantId, name: 'Dashboard only', permissions: ['VIEW_DASHBOARD_AND_CHART'] }).returning();
    const eu = await buildUser(t.database, { merchantId: a.f.merchantId, role: 'EU', tenantIds: [a.f.tenantId], groupId: bare?.id });
    const s = await loginAs(t.app, eu.email);
    const hh = s.headers({ 'x-tenant-id': a.f.tenantId });
    expect((await t.app.inject({ url: `/api/merchant/zns/history/${id}/clicks`, headers: hh })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/merchant/campaign/${id}/clicks`, headers: hh })).statusCode).toBe(403);
  });
});
