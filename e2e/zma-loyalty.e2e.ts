// Mini-app loyalty journey (issue 14 #3–#5): the owner of the demo tenant opens a mini app (the
// demo's, else one registered through the API), creates a branch with its opening hours and a
// voucher through the console's dialogs, generates 20 codes and watches the progress bar finish
// (zma.codes_progress), cancels one NEW code with confirmation and reads the per-code result and its
// history, then looks an unknown code up at the branch: §5 code required first, then the §8 toast
// 'Gift code not found' (vi: 'Không tìm thấy mã quà tặng'). The branches, branch, vouchers pages and
// the codes drawer are shot in vi and en at 1440 and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function confirmPopover(page: Page): Promise<void> {
  const ok = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').last();
  await ok.waitFor();
  await ok.click();
}

async function noEnglishLeft(page: Page, what: string, words: string[]): Promise<void> {
  const text = await page.locator('main, .ant-layout-content').first().innerText();
  for (const word of words) assert.ok(!new RegExp(`\\b${word}\\b`).test(text), `${what}: "${word}" left in English`);
}

describe('mini-app loyalty journey', () => {
  it('creates a branch and a voucher, generates 20 codes live, cancels one, looks an unknown code up; vi/en at 1440 and 390', { timeout: 600_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo tenant with the mini-app service');
    const api = tenantApi(session, tenant.id);
    const apps = await api<Array<{ id: string; name: string }>>('GET', 'zma/merchant/mini-app');
    const run = Date.now().toString(36);
    const miniApp =
      apps[0] ??
      (await api<{ id: string }>('POST', 'zma/merchant/mini-app', { name: `Loyalty ${run}`, zaloAppId: String(Date.now()).slice(-12), appSecret: `LoyaltySecret-${run}` }));
    const href = (path: string) => `${BASE_URL}/tenant/mini-app/${miniApp.id}/${path}?tenantId=${tenant.id}`;
    const branchName = `Chi nhánh Lê Lợi ${run}`;
    const voucherName = `Giảm 10% ${run}`;

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      if ((await page.evaluate(() => document.documentElement.lang)) !== 'vi') await setLanguage(page, 'vi');

      // A branch through the dialog: name, address, phone, Monday 08:00–22:00.
      await page.goto(href('branch'));
      await settle(page);
      await page.getByTestId('branch-create').click();
      await page.getByTestId('branch-name').fill(branchName);
      await page.getByTestId('branch-address').fill('12 Lê Lợi, Quận 1, TP. Hồ Chí Minh');
      await page.getByTestId('branch-phone').fill('0901234567');
      await page.getByTestId('branch-day-1').click();
      await page.getByTestId('branch-submit').click();
      await toast(page, 'Đã tạo chi nhánh');
      const row = page.getByTestId('branches-table').locator('tr', { hasText: branchName });
      await row.waitFor();
      assert.match(await row.innerText(), /T2: từ 08:00 đến 22:00/, 'the opening hours show in the list');

      // A voucher through the dialog: 10 % off orders from 200,000 ₫.
      await page.goto(href('voucher'));
      await settle(page);
      await page.getByTestId('gift-create').click();
      await page.getByTestId('gift-name').fill(voucherName);
      await page.getByTestId('voucher-kind').getByText('Phần trăm (%)').click();
      await page.getByTestId('voucher-value').fill('10');
      await page.getByTestId('voucher-min-order').fill('200000');
      await page.getByTestId('voucher-conditions').fill('Áp dụng cho đơn tại cửa hàng.');
      await page.getByTestId('gift-submit').click();
      await toast(page, 'Đã lưu quà');
      const voucherRow = page.getByTestId('gifts-table').locator('tr', { hasText: voucherName });
      await voucherRow.waitFor();
      assert.match(await voucherRow.innerText(), /10 %/);

      // CSV import: each row stands alone; the rejected one is reported with its row number.
      await page.getByTestId('gift-import').click();
      const csv = [
        'type,name,description,imageUrl,priceMode,valueMin,valueMax,coefficient,status,validFrom,validTo,discountKind,discountValue,minOrderValue,conditions,codeValidityDays',
        `VOUCHER,Nhập CSV ${run},,,RANGE,0,0,,ACTIVE,,,AMOUNT,20000,100000,,30`,
        `VOUCHER,Lỗi CSV ${run},,,RANGE,0,0,,ACTIVE,,,PERCENT,120,,,30`,
      ].join('\n');
      await page.getByTestId('import-dialog').locator('input[type=file]').setInputFiles({ name: 'vouchers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByTestId('import-result').getByText('Đã tạo 1, bị từ chối 1').waitFor({ timeout: 20_000 });
      await page.screenshot({ path: shot('zma-loyalty-import-vi') });
      await page.getByTestId('import-dialog').getByRole('button', { name: 'Đóng' }).last().click();
      await page.getByTestId('gifts-table').locator('tr', { hasText: `Nhập CSV ${run}` }).waitFor();

      // 20 codes: the progress bar reaches its end through the live events.
      await voucherRow.locator('[data-testid^=gift-codes-]').click();
      await page.getByTestId('codes-panel').waitFor();
      await page.getByTestId('codes-generate').click();
      await page.getByTestId('generate-count').fill('20');
      await page.getByTestId('generate-submit').click();
      await page.getByTestId('generate-progress').waitFor();
      await page.getByTestId('generate-progress-text').filter({ hasText: 'Đã tạo 20 mã' }).waitFor({ timeout: 60_000 });
      await page.screenshot({ path: shot('zma-loyalty-generate-vi') });
      await page.getByTestId('generate-close').click();
      const codeRows = page.getByTestId('codes-table').locator('tbody tr[data-row-key]');
      // 20 codes, 10 on the first page (the console's page size).
      await page.getByTestId('codes-panel').getByText('Tổng 20 bản ghi').waitFor({ timeout: 15_000 });
      assert.equal(await codeRows.count(), 10, 'the first page of codes');

      // Cancel one NEW code: confirmation, per-code result, its status and history.
      const first = codeRows.first();
      const code = (await first.locator('code').first().innerText()).trim();
      await first.locator('.ant-checkbox-input').check();
      await page.getByTestId('codes-cancel').click();
      await confirmPopover(page);
      await page.getByTestId('codes-outcome').getByText('Thành công 1, bị từ chối 0').waitFor();
      await page.getByTestId('codes-outcome').getByRole('button').last().click();
      const cancelled = page.getByTestId('codes-table').locator('tr', { hasText: code });
      await cancelled.getByTestId('code-status-CANCELLED').waitFor();
      await cancelled.getByTestId(`code-history-${code}`).click();
      await page.getByTestId('code-history').getByText('Mới → Đã huỷ').waitFor();
      await page.locator('.ant-drawer-open .ant-drawer-close').last().click();
      await page.getByTestId('code-history').waitFor({ state: 'hidden' });
      // The status filter shows only the cancelled one (NEW, ALLOCATED, USED, EXPIRED, CANCELLED: the fifth;
      // the keyboard does not race the dropdown's animation).
      await page.getByTestId('codes-status-filter').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByTestId('codes-status-filter').getByText('Đã huỷ').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=codes-table] tbody tr[data-row-key]').length === 1, undefined, { timeout: 15_000 });

      // The codes drawer in vi and en, at 1440 and 390 px.
      for (const lng of ['vi', 'en'] as const) {
        if (lng === 'en') {
          // The drawer covers the header's language switcher: close it, switch, open it again.
          await page.locator('.ant-drawer-open .ant-drawer-close').last().click();
          await setLanguage(page, 'en');
          await voucherRow.locator('[data-testid^=gift-codes-]').click();
          await page.getByTestId('codes-panel').getByText('Total 20 records').waitFor();
        }
        await page.setViewportSize(DESKTOP);
        await settle(page);
        await page.screenshot({ path: shot(`zma-loyalty-codes-${lng}`) });
        await page.setViewportSize(PHONE);
        await settle(page);
        await noSidewaysScroll(page, `codes drawer ${lng}`);
        await page.screenshot({ path: shot(`zma-loyalty-codes-${lng}-phone`) });
      }
      await page.setViewportSize(DESKTOP);
      await page.locator('.ant-drawer-open .ant-drawer-close').last().click();
      await setLanguage(page, 'vi');

      // At the branch: §5 code required, then an unknown code → the §8 toast.
      await page.goto(href('branch'));
      await settle(page);
      await page.getByTestId('branches-table').locator('tr', { hasText: branchName }).locator('a[data-testid^=branch-link-]').click();
      await page.getByTestId('redeem-panel').waitFor();
      // Stock of the voucher at this branch: a negative quantity is refused in the form.
      await page.getByTestId('branch-stock').locator('.ant-select').click();
      await page.keyboard.type(voucherName);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: voucherName }).waitFor();
      await page.keyboard.press('Enter');
      const quantity = page.getByTestId('branch-stock').locator('input[data-testid^=stock-quantity-], [data-testid^=stock-quantity-] input').first();
      await quantity.fill('-1');
      await page.getByTestId('branch-stock').getByText('Không được âm').waitFor();
      assert.ok(await page.getByTestId('stock-save').isDisabled(), 'a negative quantity cannot be saved');
      await quantity.fill('50');
      await page.getByTestId('stock-save').click();
      await toast(page, 'Đã lưu tồn kho');
      await page.getByTestId('redeem-lookup').click();
      await page.getByTestId('redeem-panel').getByText('Vui lòng nhập mã quà tặng').waitFor();
      await page.getByTestId('redeem-code-input').fill('ZZZZ-ZZZZ-ZZ');
      await page.getByTestId('redeem-code-input').press('Enter');
      await toast(page, 'Không tìm thấy mã quà tặng');
      // The cancelled code is found and explained, and cannot be redeemed.
      await page.getByTestId('redeem-code-input').fill(code);
      await page.getByTestId('redeem-lookup').click();
      await page.getByTestId('redeem-refused').getByText('Mã quà tặng đã bị huỷ').waitFor();
      await noEnglishLeft(page, 'branch vi', ['Redeem', 'Branch', 'Gift', 'Stock', 'Status', 'Customer']);
      await page.screenshot({ path: shot('zma-loyalty-redeem-vi'), fullPage: true });
      await setLanguage(page, 'en');
      await page.getByTestId('redeem-code-input').fill('ZZZZZZZZZZ');
      await page.getByTestId('redeem-lookup').click();
      await toast(page, 'Gift code not found');
      await setLanguage(page, 'vi');
      const branchUrl = page.url();

      await shotsAt(page, 'zma-loyalty-branches', href('branch'), 'branches-table');
      await shotsAt(page, 'zma-loyalty-branch', branchUrl, 'redeem-panel');
      await shotsAt(page, 'zma-loyalty-vouchers', href('voucher'), 'gifts-table');
      await shotsAt(page, 'zma-loyalty-gifts', href('gift-inventory'), 'gifts-table');
    } finally {
      await context.close();
    }
  });
});
