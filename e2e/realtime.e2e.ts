// Realtime journey (issue 10, rule 9): the owner opens the ZNS sending history of the demo tenant and
// a ZNS sent through the public API appears and moves PENDING (a retry after a Zalo error) →
// PUSHED_ZALO → RECEIVED on screen without a reload, a click on Refresh or any polling: the rows come
// from the realtime stream's events. The header wallet follows the charge. Screenshots at 1440 and
// 390 px in vi and en.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Request } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';

const OWNER = 'owner@demo.vn';
/** The sandbox's OTP template of the demo OA ({{otp}}). */
const OTP_TEMPLATE_ID = '3010011';
const SANDBOX = `${BASE_URL}/zalo-sandbox/_control`;
const LABELS = {
  vi: { PENDING: 'Đang chờ', PUSHED_ZALO: 'Đã gửi tới Zalo', RECEIVED: 'Đã nhận', live: 'Trực tiếp' },
  en: { PENDING: 'PENDING', PUSHED_ZALO: 'PUSHED ZALO', RECEIVED: 'RECEIVED', live: 'Live' },
} as const;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function sandbox(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${SANDBOX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `sandbox ${path}: ${await res.text()}`);
}

/** Opens the ZNS history of the tenant and waits until the stream is live. */
async function openHistory(page: Page, tenantId: string): Promise<void> {
  await page.goto(`${BASE_URL}/tenant/zns-service/history?tenantId=${tenantId}`);
  await page.getByTestId('history-table').waitFor();
  await page.locator('[data-testid=realtime-badge][data-state=live]').waitFor({ timeout: 20_000 });
  await settle(page);
}

/** Every status (Check All → OK) and one tracking id: the list shows just the journey's message. */
async function showOnly(page: Page, trackingId: string): Promise<void> {
  await page.getByTestId('status-filter-trigger').first().click();
  const filter = page.getByTestId('status-filter');
  await filter.getByTestId('status-filter-all').click();
  if (!(await filter.getByTestId('status-filter-all').isChecked())) await filter.getByTestId('status-filter-all').click();
  await filter.getByTestId('status-filter-ok').click();
  await page.getByTestId('history-search-trackingId').fill(trackingId);
  await page.getByTestId('history-search').click();
  await settle(page);
}

describe('realtime history journey', () => {
  it('shows a ZNS sent through the API appear and move PENDING → PUSHED_ZALO → RECEIVED without a reload', { timeout: 240_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.znsService && t.oaService);
    assert.ok(tenant, 'the demo tenant with ZNS exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    // The sandbox's main OA: the content journey may have connected another one to this tenant.
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'the demo tenant has its sandbox OA');
    await api('GET', 'merchant/zalo-oa/sync-zns-templates');
    const key = await api<{ secret: string }>('POST', 'merchant/api-key', { name: 'Realtime journey', zaloOAId: oa.id, service: 'ZNS' });

    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await openHistory(page, tenant.id);
      assert.equal((await page.getByTestId('realtime-badge').innerText()).trim(), LABELS.vi.live);
      const trackingId = `realtime-${Date.now()}`;
      await showOnly(page, trackingId);
      const rows = page.locator('[data-testid=history-table] tr.ant-table-row');
      assert.equal(await rows.count(), 0, 'nothing sent yet');

      // From here on the page must not navigate, reload or poll: a marker on window survives only without a reload.
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).realtimeJourney = 'still here';
      });
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      const historyCalls: Request[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/merchant/zns/history')) historyCalls.push(r);
      });
      await page.waitForTimeout(6000);
      assert.equal(historyCalls.length, 0, 'the history does not poll');
      const walletBefore = (await page.getByTestId('header-wallet-value').innerText()).trim();

      // Zalo answers the first attempt with a retryable error (-100): the message goes back to PENDING for a
      // retry 10 s later; the delivery receipt comes 5 s after Zalo accepts it, so every status stays on screen.
      await sandbox('/faults', { znsDeliveryDelayMs: 5000 });
      await sandbox('/force-error', { path: '/business/message/template', code: -100, count: 1 });
      try {
        const sent = await fetch(`${BASE_URL}/api/v1/zns/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key.secret },
          body: JSON.stringify({ phone: '0987000001', templateId: OTP_TEMPLATE_ID, templateData: { otp: '135790' }, trackingId }),
        });
        assert.equal(sent.status, 202, await sent.text());

        const status = rows.first().getByTestId('history-status');
        await status.filter({ hasText: LABELS.vi.PENDING }).waitFor({ timeout: 20_000 });
        assert.equal(await rows.count(), 1);
        await page.screenshot({ path: shot('realtime-history-pending-vi') });
        await status.filter({ hasText: LABELS.vi.PUSHED_ZALO }).waitFor({ timeout: 40_000 });
        await page.screenshot({ path: shot('realtime-history-pushed-vi') });
        // Zalo's message id arrives as the session id (a refetch after the patched status).
        await rows.first().locator('td.zc-col-sessionId').filter({ hasNotText: '—' }).waitFor({ timeout: 10_000 });
        await status.filter({ hasText: LABELS.vi.RECEIVED }).waitFor({ timeout: 30_000 });
        await page.screenshot({ path: shot('realtime-history-received-vi') });
      } finally {
        await sandbox('/faults', { znsDeliveryDelayMs: 1000 });
      }

      assert.equal(navigations, 0, 'no navigation happened');
      assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).realtimeJourney), 'still here', 'the page was not reloaded');
      // The rows came from the stream's events: only a handful of refetches for three status changes, no steady poll.
      assert.ok(historyCalls.length <= 4, `history fetched ${historyCalls.length} times`);
      if (!/Không giới hạn|Unlimited/.test(walletBefore)) {
        // A prepaid wallet: the charge shows in the header without a reload.
        await page.getByTestId('header-wallet-value').filter({ hasNotText: walletBefore }).waitFor({ timeout: 10_000 });
      }

      // The API agrees with the screen.
      const [row] = await api<Array<{ status: string; trackingId: string }>>('GET', `merchant/zns/history?trackingId=${encodeURIComponent(trackingId)}&status=RECEIVED`);
      assert.equal(row?.trackingId, trackingId);

      await setLanguage(page, 'en');
      await page.getByTestId('realtime-badge').filter({ hasText: LABELS.en.live }).waitFor();
      await rows.first().getByTestId('history-status').filter({ hasText: LABELS.en.RECEIVED }).waitFor();
      await page.screenshot({ path: shot('realtime-history-en') });
      await setLanguage(page, 'vi');
    } finally {
      await context.close();
    }
  });

  it('shows the live mark on a phone in vi and en', { timeout: 120_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.znsService && t.oaService);
    assert.ok(tenant);
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await openHistory(page, tenant.id);
      assert.equal((await page.getByTestId('realtime-badge').innerText()).trim(), LABELS.vi.live);
      // The page does not grow sideways for the mark.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 390 px');
      await page.screenshot({ path: shot('realtime-history-390-vi') });
      await setLanguage(page, 'en');
      await page.getByTestId('realtime-badge').filter({ hasText: LABELS.en.live }).waitFor();
      await page.screenshot({ path: shot('realtime-history-390-en') });
      await setLanguage(page, 'vi');
    } finally {
      await context.close();
    }
  });
});
