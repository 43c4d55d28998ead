import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { MERCHANT_ROLES, type MerchantRole } from '../packages/shared/src/permissions';
import { BASE_URL, launchBrowser, loadApiSession, readMenuKeys, shot, signIn, signOut } from './support/harness';
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

describe('menus per demo role (§2.2, §6)', () => {
  for (const role of MERCHANT_ROLES) {
    it(`shows ${role} exactly the menu items its permissions allow, then signs out`, async () => {
      const email = DEMO_EMAIL[role];
      const session = await loadApiSession(email);
      const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, email);
        if (session.isEU) {
          // §6: the end user lands in the tenant area.
          assert.equal(new URL(page.url()).pathname, '/tenant');
          assert.equal(new URL(page.url()).searchParams.get('tenantId'), session.euTenantId);
        } else {
          assert.equal(new URL(page.url()).pathname, '/dashboard');
          const orgKeys = await readMenuKeys(page);
          assert.deepEqual(orgKeys, expectedOrganisationMenu(session.merchantPermissions, session.tenants), `${role} organisation menu`);
          await page.screenshot({ path: shot(`menu-${role.toLowerCase()}-organisation-vi`), fullPage: true });
        }
        for (const tenant of session.tenants) {
          await page.goto(`${BASE_URL}/tenant?tenantId=${tenant.id}`);
          const keys = await readMenuKeys(page);
          const held = session.tenantPermissions.get(tenant.id) ?? new Set<string>();
          assert.deepEqual(keys, expectedTenantMenu(held, tenant), `${role} menu in ${tenant.name}`);
        }
        await page.screenshot({ path: shot(`menu-${role.toLowerCase()}-tenant-vi`), fullPage: true });
        await signOut(page);
      } finally {
        await context.close();
      }
    });
  }
});
