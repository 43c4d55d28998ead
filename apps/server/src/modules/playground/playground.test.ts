import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { messageHistory, oaFollowers } from '../../db/schema/index';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, multipart, PNG_1PX, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { createCipher } from '../../platform/crypto';
import { applyEntry, ensureTenantWallet } from '../wallets/ledger';

let sb: RunningSandbox;
let t: TestContext;
let h: Record<string, string>;
let tenantId: string;
let orgId: string;
let oaId: string;
let apiKeyId: string;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  oaId = oa.json().data.id;
  const key = await t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: h, payload: { name: 'pg', zaloOAId: oaId, service: 'ZNS' } });
  expect(key.statusCode, key.body).toBe(200);
  apiKeyId = key.json().data.id;
  await t.database.db.transaction(async (tx) => {
    const wallet = await ensureTenantWallet(tx, tenantId);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 10_000, reason: 'TOPUP' });
  });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('followers', () => {
  it('syncs the OA’s followers from Zalo and lists them with display-name search and paging', async () => {
    const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
    expect(sync.statusCode, sync.body).toBe(200);
    const { synced, total } = sync.json().data as { synced: number; total: number };
    expect(synced).toBe(total);
    expect(synced).toBeGreaterThan(100);
    const page1 = await t.app.inject({ url: '/api/merchant/oa-user/getlist?size=20', headers: h });
    expect(page1.json().meta).toMatchObject({ total: synced, page: 1 });
    expect(page1.json().data).toHaveLength(20);
    const someone = page1.json().data[3] as { displayName: string; userId: string };
    const found = await t.app.inject({ url: `/api/merchant/oa-user/getlist?searchValue=${encodeURIComponent(someone.displayName.slice(-6))}`, headers: h });
    expect(found.json().data.map((f: { userId: string }) => f.userId)).toContain(someone.userId);
    // a second sync updates in place
    await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
    expect(await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.tenantId, tenantId))).toHaveLength(synced);
  });

  it('answers 404 for another tenant’s OA and keeps lists tenant-scoped', async () => {
    const other = await buildTenant(t.database, orgId, { oaService: true });
    const owner = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const oh = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': other.id });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: oh, payload: { zaloOAId: oaId } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/oa-user/getlist', headers: oh })).json().meta.total).toBe(0);
  });
});

describe('playground (§2.11)', () => {
  it('lists the sample messages of every §3 template type', async () => {
    const res = await t.app.inject({ url: '/api/merchant/uid/list-template?page=1&size=1000', headers: h });
    const types = (res.json().data as Array<{ uidMessageTemplates: Array<{ templateType: string }> }>).flatMap((g) => g.uidMessageTemplates.map((x) => x.templateType));
    expect(types.sort()).toEqual(['file', 'image', 'promotion', 'quote', 'request', 'sticker', 'text', 'transaction']);
  });

  it('sends a text to a recently active follower through the API key’s OA and the worker pushes it to Zalo', async () => {
    // The sandbox's first seeded user of the OA interacted an hour ago (inside the consultation window).
    const uid = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][0];
    expect(uid).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uid/send-message-playground',
      headers: h,
      payload: { apiKeyId, uidTypeId: 'text', uid, messageData: { kind: 'text', text: 'Xin chào từ playground' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    await processDueMessages({ db: t.database.db, zalo: createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts) });
    const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id));
    expect(row).toMatchObject({ module: 'OA', uid, status: 'PUSHED_ZALO', isCharged: true });
  });

  it('answers API key not found for an unknown or another tenant’s key, and 400 for bad message data', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId: '00000000-0000-4000-8000-000000000000', uidTypeId: 'text', uid: '123', messageData: { kind: 'text', text: 'x' } } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('API key not found');
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId, uidTypeId: 'text', uid: '123', messageData: { kind: 'text', text: 'x'.repeat(2001) } } });
    expect(tooLong.statusCode).toBe(400);
    const noUid = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId, uidTypeId: 'text', uid: '', messageData: { kind: 'text', text: 'x' } } });
    expect(noUid.statusCode).toBe(400);
  });

  it('uploads an image to Zalo and refuses a disguised or oversized file', async () => {
    const send = (fields: Record<string, string>, data: Buffer, filename = 'a.png') => {
      const form = multipart(fields, { filename, contentType: 'image/png', data });
      return t.app.inject({ method: 'POST', url: '/api/uid/upload-file-playground', payload: form.payload, headers: { ...h, ...form.headers } });
    };
    const ok = await send({ type: 'IMAGE', apiKeyId }, PNG_1PX);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.token).toBeTruthy();
    expect((await send({ type: 'IMAGE', apiKeyId }, Buffer.from('GIF89a not really'))).statusCode).toBe(415);
    expect((await send({ type: 'IMAGE', apiKeyId }, Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(413);
    expect((await send({ type: 'FILE', apiKeyId }, Buffer.from('%PDF-1.4 tiny'), 'a.pdf')).statusCode).toBe(200);
    expect((await send({ type: 'PHOTO', apiKeyId }, PNG_1PX)).statusCode).toBe(400);
  });

  it('answers 403 to a member without SEND_REQUEST_PLAYGROUND', async () => {
    const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId] });
    const eh = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': tenantId });
    expect((await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: eh, payload: {} })).statusCode).toBe(403);
  });
});
