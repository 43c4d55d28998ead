// Campaign intake journey (issue 13): the create dialog (its §5 refusals), then the creation route —
// template, a CSV with bad rows uploaded with progress, the columns mapped, the counts and the cost,
// the report of rejected rows downloaded, the campaign submitted and listed. vi at 1440 px, then en
// and 390 px on the same page; the list in vi/en at both widths.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, noSidewaysScroll, PHONE, setLanguage, settle, shot, shotsAt, signIn, znsSendSetup } from './support/harness';

const OWNER = 'owner@demo.vn';

const CSV = ['phone,otp', '0912345678,482913', '0987654321,551100', '0912345678,999999', 'not-a-phone,123456', '0355111222,12345678901', '0977000111,700800'].join('\n');

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('ZNS campaign intake journey', () => {
  it('creates a campaign from a CSV with bad rows: counts, cost, report, submission; vi and en, 1440 and 390 px', { timeout: 300_000 }, async () => {
    const { tenant, api } = await znsSendSetup(OWNER, 'E2E campaign key');
    const file = path.join(tmpdir(), `campaign-${Date.now()}.csv`);
    await writeFile(file, CSV);

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      const listUrl = `${BASE_URL}/tenant/zns-service/campaign?tenantId=${tenant.id}`;
      await page.goto(listUrl);
      await page.getByTestId('campaigns-table').waitFor();

      // 1. The dialog: default name, 'select API key' and 'Please enter schedule' refusals.
      await page.getByTestId('campaign-create').click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.waitFor();
      assert.match(await page.getByTestId('campaign-name').inputValue(), /^Chiến dịch \d{2}\/\d{2}\/\d{4}/);
      await page.getByTestId('campaign-dialog-ok').click();
      await dialog.getByText('Chọn khóa API', { exact: true }).last().waitFor();
      await page.getByTestId('campaign-api-key').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E2E campaign key' }).first().click();
      await dialog.getByText('Hẹn giờ').click();
      await page.getByTestId('campaign-dialog-ok').click();
      await dialog.getByText('Vui lòng chọn thời gian gửi').waitFor();
      await page.screenshot({ path: shot('campaign-dialog-vi') });
      await dialog.getByText('Gửi ngay').click();
      await page.getByTestId('campaign-name').fill('Mã OTP tháng 12');
      await page.getByTestId('campaign-dialog-ok').click();
      await page.waitForURL(/\/tenant\/zns-service\/campaign\/create\?.*name=/);
      await page.getByTestId('campaign-create-name').filter({ hasText: 'Mã OTP tháng 12' }).waitFor();

      // 2. Template, upload (progress), mapping suggested from the header, rows read.
      await page.getByTestId('campaign-template').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Mã xác thực OTP' }).first().click();
      await page.locator('[data-testid=campaign-upload] input[type=file]').setInputFiles(file);
      await page.getByTestId('campaign-mapping').waitFor({ timeout: 30_000 });
      await page.getByTestId('campaign-map-apply').click();
      await page.getByTestId('campaign-result').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('campaign-valid').locator('.ant-statistic-content-value').innerText(), '3');
      assert.equal(await page.getByTestId('campaign-rejected').locator('.ant-statistic-content-value').innerText(), '2');
      assert.equal(await page.getByTestId('campaign-duplicates').locator('.ant-statistic-content-value').innerText(), '1');
      assert.match(await page.getByTestId('campaign-estimated-cost').innerText(), /900 ₫/);
      await settle(page);
      await page.screenshot({ path: shot('campaign-create-vi'), fullPage: true });

      // 3. The report of rejected rows, in Vietnamese.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-report').click()]);
      const report = await readFile(await download.path(), 'utf8');
      assert.match(report, /Dòng,Mã lỗi,Lý do,phone,otp/);
      assert.match(report, /PHONE_FORMAT/);
      assert.match(report, /PARAM_MAX_LENGTH/);
      assert.match(report, /DUPLICATE/);

      // 4. en and the phone width on the same page.
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'campaign create vi');
      await page.screenshot({ path: shot('campaign-create-vi-phone'), fullPage: true });
      await setLanguage(page, 'en');
      await page.getByText('Check before submitting').waitFor();
      await noSidewaysScroll(page, 'campaign create en');
      await page.screenshot({ path: shot('campaign-create-en-phone'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await settle(page);
      await page.screenshot({ path: shot('campaign-create-en'), fullPage: true });

      // 5. Submit: the campaign exists, pending review or approved (the demo workflow decides).
      await page.getByTestId('campaign-submit').click();
      await page.waitForURL(/\/tenant\/zns-service\/campaign\/[0-9a-f-]{36}/);
      const listed = await api<Array<{ name: string; recordCount: number; estimatedCost: number; status: string }>>('GET', 'merchant/campaign?name=OTP');
      const mine = listed.find((c) => c.name === 'Mã OTP tháng 12');
      assert.ok(mine, 'the campaign is listed');
      assert.equal(mine.recordCount, 3);
      assert.equal(mine.estimatedCost, 900);
      assert.ok(['PENDING', 'APPROVED'].includes(mine.status), mine.status);

      // The detail page settles first: a language switch clicked while it still loads can be lost.
      await page.getByTestId('campaign-template-preview').waitFor();
      await settle(page);
      await setLanguage(page, 'vi');
      await shotsAt(page, 'campaigns-list', listUrl, 'campaigns-table');
      await page.goto(listUrl);
      await page.getByText('Mã OTP tháng 12').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
