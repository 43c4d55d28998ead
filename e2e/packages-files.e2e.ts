// Service packages and file stand journey (issue 16 #6): the organisation owner creates a service
// package in the organisation settings (packageManage), assigns it to 'Shop An Nhiên', and the
// tenant's settings › package tab shows it with its prices; an image uploaded in the tenant appears
// in tools › file stand with its size and a copy-URL button. Looked at in vi and en, 1440 px and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, shotsAt, signIn, type ApiSession } from './support/harness';

const OWNER = 'owner@demo.vn';
/** The smallest valid PNG (1×1). */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function uploadImage(session: ApiSession, tenantId: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_1PX], { type: 'image/png' }), name);
  const res = await fetch(`${BASE_URL}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenantId }, body: form });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { data: { avatar: string } }).data.avatar;
}

/** The organisation settings page on its packageManage tab; false when the page has no such card. */
async function openPackageManage(page: Page): Promise<boolean> {
  await page.goto(`${BASE_URL}/dashboard/settings`);
  await settle(page);
  const card = page.getByTestId('service-packages-card');
  if (await card.isVisible()) return true;
  const tab = page.getByRole('tab', { name: /gói dịch vụ|service package|package/i }).first();
  if ((await tab.count()) === 0) return false;
  await tab.click();
  await card.waitFor({ timeout: 15_000 });
  return true;
}

/** An organisation-level call (x-merchant-id) as the session's user; answers the body's data. */
async function orgApi<T>(session: ApiSession, method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, 'x-merchant-id': session.merchantId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${pathname} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The organisation's packages in vi and en, at 1440 px and the phone width (no sideways scroll). */
async function orgShots(page: Page): Promise<void> {
  for (const lng of ['vi', 'en'] as const) {
    await page.setViewportSize(DESKTOP);
    await openPackageManage(page);
    if ((await page.evaluate(() => document.documentElement.lang)) !== lng) await setLanguage(page, lng);
    await settle(page);
    await page.screenshot({ path: shot(`packages-org-${lng}`), fullPage: true });
    await page.setViewportSize(PHONE);
    await settle(page);
    await noSidewaysScroll(page, `packages org ${lng}`);
    await page.screenshot({ path: shot(`packages-org-${lng}-phone`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await setLanguage(page, 'vi');
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('service packages and file stand journey', () => {
  it('a package created and assigned in the organisation shows on the tenant tab; the file stand lists an upload', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const name = `Gói Doanh nghiệp ${Date.now() % 100_000}`;
    try {
      await signIn(page, OWNER);
      // 1. Organisation settings › packageManage: create a package (ZNS 250 ₫, OA consultation 40 ₫) and
      //    assign it to Shop An Nhiên. The settings page renders the card in its packageManage tab (helper
      //    "settings"); until that page is in, the same two calls go through the API.
      if (await openPackageManage(page)) {
        await page.getByTestId('package-create').click();
        await page.getByTestId('package-name').fill(name);
        await page.locator('[data-testid=package-zns] input, input[data-testid=package-zns]').first().fill('250');
        await page.locator('[data-testid=package-oaCs] input, input[data-testid=package-oaCs]').first().fill('40');
        await page.getByTestId('package-submit').click();
        const row = page.locator('.ant-table-row', { hasText: name });
        await row.waitFor({ timeout: 15_000 });
        assert.match((await row.innerText()).replace(/\s/g, ' '), /250 ₫/);
        await page.getByTestId(`package-assign-${name}`).click();
        await page.getByTestId('package-assign-tenants').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Shop An Nhiên' }).first().click();
        await page.keyboard.press('Escape');
        await page.locator('#package-assign-save').click();
        await row.locator('.ant-tag', { hasText: 'Shop An Nhiên' }).waitFor({ timeout: 15_000 });
        await orgShots(page);
      } else {
        console.log('packages-files: the organisation settings page does not show the packageManage card yet; package created and assigned through the API');
        const created = await orgApi<{ id: string }>(session, 'POST', 'merchant/service-packages', { name, description: null, prices: { zns: 250, oaCs: 40, oaTransaction: null, oaPromotion: null } });
        await orgApi(session, 'POST', 'merchant/service-packages/assign', { tenantId: tenant.id, packageId: created.id });
      }

      // 2. The tenant's settings › package tab shows the package and its prices.
      const tenantUrl = `${BASE_URL}/tenant/settings/package?tenantId=${tenant.id}`;
      await page.goto(tenantUrl);
      await page.getByTestId('tenant-package-name').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('tenant-package-name').innerText(), name);
      assert.equal((await page.getByTestId('tenant-price-zns').innerText()).replace(/\s/g, ' '), '250 ₫');
      assert.equal((await page.getByTestId('tenant-price-oaCs').innerText()).replace(/\s/g, ' '), '40 ₫');
      assert.equal((await page.getByTestId('tenant-price-oaTransaction').innerText()).replace(/\s/g, ' '), '165 ₫');
      await shotsAt(page, 'packages-tenant', tenantUrl, 'tenant-package');

      // 3. The file stand lists an image uploaded in the tenant, with its size and a copy-URL button.
      const url = await uploadImage(session, tenant.id, 'ảnh-bìa-e2e.png');
      const standUrl = `${BASE_URL}/tenant/tools/file-stand?tenantId=${tenant.id}`;
      await page.goto(standUrl);
      await settle(page);
      const fileRow = page.locator('[data-testid=file-stand-table] .ant-table-row', { hasText: 'ảnh-bìa-e2e.png' });
      await fileRow.waitFor({ timeout: 15_000 });
      assert.match(await fileRow.innerText(), /0\.1 KB/);
      assert.equal(await fileRow.locator('img').getAttribute('src'), url);
      await fileRow.getByTestId('file-copy-url').waitFor();
      await shotsAt(page, 'file-stand', standUrl, 'file-stand-table');
    } finally {
      await context.close();
    }
  });
});
