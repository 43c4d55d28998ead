// OA analytics and OA manager journey (issue 12 items 4 and 5): signed Zalo events sent to the real
// webhook route show up on /tenant/zalo-oa/analytics (totals, charts, table, CSV, hourly view); the OA
// settings page syncs the message quotas from Zalo and sends then cancels an update request. In vi
// and en, at 1440 px and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import { BASE_URL, PHONE, launchBrowser, loadApiSession, noSidewaysScroll, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function sendEvents(n: number): Promise<void> {
  const run = Date.now().toString(36);
  for (let i = 0; i < n; i++) {
    const timestamp = String(Date.now() - (n - i) * 20_000);
    const user = `e2e-${run}-${i % 7}`;
    const kinds = [
      { event_name: 'follow', oa_id: SANDBOX_OA_ID, follower: { id: user } },
      { event_name: 'user_send_text', sender: { id: user }, recipient: { id: SANDBOX_OA_ID }, message: { text: 'Xin chào', msg_id: `e2e-${run}-${i}` } },
      { event_name: 'user_seen_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: user }, message: { msg_ids: [`s-${run}-${i}`] } },
      { event_name: 'oa_send_text', sender: { id: SANDBOX_OA_ID, admin_id: 'adm' }, recipient: { id: user }, message: { text: 'Dạ', msg_id: `o-${run}-${i}` } },
    ];
    const body = JSON.stringify({ app_id: SANDBOX_APP_ID, timestamp, ...kinds[i % kinds.length] });
    const res = await fetch(`${BASE_URL}/api/webhooks/zalo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zevent-signature': signZaloWebhook({ appId: SANDBOX_APP_ID, rawBody: body, timestamp, secret: SANDBOX_WEBHOOK_SECRET }) },
      body,
    });
    assert.equal(res.status, 200, await res.text());
  }
}

describe('OA analytics and OA manager journey', () => {
  it('shows webhook activity on the analytics page and manages quotas and update requests, in vi and en, at 1440 and 390 px', { timeout: 400_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; name: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    assert.ok(oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0], 'Shop An Nhiên has the sandbox OA');
    await sendEvents(40);

    for (const [lng, viewport] of [
      ['vi', { width: 1440, height: 1000 }],
      ['en', PHONE],
      ['vi', PHONE],
      ['en', { width: 1440, height: 1000 }],
    ] as const) {
      const context = await browser.newContext({ locale: lng === 'vi' ? 'vi-VN' : 'en-US', viewport, acceptDownloads: true });
      const page = await context.newPage();
      try {
        await signIn(page, OWNER);
        await page.goto(`${BASE_URL}/tenant/zalo-oa/analytics?tenantId=${tenant.id}`);
        await settle(page);
        if (lng === 'en') await setLanguage(page, 'en');
        const totals = page.getByTestId('oa-analytics-totals');
        await totals.waitFor({ timeout: 20_000 });
        await page
          .getByTestId('oa-analytics-chart')
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(async (e: unknown) => {
            await page.screenshot({ path: shot(`oa-analytics-failed-${lng}-${viewport.width}`), fullPage: true });
            throw e;
          });
        const text = await totals.innerText();
        assert.match(text, lng === 'vi' ? /Lượt quan tâm/ : /Follows/);
        await page.screenshot({ path: shot(`oa-analytics-chart-${lng}-${viewport.width}`), fullPage: true });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'analytics charts');
        await page.getByRole('tab', { name: lng === 'vi' ? 'Bảng' : 'Table' }).click();
        await page.getByTestId('oa-analytics-table').waitFor();
        await page.screenshot({ path: shot(`oa-analytics-table-${lng}-${viewport.width}`) });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'analytics table');
        const download = page.waitForEvent('download');
        await page.getByTestId('oa-analytics-csv').click();
        assert.match((await download).suggestedFilename(), /^oa-statistics-daily-.*\.csv$/);
        await page.getByTestId('oa-analytics-period').getByText(lng === 'vi' ? 'Theo giờ' : 'By hour').click();
        await settle(page);
        await page.screenshot({ path: shot(`oa-analytics-hourly-${lng}-${viewport.width}`) });

        // OA settings: quotas from Zalo and an update request, sent then cancelled.
        await page.goto(`${BASE_URL}/tenant/zalo-oa/setting?tenantId=${tenant.id}`);
        await settle(page);
        await page.getByTestId('oa-quota-sync').click();
        await page.locator('[data-testid="oa-quota"] .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
        await page.getByTestId('oa-request-update').click();
        await page.getByTestId('oa-request-name').fill(lng === 'vi' ? 'Shop An Nhiên Mới' : 'Shop An Nhien New');
        await page.screenshot({ path: shot(`oa-request-dialog-${lng}-${viewport.width}`) });
        await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
        await page.locator('.ant-message-notice', { hasText: lng === 'vi' ? 'Đã gửi yêu cầu' : 'Request sent' }).waitFor({ timeout: 20_000 });
        const row = page.getByTestId('oa-request-row').first();
        await row.waitFor();
        await page.getByTestId('oa-quota').scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`oa-setting-manager-${lng}-${viewport.width}`), fullPage: true });
        if (viewport.width === PHONE.width) await noSidewaysScroll(page, 'OA settings with quotas and requests');
        await row.getByRole('button', { name: lng === 'vi' ? 'Huỷ yêu cầu' : 'Cancel request' }).click();
        await page.locator('.ant-popconfirm .ant-btn-primary').click();
        await page.locator('.ant-message-notice', { hasText: lng === 'vi' ? 'Đã huỷ yêu cầu' : 'Request cancelled' }).waitFor({ timeout: 20_000 });
      } finally {
        await context.close();
      }
    }
  });
});
