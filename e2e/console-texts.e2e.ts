// Console texts journey (issue 9, defects 6, 7, 8 and 12) in the Vietnamese console: the API keys
// page names itself like the menu and explains its disabled create button; a second OTP action
// within the 5 s guard says no code was sent, counts down and then sends; the wallet edit dialog
// previews no balance beside its own error; money reads '₫'; every audit action shows a label,
// never a code; follower avatars never show a broken image.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, hoverUntil, launchBrowser, loadApiSession, shot, signIn } from './support/harness';

const OWNER = 'owner@demo.vn';
const RAW_CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/** antd puts data-testid on the modal's zero-size root; the visible box is its .ant-modal. */
function modal(page: Page, testId: string) {
  return page.locator(`[data-testid=${testId}] .ant-modal`);
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('console texts journey', () => {
  it('labels, OTP guard, wallet preview, money and avatars in the vi console', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const shop = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    const clinic = session.tenants.find((t) => t.name === 'Nha khoa Sài Gòn');
    assert.ok(shop && clinic, 'the demo tenants exist');
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);

      // 12: the page title is the menu's label; without an OA the disabled create button says why.
      await page.goto(`${BASE_URL}/tenant/api-keys?tenantId=${clinic.id}`);
      await page.getByRole('heading', { level: 1, name: 'API key' }).waitFor();
      const create = page.getByTestId('api-key-create');
      await create.waitFor();
      await page.waitForFunction(() => (document.querySelector('[data-testid=api-key-create]') as HTMLButtonElement | null)?.disabled === true);
      await hoverUntil(page, create.locator('..'), page.locator('.ant-tooltip', { hasText: 'Hãy kết nối một OA trước khi tạo API key' }), 'API key needs an OA');
      await page.screenshot({ path: shot('texts-api-keys-needs-oa-vi') });

      // 8: the second OTP action within 5 s gets 429 OTP_TOO_SOON: no "sent", a countdown, then a code.
      const q = `tenantId=${shop.id}`;
      await page.goto(`${BASE_URL}/tenant/api-keys?${q}`);
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-name').fill('E2E texts key');
      await page.getByTestId('api-key-create-submit').click();
      await page.getByTestId('api-key-done').click();
      const row = page.locator('[data-testid=api-keys-table] tr', { hasText: 'E2E texts key' });
      await row.waitFor();
      const otp = modal(page, 'otp-dialog');
      await row.getByTestId(/^api-key-toggle-/).click();
      await otp.locator('[data-testid=otp-notice][data-state=sent]').waitFor();
      assert.match(await otp.getByTestId('otp-notice').innerText(), /đã được gửi tới email/);
      await page.keyboard.press('Escape');
      await otp.waitFor({ state: 'hidden' });
      await row.getByTestId(/^api-key-toggle-/).click();
      const tooSoon = otp.getByTestId('otp-too-soon');
      await tooSoon.waitFor();
      assert.match(await tooSoon.innerText(), /Chưa gửi mã mới.*sau \d giây/s);
      assert.equal(await otp.locator('[data-testid=otp-notice][data-state=sent]').count(), 0, 'no "sent" while the server refused');
      assert.equal(await page.getByTestId('otp-input').isDisabled(), true, 'no code to type yet');
      await page.screenshot({ path: shot('texts-otp-too-soon-vi') });
      await otp.locator('[data-testid=otp-notice][data-state=sent]').waitFor({ timeout: 10_000 });
      assert.equal(await tooSoon.count(), 0);
      assert.equal(await page.getByTestId('otp-input').isDisabled(), false);
      await page.keyboard.press('Escape');

      // 12: one money format; the edit dialog previews no balance beside its own error.
      await page.getByTestId('header-wallet-value').filter({ hasText: /^[\d,]+ ₫$/ }).waitFor();
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-menu-edit').click();
      const edit = modal(page, 'wallet-edit-dialog');
      await edit.getByText('Trừ bớt').click();
      // A click during the dialog's opening animation can be lost on a loaded host: go on once it is chosen.
      await edit.locator('.ant-radio-button-wrapper-checked', { hasText: 'Trừ bớt' }).waitFor();
      await page.getByTestId('wallet-amount').fill('999999999');
      await edit.locator('.ant-form-item-explain-error').first().waitFor();
      assert.equal(await edit.getByTestId('wallet-new-balance').count(), 0, 'no negative preview beside the error');
      await page.screenshot({ path: shot('texts-wallet-sub-exceeds-vi') });
      await page.getByTestId('wallet-amount').fill('1000');
      await edit.getByTestId('wallet-new-balance').filter({ hasText: /Số dư sau khi lưu: [\d,]+ ₫/ }).waitFor();
      await page.keyboard.press('Escape');

      // 12: follower avatars: Zalo's CDN may be out of reach; every avatar still shows an image.
      await page.goto(`${BASE_URL}/tenant/zns-service/playground?${q}`);
      await page.getByRole('button', { name: 'Đồng bộ người theo dõi từ Zalo' }).click();
      await page.getByTestId('follower-avatar').first().waitFor({ timeout: 20_000 });
      await page.waitForFunction(
        () => {
          const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid=follower-avatar] img')];
          return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
        },
        undefined,
        { timeout: 20_000 },
      );
      await page.screenshot({ path: shot('texts-follower-avatars-vi') });

      // 6: the audit log shows labels, never codes, for the entries written above and in the filter.
      await page.goto(`${BASE_URL}/audit-log`);
      await page.locator('[data-testid=audit-table] tr.ant-table-row').first().waitFor();
      const tags = await page.locator('[data-testid=audit-table] tr.ant-table-row .ant-tag').allInnerTexts();
      assert.ok(tags.length > 0);
      assert.deepEqual(tags.filter((t) => RAW_CODE.test(t.trim())), [], 'audit actions shown as codes');
      assert.ok(tags.includes('Tạo API key'), `API_KEY_CREATE is labelled (${tags.join(', ')})`);
      await page.getByTestId('audit-action-filter').click();
      const options = await page.locator('.ant-select-dropdown .ant-select-item-option').allInnerTexts();
      assert.ok(options.length > 0);
      assert.deepEqual(options.filter((t) => RAW_CODE.test(t.trim())), [], 'filter options shown as codes');
      await page.screenshot({ path: shot('texts-audit-log-vi') });
    } finally {
      await context.close();
    }
  });
});
