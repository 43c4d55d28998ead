import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { TenantInfo } from './expected-menu';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'Demo@12345';
export const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Debian's Chromium, flags for a container without a GPU or a user namespace sandbox. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface ApiSession {
  token: string;
  isEU: boolean;
  euTenantId: string | null;
  merchantId: string;
  merchantPermissions: Set<string>;
  tenants: TenantInfo[];
  tenantPermissions: Map<string, Set<string>>;
}

async function api<T>(pathname: string, token: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${pathname}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  if (!res.ok) throw new Error(`GET ${pathname} answered ${res.status}: ${await res.text()}`);
  // The answers follow the shared schemas; the journeys only read the fields named in T.
  return ((await res.json()) as { data: T }).data;
}

/** Reads from the API what a user may see: the server is the source of truth for permissions. */
export async function loadApiSession(email: string): Promise<ApiSession> {
  const res = await fetch(`${BASE_URL}/api/auth/login/credential`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  const eu = await api<{ isEU: boolean; merchantId: string | null; tenantId: string | null }>('merchant/merchant/check-eu-by-user', token);
  const merchants = await api<Array<{ id: string; tenants: TenantInfo[] }>>('merchant/tenant/list-by-user', token);
  const merchant = merchants.find((m) => m.id === eu.merchantId) ?? merchants[0];
  if (!merchant) throw new Error(`${email} has no organisation`);
  const merchantPermissions = new Set(await api<string[]>('merchant/user/get-user-permission-merchant', token, { 'x-merchant-id': merchant.id }));
  const tenantPermissions = new Map<string, Set<string>>();
  for (const t of merchant.tenants) {
    const list = await api<string[]>('merchant/user/get-user-permission-tenant', token, { 'x-merchant-id': merchant.id, 'x-tenant-id': t.id });
    tenantPermissions.set(t.id, new Set(list));
  }
  return { token, isEU: eu.isEU, euTenantId: eu.tenantId, merchantId: merchant.id, merchantPermissions, tenants: merchant.tenants, tenantPermissions };
}

/** A JSON call as `session`'s user in one tenant; asserts success and answers the `data` of the body. */
export function tenantApi(session: ApiSession, tenantId: string) {
  return async <T>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${BASE_URL}/api/${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenantId, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

/**
 * The demo ZNS tenant ready to send: 'Shop An Nhiên' as `email`, a ZNS API key named `keyName` for the
 * sandbox OA (picked by its Zalo id: other journeys connect more OAs), its templates synced and its
 * prepaid wallet topped up by `balance`.
 */
export async function znsSendSetup(email: string, keyName: string, balance = 100_000) {
  const session = await loadApiSession(email);
  const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
  assert.ok(tenant, 'the demo ZNS tenant exists');
  const api = tenantApi(session, tenant.id);
  const oas = await api<Array<{ id: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
  const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
  assert.ok(oa, 'the tenant has the sandbox OA');
  const key = await api<{ id: string; secret: string }>('POST', 'merchant/api-key', { name: keyName, zaloOAId: oa.id, service: 'ZNS' });
  await api('POST', 'merchant/template/sync');
  await api('POST', 'merchant/billing/update-tenant-balance', { billingBalance: balance, billingMode: 'PREPAID', billingType: 'ADD', threshold: 0, thresholdNotificationUserIds: [] }, { 'x-merchant-id': session.merchantId });
  return { session, tenant, api, oa, key };
}

/**
 * Requests in flight per page, the realtime stream aside: it stays open for the whole session, so
 * Playwright's 'networkidle' never fires on a signed-in page. Tracking starts at sign-in (or at the
 * first `settle` of a page that signed in another way).
 */
const inFlight = new WeakMap<Page, Set<object>>();
const LONG_LIVED = /\/api\/realtime\//;

function trackRequests(page: Page): Set<object> {
  let open = inFlight.get(page);
  if (open) return open;
  const tracked = new Set<object>();
  open = tracked;
  inFlight.set(page, tracked);
  page.on('request', (r) => void (LONG_LIVED.test(r.url()) || tracked.add(r)));
  page.on('requestfinished', (r) => void tracked.delete(r));
  page.on('requestfailed', (r) => void tracked.delete(r));
  return tracked;
}

/** The page has loaded and no request but the realtime stream has been open for 500 ms (at most 15 s). */
export async function settle(page: Page): Promise<void> {
  const open = trackRequests(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + 15_000;
  let quietSince = open.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(50);
  }
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string): Promise<void> {
  trackRequests(page);
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel(/Email/).fill(email);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/tenant', { timeout: 20_000 });
}

/** The data-menu-key of every rendered sidebar item, once the menu has settled. */
export async function readMenuKeys(page: Page): Promise<string[]> {
  await settle(page);
  await page.locator('[data-testid=shell-menu] [data-menu-key]').first().waitFor({ timeout: 15_000 });
  let previous = '';
  for (let i = 0; i < 20; i += 1) {
    const keys = await page.$$eval('[data-testid=shell-menu] [data-menu-key]', (els) => els.map((e) => e.getAttribute('data-menu-key') ?? ''));
    const joined = keys.join(',');
    if (joined === previous) return keys;
    previous = joined;
    await page.waitForTimeout(150);
  }
  return previous.split(',');
}

/** Opens the profile menu and signs out. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-logout').click();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
}

/**
 * A pointer action on a page that may still be settling: `act`, then up to 10 s for `applied`. A re-render
 * (a late layout shift) can move the target between Playwright's checks and the click, which then changes
 * nothing, as it would for a person, who tries again: so does this, up to three times, logging each retry
 * with what `seen` reports, and failing with it after the third.
 */
async function untilApplied(what: string, act: (attempt: number) => Promise<void>, applied: () => Promise<unknown>, seen: () => Promise<string>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await act(attempt);
    const ok = await applied()
      .then(() => true)
      .catch(() => false);
    if (ok) return;
    const state = await seen();
    if (attempt >= 3) throw new Error(`${what}: nothing changed after ${attempt} tries (${state})`);
    console.log(`${what}: try ${attempt} changed nothing (${state}); trying again`);
  }
}

/** Switches the console's language with the header switcher and waits until the page says it. */
export async function setLanguage(page: Page, lng: 'vi' | 'en'): Promise<void> {
  const menuOpen = () => page.evaluate(() => Boolean(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')));
  await untilApplied(
    `setLanguage(${lng})`,
    async (attempt) => {
      if (attempt > 1 && (await menuOpen())) await page.keyboard.press('Escape');
      await page.getByTestId('language-switcher').click();
      await page.getByTestId(`language-${lng}`).click();
    },
    () => page.waitForFunction((l) => document.documentElement.lang === l, lng, { timeout: 10_000 }),
    async () => `lang=${await page.evaluate(() => document.documentElement.lang)}, menu open: ${await menuOpen()}, at ${new URL(page.url()).pathname}`,
  );
}

/** Opens a page from the shell's side menu: the link `href`, inside the group labelled `group` (opened first when its link is hidden), until the address matches `url`. */
export async function followMenuLink(page: Page, href: string, group: string, url: RegExp): Promise<void> {
  const link = page.locator(`a[href="${href}"]`);
  await untilApplied(
    `followMenuLink(${href})`,
    async () => {
      if ((await link.count()) === 0 || !(await link.first().isVisible())) await page.getByText(group, { exact: true }).first().click();
      await link.first().click();
    },
    () => page.waitForURL(url, { timeout: 10_000 }),
    async () => `at ${new URL(page.url()).pathname}`,
  );
}

/** Hovers `target` until `shown` (a tooltip) is visible; before another try the pointer leaves. */
export async function hoverUntil(page: Page, target: Locator, shown: Locator, what: string): Promise<void> {
  await untilApplied(
    `hoverUntil(${what})`,
    async (attempt) => {
      if (attempt > 1) await page.mouse.move(0, 0);
      await target.hover();
    },
    () => shown.waitFor({ timeout: 10_000 }),
    async () => 'no tooltip',
  );
}

/** The phone viewport the journeys check layouts at (§ quality bar: 390 px). */
export const PHONE = { width: 390, height: 844 };

/** Fails when the page scrolls sideways at the phone width. */
export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  // After a viewport change the layout settles over a few frames (responsive breakpoints are
  // media-query listeners that re-render); wait for it briefly, then measure what stays.
  await page
    .waitForFunction((limit) => document.documentElement.scrollWidth <= limit, PHONE.width + 1, { timeout: 3_000 })
    .catch(() => undefined);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width + 1, `${what}: no sideways scrolling at 390 px (${width})`);
}

export function shot(name: string): string {
  return path.join(SCREENSHOTS, `${name}.png`);
}

/** The desktop viewport the journeys check layouts at (1440 px). */
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Screenshots of `url` in vi and en, at 1440 px and at the phone width (where it must not scroll
 * sideways), once the element with test id `ready` shows; leaves the page at 1440 px in vi.
 */
export async function shotsAt(page: Page, name: string, url: string, ready: string): Promise<void> {
  for (const lng of ['vi', 'en'] as const) {
    await page.setViewportSize(DESKTOP);
    await page.goto(url);
    await settle(page);
    if ((await page.evaluate(() => document.documentElement.lang)) !== lng) await setLanguage(page, lng);
    await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
    await settle(page);
    await page.screenshot({ path: shot(`${name}-${lng}`), fullPage: true });
    await page.setViewportSize(PHONE);
    await settle(page);
    await noSidewaysScroll(page, `${name} ${lng}`);
    await page.screenshot({ path: shot(`${name}-${lng}-phone`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await setLanguage(page, 'vi');
}

/** The first of the session's tenants with the OA service that has a connected OA. */
export async function tenantWithOa(session: ApiSession): Promise<{ id: string }> {
  for (const candidate of session.tenants.filter((t) => t.oaService)) {
    const list = await tenantApi(session, candidate.id)<unknown[]>('GET', 'merchant/zalo-oa/list-oa');
    if (list.length > 0) return candidate;
  }
  assert.fail('a demo tenant with its sandbox OA');
}

/** Fills and submits the login form on the current page (which may carry a `next`). */
export async function submitLogin(page: Page, email: string): Promise<void> {
  trackRequests(page);
  await page.getByLabel(/Email/).fill(email);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** Every sidebar link: its menu key and the in-app address it opens. */
export async function readMenuLinks(page: Page): Promise<Array<{ key: string; href: string }>> {
  await readMenuKeys(page);
  return page.$$eval('[data-testid=shell-menu] a[data-menu-key]', (els) =>
    els.map((e) => ({ key: e.getAttribute('data-menu-key') ?? '', href: e.getAttribute('href') ?? '' })),
  );
}

/**
 * What a signed-in page must never be (issue 9): the forbidden page, the "not available"
 * placeholder, or a full-page error without the shell. Answers a description of what was found.
 */
export async function findDeadEnd(page: Page): Promise<string | null> {
  await settle(page);
  const url = new URL(page.url());
  if (url.pathname === '/forbidden' || url.pathname === '/login') return `landed on ${url.pathname}`;
  // The shell may still be resolving the organisation and permissions: give it a moment.
  const hasShell = await page
    .getByTestId('app-header')
    .first()
    .waitFor({ timeout: 10_000 })
    .then(() => true, () => false);
  if (!hasShell) return 'no shell (full-page screen)';
  await settle(page);
  for (const [selector, what] of [
    ['[data-testid=forbidden]', 'forbidden'],
    ['.ant-layout-content .ant-result-403', '403 result'],
    ['.ant-layout-content .ant-result-404', '404 result'],
    ['.ant-layout-content .ant-result-500', 'error result'],
  ] as const) {
    if ((await page.locator(selector).count()) > 0) return `${what}: ${(await page.locator(selector).first().textContent())?.slice(0, 120) ?? ''}`;
  }
  return null;
}
