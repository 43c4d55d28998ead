// Followers journey (issue 12 item 3): tag three followers from the list — select three rows, open
// the label dialog, add a label (the dialog refuses the same label in the remove list, naming the other
// action; Update stays disabled until something is chosen), update, and see the label on the three
// rows without a reload. Then the detail modal with shared info and the column drawer. In vi and en,
// at 1440 px and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, PHONE, launchBrowser, loadApiSession, noSidewaysScroll, setLanguage, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function tagThree(page: Page, label: string, lng: 'vi' | 'en', oaName: string): Promise<void> {
  await page.getByTestId('oa-filter').click();
  // Exactly this OA: another journey may have connected "<name> 3" to the same tenant.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ has: page.getByText(oaName, { exact: true }) }).first().click();
  await settle(page);
  const rows = page.locator('tr.ant-table-row');
  await rows.nth(2).waitFor({ timeout: 15_000 });
  for (const i of [0, 1, 2]) await rows.nth(i).locator('.ant-table-selection-column .ant-checkbox').click();
  await page.getByTestId('tag-button').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.waitFor();
  const ok = dialog.locator('.ant-modal-footer .ant-btn-primary');
  assert.equal(await ok.isDisabled(), true, 'Update is disabled until a label is chosen');
  // The remove list first, then the same label in the add list: refused with a message naming "remove".
  const addInput = page.getByTestId('tag-add').locator('input');
  await addInput.fill(label);
  await addInput.press('Enter');
  await page.locator('.ant-modal-title').click();
  assert.equal(await ok.isDisabled(), false, 'Update is enabled once a label is chosen');
  await page.screenshot({ path: shot(`oa-followers-tag-dialog-${lng}-${page.viewportSize()?.width}`) });
  await ok.click();
  await page.locator('.ant-message-notice', { hasText: lng === 'vi' ? 'Đã cập nhật nhãn cho 3' : 'Labels updated for 3' }).waitFor({ timeout: 30_000 });
  await page.locator('.ant-table-tbody .ant-tag', { hasText: label }).nth(2).waitFor({ timeout: 15_000 });
}

describe('OA followers journey', () => {
  it('tags three followers from the list, in vi and en, at 1440 and 390 px', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; name: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'Shop An Nhiên has the sandbox OA');
    await api('POST', 'merchant/oa-user/sync', { zaloOAId: oa.id });
    const stamp = Date.now().toString(36).slice(-4);

    for (const [lng, viewport] of [
      ['vi', { width: 1440, height: 1000 }],
      ['en', PHONE],
    ] as const) {
      const context = await browser.newContext({ locale: lng === 'vi' ? 'vi-VN' : 'en-US', viewport });
      const page = await context.newPage();
      try {
        await signIn(page, OWNER);
        await page.goto(`${BASE_URL}/tenant/zalo-oa/customers?tenantId=${tenant.id}`);
        await settle(page);
        if (lng === 'en') await setLanguage(page, 'en');
        await page.getByTestId('follower-scroll').waitFor();
        await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
        await page.screenshot({ path: shot(`oa-followers-list-${lng}-${viewport.width}`) });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'follower list');
        const label = lng === 'vi' ? `Khách VIP ${stamp}` : `Gold ${stamp}`;
        await tagThree(page, label, lng, oa.name);
        await page.screenshot({ path: shot(`oa-followers-tagged-${lng}-${viewport.width}`) });

        // The label dialog refuses a label in both lists, naming the other action. The option is matched
        // exactly, and the two runs' labels are not parts of each other (a tags select picks the first match on Enter).
        {
          await page.locator('tr.ant-table-row').nth(0).locator('.ant-table-selection-column .ant-checkbox').click();
          await page.getByTestId('tag-button').click();
          const sub = page.getByTestId('tag-sub');
          // The remove list offers the labels the chosen followers carry, known when the dialog opens (it
          // once offered the OA's list too, which arrived under the pointer and a click landed on another label).
          await sub.click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${label}$`) }).first().click();
          await sub.locator('.ant-select-selection-item', { hasText: label }).waitFor({ timeout: 15_000 });
          await page.locator('.ant-modal-title').click();
          const addInput = page.getByTestId('tag-add').locator('input');
          await addInput.fill(label);
          await addInput.press('Enter');
          await page.locator('.ant-message-notice', { hasText: lng === 'vi' ? 'đã được chọn để gỡ' : 'already chosen to remove' }).waitFor({ timeout: 15_000 });
          // Closing the open label list first (it covers the footer), then the dialog.
          await page.locator('.ant-modal-title').click();
          await page.locator('.ant-modal-footer button', { hasText: lng === 'vi' ? 'Hủy' : 'Cancel' }).click();
          await page.locator('.ant-modal-title').waitFor({ state: 'hidden' });
        }

        // The detail modal with shared info and the call section.
        await page.getByTestId('follower-name').first().click();
        await page.getByTestId('city-picker').waitFor();
        await page.getByTestId('call-consent').waitFor();
        await settle(page);
        await page.screenshot({ path: shot(`oa-followers-detail-${lng}-${viewport.width}`) });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'follower detail');
        await page.locator('.ant-modal-close').click();
        await page.locator('.ant-modal-title').waitFor({ state: 'hidden' });

        // The column drawer.
        await page.getByTestId('columns-button').click();
        await page.getByTestId('columns-remember').waitFor();
        await page.screenshot({ path: shot(`oa-followers-columns-${lng}-${viewport.width}`) });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'column drawer');
      } finally {
        await context.close();
      }
    }

    // The list in both languages at both widths.
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await shotsAt(page, 'oa-followers-all', `${BASE_URL}/tenant/zalo-oa/customers?tenantId=${tenant.id}`, 'follower-scroll');
    } finally {
      await context.close();
    }
  });
});
