import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { createTestApp, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody, type SendFixture } from './test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (f: SendFixture, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret, ...headers }, payload: payload as object });

async function state(f: SendFixture) {
  const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
  const rows = await t.database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId));
  const entries = await t.database.db.select().from(walletEntries).where(eq(walletEntries.walletId, f.walletId));
  return { balance: w?.balance ?? -1, usage: w?.postpaidUsage ?? -1, rows, entries };
}

describe('POST /api/v1/zns/send', () => {
  it('accepts, charges the discounted price and enqueues in one step', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1000, discountPercent: 10 });
    const body = znsBody(f, { phone: '+84 987 654 321' });
    const res = await send(f, body);
    expect(res.statusCode, res.body).toBe(202);
    const data = res.json().data as { id: string; trackingId: string; status: string };
    expect(data).toMatchObject({ trackingId: body.trackingId, status: 'PENDING' });
    const s = await state(f);
    expect(s.balance).toBe(1000 - 270);
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0]).toMatchObject({ id: data.id, phone: '84987654321', status: 'PENDING', isCharged: true, isDirectZalo: true, price: 270, type: 'TRANSACTION', module: 'ZNS', templateName: 'Order shipped' });
    expect(s.entries).toEqual([expect.objectContaining({ type: 'SUB', reason: 'CHARGE', value: 270, messageId: data.id, newBalance: 730 })]);
    // The key list's "Last used" follows accepted sends.
    const [key] = await t.database.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, f.apiKeyId));
    expect(key?.lastUsedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('replays the same body and refuses a different one on the same tracking id or Idempotency-Key', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const body = znsBody(f);
    const first = await send(f, body, { 'idempotency-key': 'k-1' });
    const again = await send(f, body, { 'idempotency-key': 'k-1' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await send(f, { ...body, templateData: { customer_name: 'Other', order_code: 'PE0102' } });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_MISMATCH');
    const reusedKey = await send(f, znsBody(f), { 'idempotency-key': 'k-1' });
    expect(reusedKey.statusCode).toBe(422);
    expect(reusedKey.json().error.code).toBe('IDEMPOTENCY_MISMATCH');
    const s = await state(f);
    expect(s.rows).toHaveLength(1);
    expect(s.entries).toHaveLength(1);
  });

  it('100 concurrent identical sends: exactly one charge and one history row', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 100_000 });
    const body = znsBody(f);
    const all = await Promise.all(Array.from({ length: 100 }, () => send(f, body)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(100).fill(202));
    expect(new Set(all.map((r) => r.json().data.id as string)).size).toBe(1);
    const s = await state(f);
    expect(s.rows).toHaveLength(1);
    expect(s.entries).toHaveLength(1);
    expect(s.balance).toBe(100_000 - 300);
  });

  it('batches concurrent sends of one tenant with a consistent ledger, and falls back per request when the balance runs out', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 300 * 30 + 100 });
    const all = await Promise.all(Array.from({ length: 50 }, () => send(f, znsBody(f))));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(30);
    expect(codes.filter((c) => c === 402)).toHaveLength(20);
    const s = await state(f);
    expect(s.balance).toBe(100);
    expect(s.rows).toHaveLength(30);
    expect(s.entries).toHaveLength(30);
    // Every entry's newBalance is a distinct step of the running balance.
    expect(s.entries.map((e) => e.newBalance).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 100 + 300 * i));
    expect(new Set(s.entries.map((e) => e.messageId))).toEqual(new Set(s.rows.map((r) => r.id)));
  });

  it('answers 402 with nothing written when the prepaid balance is short', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 299 });
    const res = await send(f, znsBody(f));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const s = await state(f);
    expect(s).toMatchObject({ balance: 299, rows: [], entries: [] });
  });

  it('accumulates postpaid usage as a USAGE ledger entry (balance unchanged), and never charges development sends', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 0, mode: 'POSTPAID', discountPercent: 50 });
    expect((await send(f, znsBody(f))).statusCode).toBe(202);
    expect((await send(f, znsBody(f, { mode: 'development' }))).statusCode).toBe(202);
    const s = await state(f);
    expect(s.usage).toBe(150);
    expect(s.entries).toMatchObject([{ reason: 'USAGE', type: 'SUB', value: 150, newBalance: 0 }]);
    expect(s.rows.map((r) => [r.mode, r.isCharged, r.price]).sort()).toEqual([
      ['development', false, 0],
      ['production', true, 150],
    ]);
  });

  it('refuses bad keys (401), schema violations (400), unknown templates, params and phones (422) — and stores nothing', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', payload: znsBody(f) });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.code).toBe('API_KEY_INVALID');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': 'zck_nope' }, payload: znsBody(f) })).statusCode).toBe(401);

    const schema = await send(f, { ...znsBody(f), trackingId: 'x'.repeat(49), extra: 1 });
    expect(schema.statusCode).toBe(400);
    const paths = (schema.json().error.details.fields as Array<{ path: string }>).map((x) => x.path).join(' ');
    expect(paths).toContain('trackingId');
    expect(paths).toContain('extra');

    const unknownTemplate = await send(f, znsBody(f, { templateId: 'nope' }));
    expect(unknownTemplate.statusCode).toBe(422);
    expect(unknownTemplate.json().error).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', details: { fields: [{ path: 'templateId' }] } });

    const params = await send(f, znsBody(f, { templateData: { customer_name: 'x'.repeat(31), order_code: 'P1', bogus: 'y' } }));
    expect(params.statusCode).toBe(422);
    const issues = params.json().error.details.fields as Array<{ path: string; code: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'templateData.customer_name', code: 'max_length' }),
        expect.objectContaining({ path: 'templateData.order_code', code: 'min_length' }),
        expect.objectContaining({ path: 'templateData.bogus', code: 'unknown_param' }),
      ]),
    );
    const missing = await send(f, znsBody(f, { templateData: { customer_name: 'A' } }));
    expect(missing.json().error.details.fields).toEqual([expect.objectContaining({ path: 'templateData.order_code', code: 'required' })]);

    const phone = await send(f, znsBody(f, { phone: '0951234567' }));
    expect(phone.statusCode).toBe(422);
    expect(phone.json().error).toMatchObject({ code: 'PHONE_INVALID', details: { fields: [{ path: 'phone', code: 'phone_prefix' }] } });
    const phoneFormat = await send(f, znsBody(f, { phone: '12345' }));
    expect(phoneFormat.json().error.details.fields[0].code).toBe('phone_format');

    await t.database.db.update(apiKeys).set({ status: 'INACTIVE' }).where(eq(apiKeys.id, f.apiKeyId));
    const revoked = await send(f, znsBody(f));
    expect(revoked.statusCode).toBe(401);

    const s = await state(f);
    expect(s).toMatchObject({ balance: 100_000, rows: [], entries: [] });
  });

  it('cannot reach another tenant’s template with its own key', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret);
    const b = await buildSendFixture(t.database, t.config.appSecret);
    const res = await send(a, znsBody(a, { templateId: b.templateId }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('answers 403 when the key’s tenant has ZNS switched off', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    await t.database.db.execute(sql`update tenants set zns_service = false where id = ${f.tenantId}`);
    const res = await send(f, znsBody(f));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('MODULE_NOT_ENABLED');
  });
});

