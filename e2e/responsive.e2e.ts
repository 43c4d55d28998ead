// Responsive shell journey (issue 9, defects 1, 4, 5, 11): every signed-in page fits a 390 px phone
// (no sideways scroll of the page), the sidebar becomes a keyboard-usable drawer there, the ZNS
// history keeps its id, status and time in view at 1280 px with a column drawer that remembers its
// choice, and the sidebar remembers being collapsed. The page list comes from the menus the server's
// permissions allow (the same expectation as menus.e2e.ts) plus the pages the menu does not list.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, settle as settleRequests, shot, signIn, type ApiSession } from './support/harness';
import { expectedOrganisationMenu, expectedTenantMenu } from './support/expected-menu';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const LAPTOP = { width: 1280, height: 800 };
const OWNER = 'owner@demo.vn';
const LIMITED = 'user@demo.vn';
/** The main sandbox OA's "order confirmation" template (connected to the demo shop by the seed). */
const ORDER_TEMPLATE_ID = '3010021';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Waits for the page's requests (the realtime stream aside) and its spinners to finish. */
async function settle(page: Page): Promise<void> {
  await settleRequests(page);
  for (let i = 0; i < 40 && (await page.locator('.ant-spin-spinning, .ant-skeleton-active').count()) > 0; i += 1) await page.waitForTimeout(250);
  await page.waitForTimeout(150);
}

interface Fit {
  scrollWidth: number;
  innerWidth: number;
  overflowX: string[];
  /** The deepest elements reaching past the right edge without a clipping ancestor: what to fix. */
  offenders: string[];
}

// A string, not a function: tsx compiles named inner functions with a `__name` helper the page lacks.
const MEASURE_FIT = `(() => {
  const innerWidth = window.innerWidth;
  const root = document.documentElement;
  const clippedByAncestor = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };
  const name = (el) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(/\\s+/).filter(Boolean).slice(0, 3).join('.') : '';
    return el.tagName.toLowerCase() + (id ? '[data-testid=' + id + ']' : '') + (cls ? '.' + cls : '');
  };
  const wide = [...document.body.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.right > innerWidth + 0.5 && !clippedByAncestor(el);
  });
  const leaves = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
  return {
    scrollWidth: root.scrollWidth,
    innerWidth,
    overflowX: [getComputedStyle(root).overflowX, getComputedStyle(document.body).overflowX],
    offenders: leaves.slice(0, 6).map((el) => name(el) + ' right=' + Math.round(el.getBoundingClientRect().right)),
  };
})()`;

async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate<Fit>(MEASURE_FIT);
}

/** The page is not wider than the viewport, and not by hiding the overflow of the page itself. */
async function fitProblem(page: Page, label: string): Promise<string | null> {
  const fit = await measureFit(page);
  if (fit.overflowX.some((o) => o === 'hidden' || o === 'clip')) return `${label}: html/body overflow-x is ${fit.overflowX.join('/')}`;
  if (fit.scrollWidth <= fit.innerWidth) return null;
  return `${label}: ${fit.scrollWidth} px wide in ${fit.innerWidth} px (${fit.offenders.join('; ')})`;
}

const navDrawer = (page: Page) => page.locator('.zc-nav-drawer .ant-drawer-section');

async function openNav(page: Page): Promise<void> {
  await page.getByTestId('nav-drawer-open').click();
  await navDrawer(page).locator('[data-testid=shell-menu]').waitFor();
}

async function closeNav(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await navDrawer(page).waitFor({ state: 'hidden' });
}

