// Settings journey (issue 16 #5, #6): the owner opens the services tab, tries to switch the OA service
// off while a post waits for review — the confirmation names the menu items that would go, the 409
// lists the post — then switches the mini-app service off and on and watches the menu follow; changes
// the tenant's time zone on the general tab; uploads the organisation's logo; opens the tags and OA
// settings tabs. Every page in vi and en at 1440 px and 390 px (no sideways scrolling).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, PHONE, launchBrowser, loadApiSession, noSidewaysScroll, readMenuKeys, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const MODERATOR = 'moderator@demo.vn';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function switchOf(page: Page, service: string): Promise<boolean> {
  return (await page.getByTestId(`service-switch-${service}`).getAttribute('aria-checked')) === 'true';
}

async function confirmOff(page: Page): Promise<void> {
  await page.getByTestId('service-off-confirm').waitFor();
  await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
}

describe('settings journey', () => {
  it('services tab: a switch-off with work in flight lists it; a switch-off with confirmation changes the menu', { timeout: 240_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.oaService && t.znsService);
    assert.ok(tenant, 'a demo tenant with OA and ZNS');
    const api = tenantApi(session, tenant.id);
    const [oa] = await api<Array<{ id: string }>>('GET', 'merchant/zalo-oa/list-oa');
    assert.ok(oa, 'the tenant has an OA');
    const moderator = await loadApiSession(MODERATOR);
    const modMe = await tenantApi(moderator, tenant.id)<{ id: string }>('GET', 'auth');
    // A post waiting for the moderator's review holds the OA service on.
    await api('PUT', 'merchant/approval-workflow', { kind: 'OA_CONTENT_POST', teamId: null, approverIds: [modMe.id] });
    const title = `Bài chờ duyệt ${Date.now().toString(36)}`;
    const post = await api<{ id: string; status: string }>('POST', 'merchant/oa-content/create', {
      type: 'post',
      title,
      author: 'Nhóm Marketing',
      description: 'Bài viết đang chờ duyệt.',
      body: [{ type: 'text', content: '<p>Nội dung.</p>' }],
      cover: { cover_type: 'photo', photo_url: 'https://photo-stal.zadn.vn/sandbox/cover1.jpg', status: 'show' },
      zaloOAIds: [oa.id],
      submit: true,
    });
    assert.equal(post.status, 'approval');

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      const url = `${BASE_URL}/tenant/settings/services?tenantId=${tenant.id}`;
      await shotsAt(page, 'settings-services', url, 'service-card-oaService');
      await page.goto(url);
      await page.getByTestId('service-card-oaService').waitFor();
      assert.equal(await switchOf(page, 'oaService'), true);

      // OA off: the confirmation names the menu items; the server refuses and lists the post.
      await page.getByTestId('service-switch-oaService').click();
      const confirm = page.getByTestId('service-off-confirm');
      await confirm.waitFor();
      const confirmText = await confirm.innerText();
      for (const item of ['Nội dung', 'Tin truyền thông', 'Trò chuyện', 'Khách hàng']) assert.ok(confirmText.includes(item), `the confirmation names ${item}`);
      await page.screenshot({ path: shot('settings-services-confirm-vi') });
      await confirmOff(page);
      const blockers = page.getByTestId('service-blockers');
      await blockers.waitFor();
      await page.getByTestId('service-blockers-OA_CONTENT').filter({ hasText: title }).waitFor();
      assert.match(await blockers.innerText(), /Chưa thể tắt Zalo OA/);
      assert.match(await blockers.innerText(), /Chờ duyệt/);
      assert.equal(await switchOf(page, 'oaService'), true, 'the OA service stays on');
      await page.screenshot({ path: shot('settings-services-blocked-vi'), fullPage: true });
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page, 'services with the blockers');
      await page.screenshot({ path: shot('settings-services-blocked-vi-phone'), fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The organisation's tenants page: the same refusal lists the post inside the services dialog.
      await page.goto(`${BASE_URL}/dashboard/tenant`);
      await page.getByTestId(`tenant-services-edit-${tenant.id}`).click();
      await page.getByTestId('tenant-service-switch-oaService').click();
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      const inDialog = page.locator('.ant-modal').getByTestId('service-blockers');
      await inDialog.waitFor();
      await page.locator('.ant-modal').getByTestId('service-blockers-OA_CONTENT').filter({ hasText: title }).waitFor();
      await page.screenshot({ path: shot('tenants-services-blocked-vi') });
      await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      await page.goto(url);
      await page.getByTestId('service-card-oaService').waitFor();

      // Mini app: off with a confirmation (the Mini Apps menu item goes), on again (it comes back).
      const miniOn = await switchOf(page, 'isMiniAppEnabled');
      if (!miniOn) {
        await page.getByTestId('service-switch-isMiniAppEnabled').click();
        await page.waitForFunction(() => document.querySelector('[data-testid=service-switch-isMiniAppEnabled]')?.getAttribute('aria-checked') === 'true');
      }
      assert.ok((await readMenuKeys(page)).includes('mini-app'), 'the Mini Apps menu item shows while the service is on');
      await page.getByTestId('service-switch-isMiniAppEnabled').click();
      await confirmOff(page);
      await page.waitForFunction(() => document.querySelector('[data-testid=service-switch-isMiniAppEnabled]')?.getAttribute('aria-checked') === 'false');
      for (let i = 0; i < 40 && (await readMenuKeys(page)).includes('mini-app'); i += 1) await page.waitForTimeout(250);
      assert.ok(!(await readMenuKeys(page)).includes('mini-app'), 'the Mini Apps menu item is gone once the service is off');
      const services = await api<{ isMiniAppEnabled: boolean }>('GET', 'merchant/service-manager/tenant-service');
      assert.equal(services.isMiniAppEnabled, false);
      if (miniOn) {
        await page.getByTestId('service-switch-isMiniAppEnabled').click();
        await page.waitForFunction(() => document.querySelector('[data-testid=service-switch-isMiniAppEnabled]')?.getAttribute('aria-checked') === 'true');
        for (let i = 0; i < 40 && !(await readMenuKeys(page)).includes('mini-app'); i += 1) await page.waitForTimeout(250);
        assert.ok((await readMenuKeys(page)).includes('mini-app'), 'the Mini Apps menu item is back');
      }
    } finally {
      await api('DELETE', 'merchant/approval-workflow/OA_CONTENT_POST').catch(() => undefined);
      await context.close();
    }
  });

  it('general tab: the time zone changes and the environment shows', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.znsService);
    assert.ok(tenant);
    const api = tenantApi(session, tenant.id);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      const url = `${BASE_URL}/tenant/settings/general?tenantId=${tenant.id}`;
      await shotsAt(page, 'settings-general', url, 'general-region');
      await page.goto(url);
      await page.getByTestId('general-region').waitFor();
      await page.getByTestId('zns-public-mode').waitFor();
      await page.getByTestId('tenant-timezone').click();
      await page.keyboard.type('Bangkok');
      await page.locator('.ant-select-item-option', { hasText: 'Asia/Bangkok' }).first().click();
      await page.getByTestId('tenant-region-save').click();
      await page.locator('.ant-message', { hasText: 'Đã lưu cài đặt' }).waitFor();
      const saved = await api<{ timeZone: string }>('GET', `merchant/merchant/tenant/${tenant.id}`);
      assert.equal(saved.timeZone, 'Asia/Bangkok');
      await page.reload();
      await settle(page);
      await page.getByTestId('general-region').filter({ hasText: 'Asia/Bangkok' }).waitFor();
      await api('PATCH', `merchant/tenant/${tenant.id}/settings`, { timeZone: 'Asia/Ho_Chi_Minh' });
    } finally {
      await context.close();
    }
  });

  it('organisation settings: the logo uploads; the service packages tab opens', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      const url = `${BASE_URL}/dashboard/settings`;
      await shotsAt(page, 'settings-organisation', url, 'organisation-logo-upload');
      await page.goto(url);
      await page.getByTestId('organisation-logo-upload').waitFor();
      const input = page.locator('.ant-upload', { has: page.getByTestId('organisation-logo-upload') }).locator('input[type=file]').first();
      await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
      await page.locator('.ant-message', { hasText: 'Đã lưu ảnh' }).waitFor();
      await page.waitForFunction(() => /\/api\/files\/[a-f0-9]{40}\.png/.test(document.querySelector('[data-testid=organisation-logo-preview] img')?.getAttribute('src') ?? ''));
      const res = await fetch(`${BASE_URL}/api/merchant/merchant/${session.merchantId}`, { headers: { Authorization: `Bearer ${session.token}` } });
      const merchant = ((await res.json()) as { data: { logo: string | null } }).data;
      assert.match(merchant.logo ?? '', /^\/api\/files\/[a-f0-9]{40}\.png$/);
      // A file that is not an image is refused before anything is sent.
      await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await page.locator('.ant-message', { hasText: 'Vui lòng chọn file ảnh (jpg, jpeg, png)' }).waitFor();
      await page.getByTestId('organisation-tab-packageManage').click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'packageManage');
      await settle(page);
      await page.screenshot({ path: shot('settings-organisation-packages-vi'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('wallet tab: the tenant wallet with its history and edit buttons, in vi and en at 1440 and 390 px', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants[0];
    assert.ok(tenant);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await shotsAt(page, 'settings-wallet', `${BASE_URL}/tenant/settings/wallet?tenantId=${tenant.id}`, 'wallet-panel');
      await page.locator('[data-testid=tenant-settings-tabs] .ant-tabs-tab-active [data-testid=settings-tab-wallet]').waitFor({ timeout: 15_000 });
      await page.getByTestId('wallet-panel-history').click();
      await page.locator('.ant-modal .ant-table-row, .ant-modal .ant-empty').first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await page.getByTestId('wallet-panel-edit').waitFor();
    } finally {
      await context.close();
    }
  });

  it('tags and OA settings tabs show with the settings tabs', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.oaService);
    assert.ok(tenant);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await shotsAt(page, 'settings-tags', `${BASE_URL}/tenant/settings/tags?tenantId=${tenant.id}`, 'tags-table');
      await page.goto(`${BASE_URL}/tenant/settings/tags?tenantId=${tenant.id}`);
      await page.getByTestId('settings-tab-oaSetting').click();
      await page.waitForURL((u) => u.pathname === '/tenant/zalo-oa/setting' && u.search.includes(tenant.id));
      await page.getByTestId('tenant-settings-tabs').waitFor();
      await page.locator('[data-testid=tenant-settings-tabs] .ant-tabs-tab-active [data-testid=settings-tab-oaSetting]').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
