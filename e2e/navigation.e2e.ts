import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { PAGES, tenantDetailHref, tenantHref } from '../apps/web/src/lib/paths';
import { BASE_URL, findDeadEnd, launchBrowser, loadApiSession, readMenuKeys, settle, shot, signIn, submitLogin } from './support/harness';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

function newContext(locale: 'vi-VN' | 'en-US', viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ locale, viewport });
}

describe('navigation journeys (issue 9)', () => {
  it('returns to a deep link after signing in, skips /login when signed in and refuses foreign next addresses', async () => {
    const session = await loadApiSession('owner@demo.vn');
    const shop = session.tenants.find((t) => t.oaService);
    assert.ok(shop, 'the demo has a tenant with the OA service');
    const context = await newContext('vi-VN');
    const page = await context.newPage();
    try {
      // Signed out: the deep link goes to the login page, which keeps where to return.
      const deepLink = `${tenantHref(PAGES.apiKeys, shop.id)}&status=ACTIVE`;
      await page.goto(`${BASE_URL}${deepLink}`);
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('next'), deepLink);
      await submitLogin(page, 'owner@demo.vn');
      await page.waitForURL((url) => url.pathname === PAGES.apiKeys.path, { timeout: 20_000 });
      assert.equal(`${new URL(page.url()).pathname}${new URL(page.url()).search}`, deepLink);
      const deadEnd = await findDeadEnd(page);
      if (deadEnd) await page.screenshot({ path: shot('deep-link-after-login-failure'), fullPage: true });
      assert.equal(deadEnd, null);
      await page.screenshot({ path: shot('deep-link-after-login-vi'), fullPage: true });

      // Signed in: the sign-in pages send the user on.
      for (const path of ['/login', '/register', '/forgot-password']) {
        await page.goto(`${BASE_URL}${path}`);
        await page.waitForURL((url) => url.pathname === PAGES.dashboard.path);
      }
      await page.goto(`${BASE_URL}/login?next=${encodeURIComponent(PAGES.users.path)}`);
      await page.waitForURL((url) => url.pathname === PAGES.users.path);

      // A foreign or protocol-relative next is ignored: the user lands on the dashboard.
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
        await page.goto(`${BASE_URL}/login?next=${encodeURIComponent(next)}`);
        await submitLogin(page, 'owner@demo.vn');
        await page.waitForURL((url) => url.pathname === PAGES.dashboard.path, { timeout: 20_000 });
        assert.equal(new URL(page.url()).host, new URL(BASE_URL).host);
        await page.evaluate(() => localStorage.clear());
      }
    } finally {
      await context.close();
    }
  });

  it('shows a page MARKETING may not open as forbidden inside the shell, in vi and en; the playground still offers its keys', async () => {
    const session = await loadApiSession('marketing@demo.vn');
    const zns = session.tenants.find((t) => t.znsService && t.oaService) ?? session.tenants.find((t) => t.znsService);
    assert.ok(zns, 'marketing works in a ZNS tenant');
    for (const [locale, viewport, text] of [
      ['vi-VN', DESKTOP, 'Bạn không có quyền mở trang này'],
      ['en-US', PHONE, 'You may not open this page'],
    ] as const) {
      const context = await newContext(locale, viewport);
      const page = await context.newPage();
      const tag = `${locale.slice(0, 2)}-${viewport.width}`;
      try {
        await signIn(page, 'marketing@demo.vn');
        // API keys need VIEW_API_KEYS: refused in place, the shell stays, the address too.
        const apiKeys = tenantHref(PAGES.apiKeys, zns.id);
        await page.goto(`${BASE_URL}${apiKeys}`);
        await page.getByTestId('forbidden').waitFor();
        assert.equal(await page.getByTestId('forbidden-title').textContent(), text);
        assert.equal(`${new URL(page.url()).pathname}${new URL(page.url()).search}`, apiKeys);
        assert.equal(await page.getByTestId('app-header').count(), 1, 'the header stays');
        await page.screenshot({ path: shot(`forbidden-in-shell-marketing-${tag}`), fullPage: true });

        // The playground's key list needs only the playground permission: MARKETING (no
        // VIEW_API_KEYS) can still pick a key and send.
        await page.goto(`${BASE_URL}${tenantHref(PAGES.znsPlayground, zns.id)}`);
        await settle(page);
        if ((await page.getByTestId('oa-gate').count()) === 0) {
          await page.getByTestId('playground-key').waitFor();
          assert.equal(await page.getByTestId('playground-keys-denied').count(), 0);
          assert.equal(await findDeadEnd(page), null);
          await page.screenshot({ path: shot(`playground-marketing-${tag}`), fullPage: true });
        }

        // The organisation tenant detail: wallet and users need permissions MARKETING lacks there.
        await page.goto(`${BASE_URL}${tenantDetailHref(zns.id)}`);
        await page.getByTestId('tenant-detail-name').waitFor();
        await page.getByTestId('tenant-detail-wallet-denied').waitFor();
        await page.getByTestId('tenant-detail-users-denied').waitFor();
        assert.equal(await findDeadEnd(page), null);
        await page.screenshot({ path: shot(`tenant-detail-marketing-${tag}`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it('opens each tenant of the Tenants menu at its own detail, the settings tabs and the OA settings from the switcher', async () => {
    const session = await loadApiSession('owner@demo.vn');
    for (const [locale, viewport] of [
      ['vi-VN', DESKTOP],
      ['en-US', PHONE],
    ] as const) {
      const context = await newContext(locale, viewport);
      const page = await context.newPage();
      const tag = `${locale.slice(0, 2)}-${viewport.width}`;
      try {
        await signIn(page, 'owner@demo.vn');
        // On a phone the sidebar is a drawer, closed after each navigation.
        const openNav = async () => {
          if (viewport.width < 768) await page.getByTestId('nav-drawer-open').click();
          await readMenuKeys(page);
        };
        // The drawer renders a closed group's items only once it is opened, as a tap on its title does.
        const tapMenuItem = async (key: string, group: string) => {
          const item = page.locator(`[data-menu-key="${key}"]`).first();
          if ((await item.count()) === 0) await page.locator(`[data-menu-key="${group}"]`).first().click();
          await item.dispatchEvent('click');
        };
        for (const tenant of session.tenants) {
          await openNav();
          // The menu items are links (rendered in the drawer on a phone); dispatching the click is what a tap does.
          await tapMenuItem(`tenant:${tenant.id}`, 'tenants');
          await page.waitForURL((url) => url.pathname === PAGES.tenants.path && url.searchParams.get('tenantId') === tenant.id);
          await page.getByTestId('tenant-detail-name').filter({ hasText: tenant.name }).waitFor();
          await page.locator('[data-testid=tenant-detail-users] .ant-table-row').first().waitFor();
          await page.getByTestId('tenant-detail-wallet').locator('.ant-statistic').first().waitFor();
          await page.screenshot({ path: shot(`tenant-detail-owner-${tenant.oaService ? 'shop' : 'clinic'}-${tag}`), fullPage: true });
        }

        // Settings is a tabbed page: the menu item opens its first tab (§3 order: general comes first).
        const shop = session.tenants.find((t) => t.oaService);
        assert.ok(shop);
        await page.goto(`${BASE_URL}${tenantHref(PAGES.tenantHome, shop.id)}`);
        await page.getByTestId('tenant-name').waitFor();
        await openNav();
        await page.locator('[data-menu-key="tenant-settings"]').first().dispatchEvent('click');
        await page.waitForURL((url) => url.pathname === PAGES.generalSettings.path && url.searchParams.get('tenantId') === shop.id);
        await page.getByTestId('tenant-settings-tabs').waitFor();
        await page.getByTestId('settings-tab-fallback').click();
        await page.waitForURL((url) => url.pathname === PAGES.fallback.path);
        await page.screenshot({ path: shot(`settings-tabs-owner-${tag}`), fullPage: true });

        // OA settings from the OA menu group and from the OA switcher.
        await openNav();
        await tapMenuItem('oa-setting', 'zalo-oa');
        await page.waitForURL((url) => url.pathname === PAGES.oaSetting.path);
        assert.equal(await findDeadEnd(page), null);
        await page.goto(`${BASE_URL}${tenantHref(PAGES.tenantHome, shop.id)}`);
        await page.getByTestId('tenant-name').waitFor();
        await openNav();
        await page.getByTestId('oa-selector').first().click();
        await page.getByTestId('oa-selector-settings').click();
        await page.waitForURL((url) => url.pathname === PAGES.oaSetting.path && url.searchParams.get('tenantId') === shop.id);
        await page.screenshot({ path: shot(`oa-setting-from-switcher-${tag}`), fullPage: true });

        // The wallets page is in the organisation menu.
        await page.goto(`${BASE_URL}${PAGES.dashboard.path}`);
        await page.getByTestId('app-header').waitFor();
        await openNav();
        await tapMenuItem('billing', 'billing-group');
        await page.waitForURL((url) => url.pathname === PAGES.billing.path);
        await page.getByTestId('merchant-wallet').waitFor();
        assert.equal(await findDeadEnd(page), null);
        await page.screenshot({ path: shot(`wallets-owner-${tag}`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  });
});
