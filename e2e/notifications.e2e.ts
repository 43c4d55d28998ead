// Notifications journey (issue 11 #4): the organisation owner watches the header bell while the
// tenant wallet crosses its low-balance threshold through the billing API: the wallet alert (a
// handler of wallet.threshold_crossed) notifies the owner and the bell's count changes live, without
// a reload. Opening the bell shows the notification in the user's language; a click marks it viewed
// and routes to the wallet (billing) page. The full list (/systemmessage), the tenant's list and the
// per-kind preferences on the profile page are shot in vi and en at 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const DESKTOP = { width: 1440, height: 900 };
const TITLE = { vi: /Số dư ví thấp/, en: /Low wallet balance/ };

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function unread(page: Page): Promise<number> {
  return Number((await page.getByTestId('notification-bell').getAttribute('data-unread')) ?? '0');
}

describe('notifications journey', () => {
  it('a low-balance alert appears live in the bell; a click marks it viewed and opens the wallet; lists and preferences in vi/en, 1440/390', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants[0];
    assert.ok(tenant, 'the owner has a tenant');
    const api = tenantApi(session, tenant.id);
    const me = await api<{ id: string }>('GET', 'auth');
    const wallet = await api<{ balance: number; threshold: number; mode: 'PREPAID' | 'POSTPAID'; receivers: Array<{ id: string }> }>('GET', 'merchant/billing/tenant-balance', undefined, { 'x-merchant-id': session.merchantId });
    const update = (body: Record<string, unknown>) => api('POST', 'merchant/billing/update-tenant-balance', body, { 'x-merchant-id': session.merchantId });

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.getByTestId('notification-bell').waitFor({ timeout: 20_000 });
      await settle(page);
      const before = await unread(page);
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).notificationsJourney = 'still here';
      });

      // Prepaid, 2,000 over a threshold the owner is alerted of; then 1,500 out: the balance falls below it.
      const threshold = wallet.balance + 1_000;
      await update({ billingMode: 'PREPAID', billingType: 'ADD', billingBalance: 2_000, threshold, thresholdNotificationUserIds: [me.id] });
      const started = Date.now();
      await update({ billingMode: 'PREPAID', billingType: 'SUB', billingBalance: 1_500, threshold, thresholdNotificationUserIds: [me.id] });
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=notification-bell]')?.getAttribute('data-unread') ?? '0') > n, before, { timeout: 20_000 });
      console.log(`notifications journey: bell changed ${Date.now() - started} ms after the crossing`);
      assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).notificationsJourney), 'still here', 'no reload');

      await page.getByTestId('notification-bell').click();
      const popover = page.getByTestId('notification-popover');
      const item = popover.getByTestId('notification-item').filter({ hasText: TITLE.vi }).first();
      await item.waitFor();
      assert.equal(await item.getAttribute('data-status'), 'new');
      await settle(page);
      await page.screenshot({ path: shot('notifications-bell-vi') });

      const count = await unread(page);
      await item.click();
      await page.waitForURL((url) => url.pathname === '/dashboard/billing', { timeout: 15_000 });
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=notification-bell]')?.getAttribute('data-unread') ?? '0') < n, count, { timeout: 15_000 });
      const list = await api<Array<{ type: string; status: string; referenceType: string }>>('GET', 'merchant/notification/getList/by-merchant', undefined, { 'x-merchant-id': session.merchantId });
      assert.equal(list.find((n) => n.type === 'WALLET_LOW_BALANCE')?.status, 'viewed', 'the click marked it viewed');

      // The full list of the organisation, then the tenant's.
      await page.goto(`${BASE_URL}/systemmessage`);
      await page.getByTestId('notifications-list').waitFor();
      await settle(page);
      assert.ok((await page.getByTestId('notifications-list').innerText()).match(TITLE.vi));
      await page.screenshot({ path: shot('notifications-page-vi'), fullPage: true });
      await setLanguage(page, 'en');
      await page.getByTestId('notifications-list').filter({ hasText: TITLE.en }).waitFor();
      await page.screenshot({ path: shot('notifications-page-en'), fullPage: true });
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-popover').waitFor();
      await settle(page);
      await page.screenshot({ path: shot('notifications-bell-en') });
      await page.keyboard.press('Escape');
      await page.goto(`${BASE_URL}/tenant/systemmessage?tenantId=${tenant.id}`);
      await page.getByTestId('notifications-list').waitFor();
      await settle(page);
      await page.screenshot({ path: shot('notifications-tenant-en'), fullPage: true });

      // Preferences on the profile page: switching email off for low balances is stored.
      await page.goto(`${BASE_URL}/profile`);
      await page.getByTestId('notification-preferences').waitFor();
      await settle(page);
      await page.getByTestId('notification-preferences').screenshot({ path: shot('notifications-preferences-en') });
      await setLanguage(page, 'vi');
      const mail = page.getByTestId('pref-WALLET_LOW_BALANCE-email');
      assert.equal(await mail.getAttribute('aria-checked'), 'true');
      await mail.click();
      await page.waitForFunction(() => document.querySelector('[data-testid=pref-WALLET_LOW_BALANCE-email]')?.getAttribute('aria-checked') === 'false');
      const prefs = await api<Array<{ kind: string; email: boolean }>>('GET', 'merchant/notification/preferences');
      assert.equal(prefs.find((p) => p.kind === 'WALLET_LOW_BALANCE')?.email, false);
      await settle(page);
      await page.getByTestId('notification-preferences').screenshot({ path: shot('notifications-preferences-vi') });
      await mail.click();
      await page.waitForFunction(() => document.querySelector('[data-testid=pref-WALLET_LOW_BALANCE-email]')?.getAttribute('aria-checked') === 'true');
    } finally {
      await context.close();
      // The wallet's own settings again (the balance keeps the journey's net +500).
      await update({ billingMode: wallet.mode, billingType: 'ADD', billingBalance: 0, threshold: wallet.threshold, thresholdNotificationUserIds: wallet.receivers.map((r) => r.id) });
    }
  });

  it('the bell, its popover and the list fit a phone in vi and en', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ locale: 'vi-VN', viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.getByTestId('notification-bell').waitFor({ timeout: 20_000 });
      await settle(page);
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-popover').waitFor();
      await settle(page);
      await noSidewaysScroll(page, 'bell popover');
      const box = await page.getByTestId('notification-popover').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width + 1, 'the popover stays on screen');
      await page.screenshot({ path: shot('notifications-bell-390-vi') });
      await page.goto(`${BASE_URL}/systemmessage`);
      await page.getByTestId('notifications-summary').waitFor();
      await settle(page);
      await noSidewaysScroll(page, 'notifications page');
      await page.screenshot({ path: shot('notifications-page-390-vi'), fullPage: true });
      await setLanguage(page, 'en');
      await settle(page);
      await noSidewaysScroll(page, 'notifications page (en)');
      await page.screenshot({ path: shot('notifications-page-390-en'), fullPage: true });
      await page.goto(`${BASE_URL}/profile`);
      await page.getByTestId('notification-preferences').waitFor();
      await settle(page);
      await noSidewaysScroll(page, 'profile preferences');
      await page.getByTestId('notification-preferences').screenshot({ path: shot('notifications-preferences-390-en') });
      await setLanguage(page, 'vi');
    } finally {
      await context.close();
    }
  });
});
