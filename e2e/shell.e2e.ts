import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, readMenuKeys, shot, signIn, signOut } from './support/harness';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('shell journeys', () => {
  it('switches tenant and language, opens the audit log and signs out', async () => {
    const session = await loadApiSession('owner@demo.vn');
    const [first, second] = session.tenants;
    assert.ok(first && second, 'the demo organisation has two tenants');
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/login`);
      await page.screenshot({ path: shot('login-vi') });
      await signIn(page, 'owner@demo.vn');
      await readMenuKeys(page);
      await page.screenshot({ path: shot('dashboard-vi'), fullPage: true });

      // Tenant switcher → /tenant?tenantId=… of the chosen tenant.
      await page.goto(`${BASE_URL}/tenant?tenantId=${first.id}`);
      await readMenuKeys(page);
      await page.getByTestId('tenant-switcher').click();
      await page.locator('.ant-select-item-option', { hasText: second.name }).click();
      await page.waitForURL((url) => url.pathname === '/tenant' && url.searchParams.get('tenantId') === second.id);
      await page.getByTestId('tenant-name').filter({ hasText: second.name }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('zc.tenantId')), second.id);
      const secondKeys = await readMenuKeys(page);
      assert.equal(secondKeys.includes('zalo-oa'), second.oaService, 'OA group follows the tenant service');
      await page.screenshot({ path: shot('tenant-switched-vi'), fullPage: true });

      // Language: vi by default, en after switching, remembered across a reload.
      assert.ok(await page.getByText('Nhật ký hoạt động').first().isVisible());
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-en').click();
      await page.getByText('Audit log').first().waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('zc.language')), 'en');
      await page.reload();
      await page.getByText('Audit log').first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

      // Organisation audit log: an organisation-scoped change first (the moderator's role set to what
      // it is, through the API), then the entry, its before/after view and the chain verification.
      const headers = { Authorization: `Bearer ${session.token}`, 'x-merchant-id': session.merchantId, 'Content-Type': 'application/json' };
      const found = (await (await fetch(`${BASE_URL}/api/merchant/user/by-merchant?email=moderator%40demo.vn`, { headers })).json()) as {
        data: Array<{ id: string; roleMerchant: { name: string } }>;
      };
      const moderator = found.data[0];
      assert.ok(moderator, 'the moderator is listed');
      const put = await fetch(`${BASE_URL}/api/merchant/merchant/update-user-info/${moderator.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ role: moderator.roleMerchant.name }),
      });
      assert.equal(put.status, 200);
      await page.goto(`${BASE_URL}/dashboard`);
      await page.locator('[data-menu-key="audit-log"]').click();
      await page.waitForURL((url) => url.pathname === '/audit-log');
      await page.locator('[data-testid=audit-table] .ant-table-row').first().waitFor({ timeout: 15_000 });
      await page.locator('[data-testid=audit-table] .ant-table-row').first().click();
      await page.locator('.zc-json').first().waitFor();
      await page.getByTestId('audit-verify').click();
      await page.getByTestId('audit-verify-result').waitFor();
      assert.match((await page.getByTestId('audit-verify-result').textContent()) ?? '', /intact/);
      await page.screenshot({ path: shot('audit-log-en'), fullPage: true });

      // Tenant audit log in English, then back to Vietnamese.
      await page.goto(`${BASE_URL}/tenant/audit-log?tenantId=${first.id}`);
      await page.locator('[data-testid=audit-table]').waitFor();
      await page.screenshot({ path: shot('tenant-audit-log-en'), fullPage: true });
      await page.goto(`${BASE_URL}/dashboard/user`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('users-en'), fullPage: true });
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-vi').click();
      await page.getByText('Người dùng').first().waitFor();
      await page.goto(`${BASE_URL}/dashboard/tenant`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('tenants-vi'), fullPage: true });

      await signOut(page);
      assert.equal(await page.evaluate(() => localStorage.getItem('zc.accessToken')), null);
      // Signed out: the shell sends the user back to the login page.
      await page.goto(`${BASE_URL}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  });

  it('shows the §8 login failure text and the error page texts', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/login`);
      await page.getByLabel(/Email/).fill('nobody@demo.vn');
      await page.locator('input[type=password]').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      assert.match((await page.getByTestId('login-error').textContent()) ?? '', /Login failed\. Account is not exist!/);
      await page.screenshot({ path: shot('login-failed-en') });
      await page.goto(`${BASE_URL}/no-such-page`);
      assert.equal(await page.getByTestId('error-text').textContent(), 'Sorry, the page you visited does not exist.');
      await page.goto(`${BASE_URL}/error?code=403`);
      assert.equal(await page.getByTestId('error-text').textContent(), 'Sorry, you are not authorized to access this page.');
      await page.goto(`${BASE_URL}/error?code=500`);
      assert.equal(await page.getByTestId('error-text').textContent(), 'Sorry, something went wrong.');
    } finally {
      await context.close();
    }
  });
});
