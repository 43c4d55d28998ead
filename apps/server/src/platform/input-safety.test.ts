import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isHeaderSafe, isSafeText, safeText, unsafeTextCode } from '@zc/shared/api/common';
import { tenants } from '../db/schema/organisation';
import { buildSendFixture, znsBody, type SendFixture } from '../modules/messaging/test-fixtures';
import { buildUser, createTestApp, loginAs, multipart, PNG_1PX, type Session, type TestContext } from '../test/helpers';
import { routeTables } from './mutation';
import { unsafeTextIssues } from './input-safety';

let t: TestContext;
let f: SendFixture;
let s: Session;
/** A mini app of the tenant (x-zma-id of the /api/zma/merchant routes) and its API key (/api/zma/v1). */
let zma: { id: string; key: string };
beforeAll(async () => {
  t = await createTestApp();
  f = await buildSendFixture(t.database, t.config.appSecret);
  // Every service on, so each gated route (teams need isMultiTeam, mini apps isMiniAppEnabled) reaches the input check.
  await t.database.db.update(tenants).set({ isMultiTeam: true, isMiniAppEnabled: true }).where(eq(tenants.id, f.tenantId));
  const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
  s = await loginAs(t.app, owner.email);
  const app = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/mini-app', headers: s.headers({ 'x-tenant-id': f.tenantId }), payload: { name: 'Loyalty', zaloAppId: '27364015981', appSecret: 'input-safety-secret' } });
  const id = app.json().data.id as string;
  const key = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/mini-app/${id}/api-keys`, headers: s.headers({ 'x-tenant-id': f.tenantId }), payload: { name: 'POS' } });
  zma = { id, key: key.json().data.secret as string };
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

type Kind = 'key' | 'tenant' | 'merchant' | 'user' | 'public';
interface Place {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  kind: Kind;
  payload?: () => object;
  form?: () => { payload: Buffer; headers: Record<string, string> };
  path: string;
  code: 'nul_character' | 'lone_surrogate';
}

const q = encodeURIComponent;

/** The places issue 8 found answering 500 (and a few like them): each must answer 400 naming the field. */
const PLACES: Place[] = [
  // Public send API
  { name: 'ZNS templateId (NUL)', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { templateId: `${f.templateId}${NUL}` }), path: 'body.templateId', code: 'nul_character' },
  { name: 'ZNS templateId (lone surrogate)', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { templateId: `tpl${LONE_LOW}` }), path: 'body.templateId', code: 'lone_surrogate' },
  { name: 'ZNS trackingId', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { trackingId: `t${NUL}1` }), path: 'body.trackingId', code: 'nul_character' },
  { name: 'ZNS trackingId (lone surrogate)', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { trackingId: `t${LONE_HIGH}` }), path: 'body.trackingId', code: 'lone_surrogate' },
  { name: 'ZNS templateData value', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { templateData: { customer_name: `A${NUL}`, order_code: 'PE0102' } }), path: 'body.templateData.customer_name', code: 'nul_character' },
  { name: 'ZNS templateData value (lone surrogate)', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { templateData: { customer_name: 'A', order_code: `PE${LONE_HIGH}02` } }), path: 'body.templateData.order_code', code: 'lone_surrogate' },
  { name: 'ZNS templateData key', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { templateData: { customer_name: 'A', order_code: 'PE0102', [`k${NUL}`]: 'v' } }), path: 'body.templateData.k\\u0000', code: 'nul_character' },
  { name: 'ZNS phone', method: 'POST', url: () => '/api/v1/zns/send', kind: 'key', payload: () => znsBody(f, { phone: `0987654321${NUL}` }), path: 'body.phone', code: 'nul_character' },
  { name: 'OA text', method: 'POST', url: () => '/api/v1/oa/send', kind: 'key', payload: () => ({ uid: '2512523625412515', trackingId: 'oa-1', message: { kind: 'text', text: `Xin chào${NUL}` } }), path: 'body.message.text', code: 'nul_character' },
  { name: 'OA text (lone surrogate)', method: 'POST', url: () => '/api/v1/oa/send', kind: 'key', payload: () => ({ uid: '2512523625412515', trackingId: 'oa-2', message: { kind: 'text', text: `Xin chào ${LONE_LOW}` } }), path: 'body.message.text', code: 'lone_surrogate' },
  // Search filters
  { name: 'ZNS history trackingId filter', method: 'GET', url: () => `/api/merchant/zns/history?trackingId=${q(`t${NUL}`)}`, kind: 'tenant', path: 'querystring.trackingId', code: 'nul_character' },
  { name: 'ZNS history phone filter', method: 'GET', url: () => `/api/merchant/zns/history?phone=${q(`0987${NUL}`)}`, kind: 'tenant', path: 'querystring.phone', code: 'nul_character' },
  { name: 'ZNS history templateName filter', method: 'GET', url: () => `/api/merchant/zns/history?templateName=${q(NUL)}`, kind: 'tenant', path: 'querystring.templateName', code: 'nul_character' },
  { name: 'UID history trackingId filter', method: 'GET', url: () => `/api/merchant/uid?trackingId=${q(`x${NUL}`)}`, kind: 'tenant', path: 'querystring.trackingId', code: 'nul_character' },
  { name: 'UID export uid filter', method: 'GET', url: () => `/api/merchant/uid/export?uid=${q(NUL)}`, kind: 'tenant', path: 'querystring.uid', code: 'nul_character' },
  { name: 'users email filter', method: 'GET', url: () => `/api/merchant/user/by-merchant?email=${q(`a${NUL}@b.vn`)}`, kind: 'merchant', path: 'querystring.email', code: 'nul_character' },
  { name: 'users tenantName filter', method: 'GET', url: () => `/api/merchant/user/by-merchant?tenantName=${q(NUL)}`, kind: 'merchant', path: 'querystring.tenantName', code: 'nul_character' },
  { name: 'followers searchValue', method: 'GET', url: () => `/api/merchant/oa-user/getlist?searchValue=${q(`An${NUL}`)}`, kind: 'tenant', path: 'querystring.searchValue', code: 'nul_character' },
  { name: 'an id in the path', method: 'GET', url: () => `/api/merchant/zalo-oa/${q(`x${NUL}`)}`, kind: 'tenant', path: 'params.id', code: 'nul_character' },
  // Profile, fallback, multipart tenant name, and other forms
  { name: 'profile displayName', method: 'PATCH', url: () => '/api/auth/profile', kind: 'user', payload: () => ({ displayName: `Nguyễn${NUL}` }), path: 'body.displayName', code: 'nul_character' },
  { name: 'profile displayName (lone surrogate)', method: 'PATCH', url: () => '/api/auth/profile', kind: 'user', payload: () => ({ displayName: `Nguyễn ${LONE_HIGH}` }), path: 'body.displayName', code: 'lone_surrogate' },
  { name: 'fallback content', method: 'PUT', url: () => '/api/merchant/fallback', kind: 'tenant', payload: () => ({ enabled: true, triggerCodes: [-114], messageKind: 'text', header: '', content: `Mã OTP ${NUL}{{otp}}` }), path: 'body.content', code: 'nul_character' },
  { name: 'fallback preview templateData', method: 'POST', url: () => '/api/merchant/fallback/preview', kind: 'tenant', payload: () => ({ messageKind: 'text', content: 'Mã {{otp}}', templateData: { otp: `1${NUL}` } }), path: 'body.templateData.otp', code: 'nul_character' },
  { name: 'login email (public)', method: 'POST', url: () => '/api/auth/login/credential', kind: 'public', payload: () => ({ email: `a${NUL}@b.vn`, password: 'x' }), path: 'body.email', code: 'nul_character' },
  { name: 'API key name', method: 'POST', url: () => '/api/merchant/api-key', kind: 'tenant', payload: () => ({ name: `key${NUL}` }), path: 'body.name', code: 'nul_character' },
  { name: 'webhook url', method: 'POST', url: () => '/api/merchant/webhook', kind: 'tenant', payload: () => ({ url: `https://hooks.example.vn/${NUL}`, events: ['message.status'] }), path: 'body.url', code: 'nul_character' },
  { name: 'a JSON key at the top of a body', method: 'PATCH', url: () => '/api/auth/profile', kind: 'user', payload: () => ({ displayName: 'A', [`x${NUL}`]: 1 }), path: 'body.x\\u0000', code: 'nul_character' },
  { name: 'multipart tenant name (create)', method: 'POST', url: () => '/api/merchant/tenant', kind: 'merchant', form: () => multipart({ name: `Cửa hàng${NUL}` }, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX }), path: 'body.name', code: 'nul_character' },
  { name: 'multipart tenant name (update)', method: 'PATCH', url: () => `/api/merchant/tenant/${f.tenantId}`, kind: 'merchant', form: () => multipart({ name: `Cửa hàng${NUL}` }), path: 'body.name', code: 'nul_character' },
];

