import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { MERCHANT_ROLES, type MerchantRole } from '../packages/shared/src/permissions';
import { PAGES } from '../apps/web/src/lib/paths';
import { BASE_URL, findDeadEnd, launchBrowser, loadApiSession, readMenuKeys, readMenuLinks, shot, signIn, signOut } from './support/harness';
import { expectedOrganisationMenu, expectedTenantMenu } from './support/expected-menu';

const DEMO_EMAIL: Record<MerchantRole, string> = {
  OWNER: 'owner@demo.vn',
  ADMIN: 'admin@demo.vn',
  MODERATOR: 'moderator@demo.vn',
  USER: 'user@demo.vn',
  MARKETING: 'marketing@demo.vn',
  EU: 'eu@demo.vn',
};

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/**
 * Opens every item of the sidebar shown on `start`, the way a click does (in-app navigation), and
 * fails on any dead end: the forbidden page, the placeholder, or an error instead of the page.
 */
async function openEveryItem(page: Page, start: string, label: string): Promise<number> {
  await page.goto(`${BASE_URL}${start}`);
  const links = await readMenuLinks(page);
  for (const { key, href } of links) {
    // Items of closed groups are rendered but hidden: the click is dispatched like the user's.
    await page.locator(`[data-testid=shell-menu] a[data-menu-key="${key}"]`).dispatchEvent('click');
    // Settings opens its first tab, so the address may grow below the item's own path.
    const target = new URL(href, BASE_URL);
    await page.waitForURL(
      (url) => url.pathname.startsWith(target.pathname) && [...target.searchParams].every(([k, v]) => url.searchParams.get(k) === v),
      { timeout: 15_000 },
    );
    const deadEnd = await findDeadEnd(page);
    assert.equal(deadEnd, null, `${label}: menu item ${key} (${href}) is a dead end`);
  }
  return links.length;
}

describe('menus per demo role (§2.2, §6)', () => {
  for (const role of MERCHANT_ROLES) {
    it(`shows ${role} exactly the menu items its permissions allow, each opening a working page, then signs out`, async () => {
      const email = DEMO_EMAIL[role];
      const session = await loadApiSession(email);
      const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, email);
        if (session.isEU) {
          // §6: the end user lands in the tenant area.
          assert.equal(new URL(page.url()).pathname, PAGES.tenantHome.path);
          assert.equal(new URL(page.url()).searchParams.get('tenantId'), session.euTenantId);
        } else {
          assert.equal(new URL(page.url()).pathname, PAGES.dashboard.path);
          const orgKeys = await readMenuKeys(page);
          assert.deepEqual(orgKeys, expectedOrganisationMenu(session.merchantPermissions, session.tenants), `${role} organisation menu`);
          await page.screenshot({ path: shot(`menu-${role.toLowerCase()}-organisation-vi`), fullPage: true });
          await openEveryItem(page, PAGES.dashboard.path, `${role} organisation`);
        }
        for (const tenant of session.tenants) {
          await page.goto(`${BASE_URL}${PAGES.tenantHome.path}?tenantId=${tenant.id}`);
          const keys = await readMenuKeys(page);
          const held = session.tenantPermissions.get(tenant.id) ?? new Set<string>();
          assert.deepEqual(keys, expectedTenantMenu(held, tenant), `${role} menu in ${tenant.name}`);
          await openEveryItem(page, `${PAGES.tenantHome.path}?tenantId=${tenant.id}`, `${role} in ${tenant.name}`);
        }
        await page.goto(`${BASE_URL}${PAGES.tenantHome.path}?tenantId=${session.tenants[0]?.id ?? ''}`);
        await readMenuKeys(page);
        // No bell until notifications exist: nothing in the header leads to a placeholder.
        assert.equal(await page.getByTestId('notification-link').count(), 0, 'no notification bell');
        await page.screenshot({ path: shot(`menu-${role.toLowerCase()}-tenant-vi`), fullPage: true });
        await signOut(page);
      } finally {
        await context.close();
      }
    });
  }
});
