import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { FALLBACK_TRIGGER_CODES } from '@zc/shared/api/fallback';
import { auditLogs } from '../../db/schema/audit';
import { tenantFallbackSettings } from '../../db/schema/tenant-fallback';
import { userGroups } from '../../db/schema/user-groups';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true, oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = () => s.headers({ 'x-tenant-id': tenant.id });
  const get = () => t.app.inject({ url: '/api/merchant/fallback', headers: h() });
  const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/merchant/fallback', headers: h(), payload });
  const preview = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/fallback/preview', headers: h(), payload });
  const saved = async () => t.database.db.select().from(tenantFallbackSettings).where(eq(tenantFallbackSettings.tenantId, tenant.id));
  const audits = () => t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenant.id), eq(auditLogs.action, 'FALLBACK_UPDATE')));
  return { org, tenant, owner, s, h, get, put, preview, saved, audits };
}

const valid = { enabled: true, triggerCodes: [-141, -114], messageKind: 'text', header: '', content: 'Mã OTP của bạn là {{otp}}' };

describe('tenant fallback settings', () => {
  it('answers the defaults before the first save, with every trigger explained in vi and en', async () => {
    const { get, saved } = await setup();
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.settings).toEqual({ enabled: false, triggerCodes: [-114, -119, -139, -140, -141], messageKind: 'text', header: '', content: '', updatedAt: null, updatedBy: null });
    expect(data.triggers.map((x: { code: number }) => x.code)).toEqual([...FALLBACK_TRIGGER_CODES]);
    expect(data.abilities).toEqual({ update: true }); // the owner may save
    const night = data.triggers.find((x: { code: number }) => x.code === -133);
    const zalo = explainZaloError(-133, 'zns');
    expect(night).toEqual({ code: -133, isDefault: false, zaloMessage: zalo.zaloMessage, vi: zalo.vi, en: zalo.en });
    expect(data.triggers.find((x: { code: number }) => x.code === -141)).toMatchObject({ isDefault: true, vi: { meaning: expect.stringContaining('từ chối ZNS') }, en: { meaning: 'The user refused ZNS from this OA.' } });
    // Reading writes nothing.
    expect(await saved()).toHaveLength(0);
  });

  it('saves the settings (codes deduplicated in catalogue order), answers them back and audits before/after', async () => {
    const { get, put, audits, owner } = await setup();
    const res = await put({ ...valid, triggerCodes: [-141, -114, -141, -133] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toMatchObject({ enabled: true, triggerCodes: [-114, -133, -141], messageKind: 'text', content: valid.content, updatedBy: { id: owner.id, email: owner.email } });
    expect((await get()).json().data.settings).toEqual(res.json().data.settings);
    const [entry] = await audits();
    expect(entry).toMatchObject({ targetType: 'tenant_fallback', actorId: owner.id });
    expect(entry?.before).toMatchObject({ enabled: false, triggerCodes: [-114, -119, -139, -140, -141], updatedAt: null });
    expect(entry?.after).toMatchObject({ enabled: true, triggerCodes: [-114, -133, -141], content: valid.content });

    const second = await put({ enabled: false, triggerCodes: [], messageKind: 'transaction', header: 'Đơn {{order_code}}', content: '' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.settings).toMatchObject({ enabled: false, triggerCodes: [], messageKind: 'transaction', header: 'Đơn {{order_code}}', content: '' });
    const entries = await audits();
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => (e.after as { enabled: boolean }).enabled === false)?.before).toMatchObject({ enabled: true, triggerCodes: [-114, -133, -141] });
  });

  it('answers 400 naming the field for bad codes, long or malformed content and missing parts, writing nothing', async () => {
    const { put, saved, audits } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, triggerCodes: [-131] }, 'body.triggerCodes.0'],
      [{ ...valid, triggerCodes: [-114, 'x'] }, 'body.triggerCodes.1'],
      [{ ...valid, content: 'a'.repeat(2001) }, 'body.content'],
      [{ ...valid, messageKind: 'transaction', header: 'Đơn hàng', content: 'a'.repeat(251) }, 'body.content'],
      [{ ...valid, header: 'h'.repeat(101) }, 'body.header'],
      [{ ...valid, content: 'Xin chào {{customer name}}' }, 'body.content'],
      [{ ...valid, content: 'Xin chào {{customer_name}' }, 'body.content'],
      [{ ...valid, messageKind: 'transaction', header: 'Đơn }}', content: 'ok' }, 'body.header'],
      [{ ...valid, triggerCodes: [] }, 'body.triggerCodes'],
      [{ ...valid, content: '   ' }, 'body.content'],
      [{ ...valid, messageKind: 'transaction', header: '' }, 'body.header'],
      [{ ...valid, messageKind: 'promotion' }, 'body.messageKind'],
      [{ ...valid, channel: 'sms' }, 'body.channel'],
      [{ triggerCodes: [-114], messageKind: 'text', content: 'x' }, 'body.enabled'],
    ];
    for (const [payload, path] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path), JSON.stringify(payload).slice(0, 120)).toContain(path);
    }
    // Exactly at the limits is fine; a 251-character text is fine for the text kind.
    expect((await put({ ...valid, content: 'a'.repeat(2000) })).statusCode).toBe(200);
    expect((await put({ ...valid, messageKind: 'transaction', header: 'h'.repeat(100), content: 'a'.repeat(250) })).statusCode).toBe(200);
    expect(await saved()).toHaveLength(1);
    expect(await audits()).toHaveLength(2);
  });

  it('lets a VIEW_WEBHOOK member read and preview but not save (403), and keeps members without it out', async () => {
    const { org, tenant, put, saved } = await setup();
    expect((await put(valid)).statusCode).toBe(200);
    const [viewers] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'viewers', permissions: ['VIEW_WEBHOOK'] }).returning();
    const viewer = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: viewers?.id });
    const moderator = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const vh = (await loginAs(t.app, viewer.email)).headers({ 'x-tenant-id': tenant.id });
    const mh = (await loginAs(t.app, moderator.email)).headers({ 'x-tenant-id': tenant.id });

    const read = await t.app.inject({ url: '/api/merchant/fallback', headers: vh });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.settings.content).toBe(valid.content);
    // The answer says what the PUT below refuses: the same policy.
    expect(read.json().data.abilities).toEqual({ update: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/fallback/preview', headers: vh, payload: { messageKind: 'text', content: 'Hi {{name}}', templateData: { name: 'An' } } })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'PUT', url: '/api/merchant/fallback', headers: vh, payload: { ...valid, enabled: false } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');

    for (const res of [
      await t.app.inject({ url: '/api/merchant/fallback', headers: mh }),
      await t.app.inject({ method: 'PUT', url: '/api/merchant/fallback', headers: mh, payload: valid }),
      await t.app.inject({ method: 'POST', url: '/api/merchant/fallback/preview', headers: mh, payload: { messageKind: 'text', content: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const [row] = await saved();
    expect(row?.enabled).toBe(true);
  });

  it('answers 403 to a forged tenant header and never shows or changes another tenant’s settings', async () => {
    const a = await setup();
    const b = await setup();
    expect((await a.put(valid)).statusCode).toBe(200);

    const forged = await t.app.inject({ url: '/api/merchant/fallback', headers: b.s.headers({ 'x-tenant-id': a.tenant.id }) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('TENANT_ACCESS_DENIED');
    const forgedPut = await t.app.inject({ method: 'PUT', url: '/api/merchant/fallback', headers: b.s.headers({ 'x-tenant-id': a.tenant.id }), payload: { ...valid, content: 'hijack' } });
    expect(forgedPut.statusCode).toBe(403);

    // A second tenant of the same organisation, opened by the same owner, has its own (default) settings.
    const sibling = await buildTenant(t.database, a.org.id, { znsService: true });
    const sh = a.s.headers({ 'x-tenant-id': sibling.id });
    expect((await t.app.inject({ url: '/api/merchant/fallback', headers: sh })).json().data.settings).toMatchObject({ enabled: false, content: '', updatedAt: null });
    expect((await t.app.inject({ method: 'PUT', url: '/api/merchant/fallback', headers: sh, payload: { ...valid, content: 'sibling' } })).statusCode).toBe(200);
    expect((await a.get()).json().data.settings.content).toBe(valid.content);
    expect((await b.get()).json().data.settings).toMatchObject({ enabled: false, content: '' });
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tenantFallbackSettings).where(eq(tenantFallbackSettings.tenantId, b.tenant.id));
    expect(n?.n).toBe(0);
  });
});

describe('tenant fallback preview', () => {
  it('renders a text with the sample values; unknown placeholders render empty and are listed as missing', async () => {
    const { preview } = await setup();
    const res = await preview({ messageKind: 'text', content: 'Chào {{ customer_name }}, đơn {{order_code}} {{ghost}}đã giao.', templateData: { customer_name: 'Lan', order_code: 12345 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      message: { kind: 'text', text: 'Chào Lan, đơn 12345 đã giao.' },
      placeholders: ['customer_name', 'order_code', 'ghost'],
      missing: ['ghost'],
      truncated: false,
    });
  });

  it('renders the transaction kind, cuts values past the OA limits and answers null for empty content', async () => {
    const { preview } = await setup();
    const res = await preview({ messageKind: 'transaction', header: 'Đơn {{order_code}}', content: 'Ghi chú: {{note}}', templateData: { order_code: 'DH1', note: 'x'.repeat(400) } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.message).toMatchObject({ kind: 'transaction', templateType: 'transaction', language: 'VI', elements: { header: 'Đơn DH1', table: [] }, buttons: [] });
    expect(data.message.elements.text).toHaveLength(250);
    expect(data.message.elements.text.endsWith('…')).toBe(true);
    expect(data.truncated).toBe(true);
    expect(data.placeholders).toEqual(['note', 'order_code']);

    const empty = await preview({ messageKind: 'text', content: '{{otp}}', templateData: {} });
    expect(empty.json().data).toMatchObject({ message: null, missing: ['otp'] });
    const bad = await preview({ messageKind: 'text', content: 'x {{a b}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('body.content');
  });
});