/** Keys and links of the drawer's menu once it has settled (items arrive with the permissions). */
async function readDrawerMenu(page: Page): Promise<Array<{ key: string; href: string | null }>> {
  await settleRequests(page);
  let previous = '';
  let items: Array<{ key: string; href: string | null }> = [];
  for (let i = 0; i < 20; i += 1) {
    // Open every group (the drawer renders a group's items once it has been opened).
    const closed = navDrawer(page).locator('.ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    for (let n = await closed.count(); n > 0; n = await closed.count()) await closed.first().click();
    items = await navDrawer(page)
      .locator('[data-testid=shell-menu] [data-menu-key]')
      .evaluateAll((els) => els.map((e) => ({ key: e.getAttribute('data-menu-key') ?? '', href: e.getAttribute('href') })));
    const joined = items.map((x) => x.key).join(',');
    if (joined === previous && items.length > 0) break;
    previous = joined;
    await page.waitForTimeout(150);
  }
  return items;
}

/**
 * Every signed-in page a user may reach: the links of the menus the permissions allow (asserted equal
 * to the expected menus first), plus the profile, the tenant settings tabs and the OA setting page.
 */
async function signedInPages(page: Page, session: ApiSession): Promise<string[]> {
  const paths: string[] = [];
  const collect = (items: Array<{ href: string | null }>) => {
    for (const { href } of items) if (href) paths.push(href);
  };
  if (!session.isEU) {
    await page.goto(`${BASE_URL}/dashboard`);
    await openNav(page);
    const items = await readDrawerMenu(page);
    assert.deepEqual(
      items.map((x) => x.key),
      expectedOrganisationMenu(session.merchantPermissions, session.tenants),
      'the phone drawer shows the organisation menu',
    );
    collect(items);
    await closeNav(page);
  }
  for (const tenant of session.tenants) {
    await page.goto(`${BASE_URL}/tenant?tenantId=${tenant.id}`);
    await openNav(page);
    const items = await readDrawerMenu(page);
    assert.deepEqual(
      items.map((x) => x.key),
      expectedTenantMenu(session.tenantPermissions.get(tenant.id) ?? new Set(), tenant),
      `the phone drawer shows the menu of ${tenant.name}`,
    );
    collect(items);
    await closeNav(page);
    const q = `?tenantId=${tenant.id}`;
    paths.push(`/tenant/settings/webhook${q}`, `/tenant/settings/fallback${q}`);
    if (tenant.oaService) paths.push(`/tenant/zalo-oa/setting${q}`);
  }
  paths.push('/profile');
  return [...new Set(paths)];
}

/** Opens a page: inside the signed-in app by a client-side navigation (no reload of the bundle), else by loading it. */
async function visit(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => document.querySelector('[data-testid=app-header]') !== null);
  if (!inApp) {
    await page.goto(`${BASE_URL}${path}`);
    return;
  }
  // React Router follows a popstate to whatever the location now is.
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Visits each page at the context's viewport; returns what did not fit (all pages, then one assert). */
async function checkPages(page: Page, paths: string[], shots: Record<string, string> = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await visit(page, path);
    await settle(page);
    const problem = await fitProblem(page, path);
    if (problem) problems.push(problem);
    const name = shots[path.split('?')[0] ?? ''];
    if (name) await page.screenshot({ path: shot(name), fullPage: true });
  }
  return problems;
}

/** Gives the demo shop a few ZNS rows through the public send API (a key made over the REST API). */
async function sendSomeZns(session: ApiSession, tenantId: string): Promise<void> {
  const headers = { Authorization: `Bearer ${session.token}`, 'x-merchant-id': session.merchantId, 'x-tenant-id': tenantId, 'Content-Type': 'application/json' };
  const synced = await fetch(`${BASE_URL}/api/merchant/template/sync`, { method: 'POST', headers, body: '{}' });
  assert.equal(synced.status, 200, await synced.clone().text());
  const oas = (await (await fetch(`${BASE_URL}/api/merchant/zalo-oa/list-oa`, { headers })).json()) as { data: Array<{ id: string; zoaId?: string }> };
  // The sandbox's main OA: the content journey may have connected another one to this tenant.
  const oa = oas.data.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas.data[0];
  assert.ok(oa, 'the demo shop has a connected OA');
  const created = await fetch(`${BASE_URL}/api/merchant/api-key`, { method: 'POST', headers, body: JSON.stringify({ name: 'responsive e2e', zaloOAId: oa.id, service: 'ZNS' }) });
  assert.equal(created.status, 200, await created.clone().text());
  const { secret } = ((await created.json()) as { data: { secret: string } }).data;
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(`${BASE_URL}/api/v1/zns/send`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({
        phone: `098765432${i}`,
        templateId: ORDER_TEMPLATE_ID,
        templateData: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: `PE01029948${i}`, amount: '250000', order_date: '21/11/2026' },
        trackingId: `responsive-${Date.now()}-${i}`,
      }),
    });
    assert.equal(res.status, 202, await res.clone().text());
  }
}