describe('POST /api/v1/oa/send', () => {
  const oaSend = (f: SendFixture, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/oa/send', headers: { 'x-api-key': f.secret }, payload: payload as object });

  it('accepts each §3 template type and charges the OA list price', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const messages = [
      { kind: 'text', text: 'Xin chào' },
      { kind: 'image', url: 'https://cdn.example.vn/a.png', caption: 'Ảnh' },
      { kind: 'file', token: 'file-token' },
      { kind: 'sticker', attachmentId: 'st-1' },
      { kind: 'quote', text: 'Trả lời', quoteMessageId: 'm-1' },
      { kind: 'request', title: 'Chia sẻ thông tin', subtitle: 'Để nhận ưu đãi', imageUrl: 'https://cdn.example.vn/b.png' },
      { kind: 'transaction', templateType: 'order', elements: { header: 'Đơn hàng', text: 'Đã giao', table: [{ key: 'Mã', value: 'PE01' }] }, buttons: [{ type: 'oa.open.url', title: 'Xem', payload: { url: 'https://shop.vn' } }] },
      { kind: 'promotion', elements: { header: 'Khuyến mãi', text: 'Giảm 10%' }, buttons: [{ type: 'oa.open.phone', title: 'Gọi', payload: { phone_code: '84987654321' } }] },
    ];
    for (const [i, message] of messages.entries()) {
      const res = await oaSend(f, { uid: '2512523625412515', trackingId: `oa-${i}`, message });
      expect(res.statusCode, `${message.kind}: ${res.body}`).toBe(202);
    }
    const s = await state(f);
    expect(s.rows).toHaveLength(8);
    expect(s.balance).toBe(10_000 - 6 * 55 - 2 * 165);
    expect(s.rows.every((r) => r.module === 'OA' && r.uid === '2512523625412515')).toBe(true);
  });

  it('enforces the §5 limits with field details', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const tooLong = await oaSend(f, { uid: '1', trackingId: 'x', message: { kind: 'text', text: 'a'.repeat(2001) } });
    expect(tooLong.statusCode).toBe(400);
    const rows = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    const table = await oaSend(f, { uid: '1', trackingId: 'y', message: { kind: 'promotion', elements: { header: 'h', text: 't', table: rows } } });
    expect(table.statusCode).toBe(400);
    expect(JSON.stringify(table.json().error.details.fields)).toContain('table');
    const request = await oaSend(f, { uid: '1', trackingId: 'z', message: { kind: 'request', title: 'a'.repeat(101), subtitle: 's', imageUrl: 'https://x.vn/a.png' } });
    expect(request.statusCode).toBe(400);
    expect((await state(f)).rows).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('documents the x-api-key scheme, the example and every answer of the send routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { security: unknown; requestBody: { content: Record<string, { schema: { example?: unknown } }> }; responses: Record<string, unknown> } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const path of ['/api/v1/zns/send', '/api/v1/oa/send']) {
      const op = doc.paths[path]?.post;
      expect(op?.security).toEqual([{ apiKey: [] }]);
      expect(op?.requestBody.content['application/json']?.schema.example).toBeTruthy();
      expect(Object.keys(op?.responses ?? {})).toEqual(['202', '400', '401', '402', '403', '413', '415', '422', '429']);
    }
  });
});
