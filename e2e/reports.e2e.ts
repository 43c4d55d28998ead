// Reports journey (issue 16 #4): ZNS messages sent through the public API show up, once the statistics
// fold has run, in the tenant report (/tenant/report) grouped by template, with totals and the delivery
// rate; the report downloads as CSV; a weekly report mail is created, edited and deleted (with
// confirmation); the organisation report (/dashboard/report) lists the tenants and downloads as XLSX.
// In vi and en, at 1440 px and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, PHONE, launchBrowser, noSidewaysScroll, setLanguage, settle, shot, signIn, znsSendSetup } from './support/harness';

const OWNER = 'owner@demo.vn';
const SENDS = 4;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function open(page: Page, path: string, lng: 'vi' | 'en', ready: string): Promise<void> {
  await page.goto(`${BASE_URL}${path}`);
  await settle(page);
  if ((await page.evaluate(() => document.documentElement.lang)) !== lng) await setLanguage(page, lng);
  await page
    .getByTestId(ready)
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: shot(`reports-failed-${ready}-${lng}`), fullPage: true });
      throw e;
    });
  await settle(page);
}

async function capture(page: Page, name: string, lng: string, width: number): Promise<void> {
  await page.screenshot({ path: shot(`reports-${name}-${lng}-${width}`), fullPage: true });
  if (width === PHONE.width) await noSidewaysScroll(page, `${name} (${lng})`);
}

describe('Reports journey', () => {
  it('reports the sends by template with totals, exports CSV and XLSX, schedules a report mail, in vi and en at 1440 and 390 px', { timeout: 600_000 }, async () => {
    const { session, tenant, key } = await znsSendSetup(OWNER, 'Reports journey', 200_000);
    const run = Date.now().toString(36);
    for (let i = 0; i < SENDS; i++) {
      const res = await fetch(`${BASE_URL}/api/v1/zns/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key.secret },
        body: JSON.stringify({ phone: '0987008888', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '135790' }, trackingId: `rep-${run}-${i}` }),
      });
      assert.equal(res.status, 202, await res.text());
    }
    // The rollups are folded every 2 s (ADR 0024): wait until today's report holds the sends.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    let total = 0;
    for (let i = 0; i < 120 && total < SENDS; i++) {
      const res = await fetch(`${BASE_URL}/api/merchant/report?from=${today}&to=${today}&groupBy=template`, { headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenant.id } });
      assert.equal(res.status, 200, await res.clone().text());
      total = ((await res.json()) as { data: { totals: { total: number } } }).data.totals.total;
      if (total < SENDS) await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(total >= SENDS, `the report counts the ${SENDS} sends (${total})`);

    for (const [lng, viewport] of [
      ['vi', DESKTOP],
      ['en', PHONE],
      ['vi', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ locale: lng === 'vi' ? 'vi-VN' : 'en-US', viewport, acceptDownloads: true });
      const page = await context.newPage();
      try {
        await signIn(page, OWNER);
        await open(page, `/tenant/report?tenantId=${tenant.id}&from=${today}&to=${today}&groupBy=template`, lng, 'report-totals');
        const totals = await page.getByTestId('report-totals').innerText();
        assert.match(totals, lng === 'vi' ? /Tổng cộng/ : /Total/);
        assert.ok(Number((/\d[\d,]*/.exec(totals)?.[0] ?? '0').replace(/,/g, '')) >= SENDS, `the totals row counts the sends: ${totals}`);
        assert.match(await page.getByTestId('report-table').innerText(), lng === 'vi' ? /Tỷ lệ nhận/ : /Delivery rate/);
        await page.getByTestId('report-failures').waitFor();
        await page.getByTestId('report-schedules').waitFor();
        if (lng === 'vi') assert.doesNotMatch(await page.locator('main').innerText(), /\b(Delivery rate|Messages|Failures|Report schedules)\b/);
        await capture(page, 'tenant', lng, viewport.width);

        if (lng === 'vi' && viewport.width === DESKTOP.width) {
          // Another grouping from the filter; the address keeps it.
          await page.getByTestId('report-group-by').click();
          await page.getByTitle('Trạng thái').click();
          await page.waitForURL((u) => u.searchParams.get('groupBy') === 'status');
          await settle(page);
          assert.match(await page.getByTestId('report-table').innerText(), /Đã gửi, chưa nhận/);

          // CSV export: a small report downloads at once.
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-csv').click()]);
          assert.match(download.suggestedFilename(), new RegExp(`^report-status-${today}-${today}\\.csv$`));
          const csv = await readFile(await download.path(), 'utf8');
          assert.ok(csv.startsWith('\uFEFF'), 'the CSV starts with the BOM');
          assert.match(csv, /Tổng cộng/);

          // A weekly report mail: create, edit, delete (confirmed).
          await page.getByTestId('report-schedule-add').click();
          const dialog = page.locator('.ant-modal:visible');
          await dialog.waitFor();
          await dialog.locator('[data-testid="report-schedule-recipients"] input').fill('ketoan@annhien.vn');
          await page.keyboard.press('Enter');
          await page.screenshot({ path: shot('reports-schedule-dialog-vi-1440') });
          await page.getByRole('button', { name: 'Lưu' }).click();
          await page.getByTestId('report-schedule').filter({ hasText: 'ketoan@annhien.vn' }).waitFor();
          await page.getByTestId('report-schedule').filter({ hasText: 'ketoan@annhien.vn' }).getByTestId('report-schedule-edit').click();
          await dialog.waitFor();
          await dialog.getByText('Hằng tháng').click();
          await page.getByRole('button', { name: 'Lưu' }).click();
          await page.getByTestId('report-schedule').filter({ hasText: 'Hằng tháng' }).waitFor();
          await settle(page);
          await capture(page, 'tenant-schedule', lng, viewport.width);
          await page.getByTestId('report-schedule').filter({ hasText: 'ketoan@annhien.vn' }).getByTestId('report-schedule-delete').click();
          await page.locator('.ant-popconfirm .ant-btn-primary').click();
          await page.getByTestId('report-schedule').filter({ hasText: 'ketoan@annhien.vn' }).waitFor({ state: 'detached' });
        }

        // The organisation report: every tenant, exported as XLSX.
        await open(page, `/dashboard/report?from=${today}&to=${today}&groupBy=tenant`, lng, 'report-totals');
        assert.match(await page.getByTestId('report-table').innerText(), /Shop An Nhiên/);
        await capture(page, 'organisation', lng, viewport.width);
        if (lng === 'en' && viewport.width === DESKTOP.width) {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-xlsx').click()]);
          assert.match(download.suggestedFilename(), /^organisation-report-tenant-.*\.xlsx$/);
          const buf = await readFile(await download.path());
          assert.equal(buf.subarray(0, 2).toString(), 'PK');
        }
      } finally {
        await context.close();
      }
    }
  });
});