/** Shows every status in the history table (Check All → OK) and waits for rows. */
async function showAllStatuses(page: Page): Promise<void> {
  await page.getByTestId('status-filter-trigger').first().click();
  const filter = page.getByTestId('status-filter');
  await filter.getByTestId('status-filter-all').click();
  if (!(await filter.getByTestId('status-filter-all').isChecked())) await filter.getByTestId('status-filter-all').click();
  await filter.getByTestId('status-filter-ok').click();
  await page.locator('[data-testid=history-table] tr.ant-table-row').first().waitFor({ timeout: 15_000 });
}

/** True when the element's box lies inside the box of the table's scroll container. */
async function insideScroller(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const scroller = el?.closest('.ant-table-content, .ant-table-body');
    if (!el || !scroller) return false;
    const a = el.getBoundingClientRect();
    const b = scroller.getBoundingClientRect();
    return a.left >= b.left - 1 && a.right <= b.right + 1 && a.width > 0;
  }, selector);
}

describe('responsive shell (issue 9)', () => {
  it('fits every signed-in page of the owner on a 390 px phone (vi), with a keyboard-usable drawer', { timeout: 600_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: PHONE });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/login`);
      await settle(page);
      assert.equal(await fitProblem(page, '/login'), null);
      await page.screenshot({ path: shot('responsive-login-390-vi') });
      await signIn(page, OWNER);
      await settle(page);
      assert.equal(await page.locator('[data-testid=shell-sider]').count(), 0, 'no sidebar on a phone');

      // The drawer by keyboard: Enter on the header button opens it, Tab reaches a menu link, Enter follows it and closes the drawer.
      const opener = page.getByTestId('nav-drawer-open');
      await opener.focus();
      await page.keyboard.press('Enter');
      await navDrawer(page).locator('[data-menu-key=user]').waitFor();
      assert.equal(await opener.getAttribute('aria-expanded'), 'true');
      await page.screenshot({ path: shot('responsive-drawer-390-vi') });
      let reached = false;
      for (let i = 0; i < 40 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.getAttribute('data-menu-key') === 'user');
      }
      assert.ok(reached, 'Tab reaches the User link inside the drawer');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard/user');
      await navDrawer(page).waitFor({ state: 'hidden' });
      // Escape closes it and gives the focus back to the header button.
      await opener.click();
      await navDrawer(page).locator('[data-testid=shell-menu]').waitFor();
      await closeNav(page);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'nav-drawer-open');

      const paths = await signedInPages(page, session);
      assert.ok(paths.length >= 20, `the owner reaches many pages (${paths.length})`);
      const problems = await checkPages(page, paths, {
        '/dashboard': 'responsive-dashboard-390-vi',
        '/dashboard/tenant': 'responsive-tenants-390-vi',
        '/dashboard/user': 'responsive-users-390-vi',
        '/audit-log': 'responsive-audit-log-390-vi',
        '/tenant/api-keys': 'responsive-api-keys-390-vi',
        '/tenant/zns-service/template-management': 'responsive-template-management-390-vi',
        '/tenant/zns-service/playground': 'responsive-playground-390-vi',
        '/tenant/settings/webhook': 'responsive-webhook-390-vi',
        '/profile': 'responsive-profile-390-vi',
      });
      assert.deepEqual(problems, [], 'no signed-in page is wider than the phone');
    } finally {
      await context.close();
    }
  });

  it('fits every signed-in page of a limited role (USER) on a 390 px phone (vi)', { timeout: 600_000 }, async () => {
    const session = await loadApiSession(LIMITED);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: PHONE });
    const page = await context.newPage();
    try {
      await signIn(page, LIMITED);
      const paths = await signedInPages(page, session);
      const problems = await checkPages(page, paths, { '/tenant': 'responsive-user-role-tenant-390-vi' });
      assert.deepEqual(problems, [], 'no signed-in page is wider than the phone');
    } finally {
      await context.close();
    }
  });

  it('keeps the ZNS history usable at 1280 and 390 px, with a remembered column drawer (en)', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const shop = session.tenants.find((t) => t.oaService && t.znsService);
    assert.ok(shop, 'the demo has a tenant with the OA and ZNS services');
    await sendSomeZns(session, shop.id);
    const history = `${BASE_URL}/tenant/zns-service/history?tenantId=${shop.id}`;

    const context = await browser.newContext({ locale: 'en-US', viewport: LAPTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(history);
      await showAllStatuses(page);
      await settle(page);
      for (const column of ['trackingId', 'status', 'createdAt']) {
        assert.ok(await insideScroller(page, `[data-testid=history-table] th.zc-col-${column}`), `${column} is in view at 1280 px`);
      }
      await page.screenshot({ path: shot('responsive-history-1280-en') });
      // Scrolled to the far end the tracking id stays pinned on the left.
      await page.locator('[data-testid=history-table] .ant-table-content').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.waitForTimeout(200);
      assert.ok(await insideScroller(page, '[data-testid=history-table] th.zc-col-trackingId'), 'the tracking id is pinned');
      assert.equal(await fitProblem(page, 'history at 1280'), null);

      // §2.9 column drawer: hide two columns, apply; the choice survives a reload.
      await page.getByTestId('history-columns').click();
      const drawer = page.getByTestId('column-drawer');
      await drawer.waitFor();
      assert.equal(await drawer.getByTestId('column-option-status').isDisabled(), true, 'status cannot be hidden');
      await drawer.getByTestId('column-option-sessionId').click();
      await drawer.getByTestId('column-option-znsApiKeyId').click();
      await page.screenshot({ path: shot('responsive-history-columns-1280-en') });
      await drawer.getByTestId('column-apply').click();
      await drawer.waitFor({ state: 'detached' });
      assert.equal(await page.locator('[data-testid=history-table] th.zc-col-sessionId').count(), 0);
      await page.reload();
      await page.locator('[data-testid=history-table] th.zc-col-status').waitFor();
      assert.equal(await page.locator('[data-testid=history-table] th.zc-col-sessionId').count(), 0, 'hidden columns are remembered');
      assert.equal(await page.locator('[data-testid=history-table] th.zc-col-znsApiKeyId').count(), 0);
      assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('zc.columns.history.ZNS'))) ?? '[]'), ['sessionId', 'znsApiKeyId']);
      // Show all again for the screenshots below.
      await page.getByTestId('history-columns').click();
      await page.getByTestId('column-reset').click();
      await page.getByTestId('column-apply').click();
      await page.locator('[data-testid=history-table] th.zc-col-sessionId').waitFor();

      await page.setViewportSize(DESKTOP);
      await showAllStatuses(page);
      await settle(page);
      await page.locator('[data-testid=history-table] tr.ant-table-row').first().click();
      await page.getByTestId('history-detail').waitFor();
      await page.screenshot({ path: shot('responsive-history-1440-en') });

      await page.setViewportSize(PHONE);
      await settle(page);
      assert.equal(await fitProblem(page, 'history at 390'), null);
      await page.screenshot({ path: shot('responsive-history-390-en'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('remembers the collapsed sidebar across a reload and fits the owner pages at 1440 px (en)', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const [first] = session.tenants;
    assert.ok(first);
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await settle(page);
      const sider = page.getByTestId('shell-sider');
      assert.equal(Math.round((await sider.boundingBox())?.width ?? 0), 248);
      await page.getByTestId('sider-toggle').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid=shell-sider]')?.getBoundingClientRect().width ?? 0) <= 80);
      await page.reload();
      await settle(page);
      assert.equal(Math.round((await sider.boundingBox())?.width ?? 0), 72, 'still collapsed after a reload');
      await page.screenshot({ path: shot('responsive-collapsed-1440-en') });
      await page.getByTestId('sider-toggle').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid=shell-sider]')?.getBoundingClientRect().width ?? 0) >= 240);

      const q = `?tenantId=${first.id}`;
      const problems = await checkPages(page, ['/dashboard', '/dashboard/tenant', `/tenant${q}`, `/tenant/api-keys${q}`, `/tenant/zns-service/template-management${q}`, `/tenant/settings/fallback${q}`], {
        '/dashboard': 'responsive-dashboard-1440-en',
        '/tenant': 'responsive-tenant-1440-en',
        '/tenant/zns-service/template-management': 'responsive-template-management-1440-en',
      });
      assert.deepEqual(problems, []);
      // The same pages on a phone in English (longer words in other places than vi).
      await page.setViewportSize(PHONE);
      const phone = await checkPages(page, ['/dashboard', '/dashboard/tenant', `/tenant${q}`, `/tenant/api-keys${q}`, `/tenant/zns-service/template-management${q}`, `/tenant/settings/fallback${q}`], {
        '/dashboard': 'responsive-dashboard-390-en',
        '/tenant/api-keys': 'responsive-api-keys-390-en',
      });
      assert.deepEqual(phone, []);
    } finally {
      await context.close();
    }
  });
});