function headersFor(kind: Kind): Record<string, string> {
  if (kind === 'key') return { 'x-api-key': f.secret };
  if (kind === 'tenant') return s.headers({ 'x-tenant-id': f.tenantId });
  if (kind === 'merchant') return s.headers({ 'x-merchant-id': f.merchantId });
  if (kind === 'user') return s.headers();
  return {};
}

describe('unstorable text answers 400 naming the field, never 500 (issue 8, defect 4)', () => {
  it.each(PLACES.map((p) => [p.name, p] as const))('%s', async (_name, place) => {
    const form = place.form?.();
    const res = await t.app.inject({
      method: place.method,
      url: place.url(),
      headers: { ...headersFor(place.kind), ...(form?.headers ?? {}) },
      ...(form ? { payload: form.payload } : place.payload ? { payload: place.payload() } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error as { code: string; details: { fields: Array<{ path: string; code: string; message: string }> }; requestId: string };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.requestId).toBeTruthy();
    expect(error.details.fields).toEqual([{ path: place.path, code: place.code, message: expect.any(String) }]);
  });

  it('wrote nothing for any of them', async () => {
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.id, f.tenantId));
    expect(tenant?.name).not.toContain(NUL);
    const created = await t.database.db.select().from(tenants).where(eq(tenants.merchantId, f.merchantId));
    expect(created).toHaveLength(1);
  });

  it('covers every /api route, present and future: a poisoned query or body key answers 400 naming it, never 5xx', async () => {
    const table = (routeTables.get(t.app) ?? []).filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(50);
    const refusedAtTheEdge: string[] = [];
    for (const route of table) {
      const url = route.url.replace(/:id\b/g, f.tenantId).replace(/:(\w+)/g, 'x');
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${url}?zz=${q(NUL)}`,
        headers: { ...s.headers({ 'x-tenant-id': f.tenantId, 'x-zma-id': zma.id }), 'x-api-key': route.url.startsWith('/api/zma/v1/') ? zma.key : f.secret },
        ...(withBody ? { payload: { [`k${NUL}`]: LONE_LOW } } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 400 && JSON.stringify(res.json()).includes('querystring.zz')) refusedAtTheEdge.push(`${route.method} ${route.url}`);
    }
    // Every route, the public ones (login, the Zalo webhook, the send API with its key) included.
    expect(table.filter((r) => !refusedAtTheEdge.includes(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('the shared rule', () => {
  it('refuses NUL and unpaired surrogates, and nothing else', () => {
    expect(unsafeTextCode('Nguyễn Văn A 😀 \t\n\u0001')).toBeNull();
    expect(unsafeTextCode('a\u0000')).toBe('nul_character');
    expect(unsafeTextCode('\uD83D')).toBe('lone_surrogate');
    expect(unsafeTextCode('\uDE00\uD83D')).toBe('lone_surrogate'); // a pair in the wrong order is two lone halves
    expect(isSafeText('\uD83D\uDE00')).toBe(true);
    expect(safeText().safeParse('ok').success).toBe(true);
    const refused = safeText().safeParse('x\u0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('NUL');
  });

  it('finds every bad string and key with its path, in arrays and nested objects', () => {
    const issues = unsafeTextIssues({ a: ['ok', 'b\u0000'], b: { 'c\uDC00': 'd', e: 1, f: null } }, 'body');
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['body.a.1', 'nul_character'],
      ['body.b.c\\udc00', 'lone_surrogate'],
    ]);
    const deep = JSON.parse(`${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`) as unknown;
    expect(unsafeTextIssues(deep, 'body')).toHaveLength(1);
  });

  it('header safety: printable ASCII only', () => {
    expect(isHeaderSafe('v1.abc-DEF_123~/+=')).toBe(true);
    for (const bad of ['a\r\nb', 'a\nb', 'a\u0000', 'tok😀', 'tiếng', '\u007f']) expect(isHeaderSafe(bad), JSON.stringify(bad)).toBe(false);
  });
});
