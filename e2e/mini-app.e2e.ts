// Mini app journey (issue 14 #9, Tests: "configure a draw with a scarce prize in the console, spin in
// the mini app until it is gone, redeem the won voucher at a branch by code, see the redemption on the
// dashboard"). Through the API the owner registers a mini app for Shop An Nhiên (its Zalo app id and
// secret also registered with the sandbox, which plays Zalo), a voucher and a branch; in the console's
// draw editor a draw whose voucher slice has stock 2 and 90 % probability. A sandbox user opens the mini
// app (/mini-app/) in a phone-sized page, shares their phone and follows the OA, gets turns from the
// console API (grant turns), spins until the voucher is gone (later spins are "better luck"), sees both
// vouchers in My gifts with a QR code, and a spin without turns is refused with the reason. In the
// console's branch page one voucher is redeemed by its code; the mini app shows it used and the
// dashboard counts the redemption. The mini app's first-load JavaScript is measured (≤ 150 KB gzip).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_USERS } from '@zc/zalo-sandbox/mini-app-state';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINI_APP_DIST = path.resolve(ROOT, process.env.MINI_APP_DIST ?? 'apps/mini-app/dist');
const FIRST_LOAD_BUDGET = 150 * 1024;
const STOCK = 2;
const DRAW_NAME = 'Vòng quay khai trương';
const VOUCHER_NAME = 'Voucher giảm 50.000 ₫';

interface MiniAppRow {
  id: string;
  zaloAppId: string;
}
interface DrawRow {
  id: string;
  prizes: Array<{ id: string; giftItemId: string | null; stock: number | null; won: number }>;
}
interface CustomerRow {
  id: string;
  name: string;
}
interface SpinOutcome {
  outcome: string;
  turnsLeft: number;
}

/** POST to the sandbox's control API (plain JSON, not Zalo). */
async function sandbox<T>(pathname: string, body: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/zalo-sandbox/_control/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `sandbox ${pathname} answered ${res.status}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** Digits only, 19 long, like Zalo's app ids; unique per run. */
const appIdOfRun = () => `27364${Date.now()}`.padEnd(19, '7').slice(0, 19);

async function openMiniApp(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/mini-app/?${query}`);
  await page.getByTestId('profile').waitFor({ timeout: 30_000 });
  await settle(page);
  return page;
}

/** Clicks Spin, waits for the wheel to stop and the result dialog; answers the outcome and closes it. */
async function spinOnce(page: Page): Promise<SpinOutcome> {
  await page.getByTestId('spin').click();
  const result = page.getByTestId('spin-result');
  await result.waitFor({ state: 'visible', timeout: 20_000 });
  const outcome = (await result.getAttribute('data-outcome')) ?? '';
  const turnsText = (await page.getByTestId('wheel-turns').textContent()) ?? '';
  const turnsLeft = Number(/(\d+)\s*$/.exec(turnsText.trim())?.[1] ?? NaN);
  return { outcome, turnsLeft };
}

async function closeResult(page: Page): Promise<void> {
  await page.locator('.zaui-modal-content-actions button, .zaui-modal button').first().click();
  await page.getByTestId('spin-result').waitFor({ state: 'hidden', timeout: 10_000 });
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('mini app journey', () => {
  it('a scarce voucher is won until gone, shown with its QR code, redeemed at a branch and counted on the dashboard', { timeout: 600_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo tenant with the mini-app service exists');
    const api = tenantApi(session, tenant.id);

    // The mini app, registered with Zalo (the sandbox) and in the console.
    const zaloAppId = appIdOfRun();
    const appSecret = `E2eMiniAppSecret-${zaloAppId.slice(-6)}`;
    await sandbox('mini-app/apps', { appId: zaloAppId, secret: appSecret, name: 'E2E loyalty' });
    const miniApp = await api<MiniAppRow>('POST', 'zma/merchant/mini-app', { name: 'E2E Loyalty', zaloAppId, appSecret });
    const zma = <T>(method: string, pathname: string, body?: unknown) => api<T>(method, `zma/merchant/${pathname}`, body, { 'x-zma-id': miniApp.id });

    // A voucher and a branch (API: the journey is about the draw and the mini app).
    const voucher = await zma<{ id: string }>('POST', 'gift', {
      type: 'VOUCHER',
      name: VOUCHER_NAME,
      discountKind: 'AMOUNT',
      discountValue: 50_000,
      minOrderValue: 200_000,
      conditions: 'Áp dụng tại cửa hàng',
      codeValidityDays: 30,
    });
    const branch = await zma<{ id: string; name: string }>('POST', 'branch', { type: 'BRANCH', name: 'Chi nhánh Quận 1', address: '12 Lê Lợi, Quận 1', openingHours: [] });

    // A customer opens the mini app in a phone-sized page (vi).
    const user = await sandbox<{ userId: string; accessToken: string; user: { name: string } }>('mini-app/users', { appId: zaloAppId, name: 'Đỗ Minh Khang', phone: '84912345678', gender: 'male' });
    const query = `zaloAppId=${zaloAppId}&accessToken=${encodeURIComponent(user.accessToken)}`;
    const phone = await browser.newContext({ locale: 'vi-VN', viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const console_ = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    try {
      // In the console: the draw with its scarce prize — the voucher, stock 2, probability 90 % — and a
      // "no prize" slice at 10 % (the draw editor, as issue 14 #6 configures it).
      const staff = await console_.newPage();
      await signIn(staff, OWNER);
      const q = `?tenantId=${encodeURIComponent(tenant.id)}`;
      const base = `${BASE_URL}/tenant/mini-app/${miniApp.id}`;
      await staff.goto(`${base}/lucky-draw-config${q}`);
      await staff.getByTestId('draw-create').click();
      await staff.getByTestId('draw-form').waitFor();
      await staff.getByTestId('draw-name').fill(DRAW_NAME);
      await staff.getByTestId('prize-gift-0').click();
      await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: VOUCHER_NAME }).first().click();
      await staff.getByTestId('prize-label-0').fill('Voucher 50K');
      await staff.getByTestId('prize-unlimited-0').click();
      await staff.locator('[data-testid=prize-stock-0] input, input[data-testid=prize-stock-0]').first().fill(String(STOCK));
      const probability = (i: number) => staff.locator(`[data-testid=prize-probability-${i}] input, input[data-testid=prize-probability-${i}]`).first();
      await probability(0).fill('90');
      await probability(1).fill('10');
      await probability(1).blur();
      await staff.waitForFunction(() => document.querySelector('[data-testid=probability-total]')?.getAttribute('data-ok') === 'true');
      await staff.screenshot({ path: shot('mini-app-console-draw-vi'), fullPage: true });
      await staff.getByTestId('draw-submit').click();
      await staff.waitForURL(/lucky-draw-config\/[0-9a-f-]{36}(\?|$)/, { timeout: 20_000 });
      const drawId = /lucky-draw-config\/([0-9a-f-]{36})/.exec(staff.url())?.[1] ?? '';
      const draw = await zma<DrawRow>('GET', `lucky-draw/${drawId}`);
      const scarcePrize = draw.prizes.find((p) => p.giftItemId === voucher.id);
      assert.equal(scarcePrize?.stock, STOCK, 'the voucher slice has stock 2');
      await zma('PUT', `branch/${branch.id}/assign-game`, { drawIds: [draw.id] });

      // First load: the JavaScript the browser fetched before the customer's home showed.
      const app = await openMiniApp(phone, query);
      const jsFiles = await app.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/mini-app\/assets\/.+\.js$/.test(e.name))
          .map((e) => ({ url: new URL(e.name).pathname, transfer: (e as PerformanceResourceTiming).transferSize, encoded: (e as PerformanceResourceTiming).encodedBodySize })),
      );
      assert.ok(jsFiles.length > 0, 'the mini app loaded JavaScript');
      const gzipBytes = jsFiles.reduce((sum, f) => {
        const file = path.join(MINI_APP_DIST, f.url.replace(/^\/mini-app\//, ''));
        return sum + (existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size);
      }, 0);
      const transferred = jsFiles.reduce((sum, f) => sum + f.encoded, 0);
      console.log(`mini-app first load: ${jsFiles.length} JS files, ${(gzipBytes / 1024).toFixed(1)} KB gzip (level 9), ${(transferred / 1024).toFixed(1)} KB as sent (brotli)`);
      assert.ok(gzipBytes <= FIRST_LOAD_BUDGET, `first-load JavaScript ${gzipBytes} B gzip ≤ 150 KB`);

      assert.equal((await app.getByTestId('customer-name').textContent())?.trim(), 'Đỗ Minh Khang');
      const drawCard = app.getByTestId('draw-card').filter({ hasText: DRAW_NAME });
      await drawCard.waitFor();
      await noSidewaysScroll(app, 'mini-app home vi');
      await app.screenshot({ path: shot('mini-app-home-vi') });

      // Sharing the phone: the sandbox's single-use token, exchanged by the server.
      await app.getByTestId('share-phone').click();
      await app.getByTestId('customer-phone').waitFor({ timeout: 15_000 });
      assert.match((await app.getByTestId('customer-phone').textContent()) ?? '', /84912345678|0912345678/);
      // Following the OA.
      await app.getByTestId('follow-oa').click();
      await app.getByTestId('followed').waitFor({ timeout: 15_000 });

      // The console gives the customer turns (grant API: UPDATE_ZMA_USER).
      const customers = await zma<CustomerRow[]>('GET', `customer?search=${encodeURIComponent('Đỗ Minh Khang')}`);
      const customer = customers.find((c) => c.name === 'Đỗ Minh Khang');
      assert.ok(customer, 'the customer who signed in is listed in the console');
      await zma('POST', `customer/${customer.id}/turns`, { turns: 5, note: 'E2E' });

      // Spin until the voucher's stock is gone: two wins, then only "better luck".
      await app.reload();
      await app.getByTestId('profile').waitFor({ timeout: 30_000 });
      await drawCard.getByRole('button').click();
      await app.getByTestId('spin').waitFor();
      await settle(app);
      await app.screenshot({ path: shot('mini-app-wheel-vi') });
      let wins = 0;
      let afterSoldOut = 0;
      let turnsLeft = 5;
      for (let i = 0; i < 20 && (wins < STOCK || afterSoldOut < 1); i += 1) {
        if (turnsLeft === 0) {
          await zma('POST', `customer/${customer.id}/turns`, { turns: 3, note: 'E2E more' });
          await app.reload();
          await app.getByTestId('profile').waitFor({ timeout: 30_000 });
          await drawCard.getByRole('button').click();
        }
        const r = await spinOnce(app);
        turnsLeft = r.turnsLeft;
        if (r.outcome === 'WIN') {
          wins += 1;
          if (wins === 1) await app.screenshot({ path: shot('mini-app-win-vi') });
        } else if (wins >= STOCK) {
          afterSoldOut += 1;
          assert.equal(r.outcome, 'NO_PRIZE');
          await app.screenshot({ path: shot('mini-app-better-luck-vi') });
        }
        await closeResult(app);
      }
      assert.equal(wins, STOCK, 'exactly the stock of vouchers was won');
      const after = await zma<DrawRow>('GET', `lucky-draw/${draw.id}`);
      const scarce = after.prizes.find((p) => p.giftItemId === voucher.id);
      assert.equal(scarce?.won, STOCK, 'the draw shows its scarce prize gone (won = stock)');

      // Spending the rest of the turns, then a spin without turns is refused with the reason.
      while (turnsLeft > 0) {
        const r = await spinOnce(app);
        assert.equal(r.outcome, 'NO_PRIZE', 'no voucher beyond its stock');
        turnsLeft = r.turnsLeft;
        await closeResult(app);
      }
      await app.getByTestId('spin').click();
      await app.getByText('Bạn đã hết lượt quay.').waitFor({ timeout: 10_000 });
      await app.screenshot({ path: shot('mini-app-no-turns-vi') });

      // My gifts: both vouchers, each with a QR code of its code.
      await app.getByText('Quà của tôi').last().click();
      await app.getByTestId('gift').first().waitFor({ timeout: 15_000 });
      const gifts = app.getByTestId('gift');
      assert.equal(await gifts.count(), STOCK);
      const code = (await gifts.first().getAttribute('data-code')) ?? '';
      assert.ok(code.length >= 8, 'a gift code is shown');
      await noSidewaysScroll(app, 'mini-app gifts vi');
      await app.screenshot({ path: shot('mini-app-gifts-vi'), fullPage: true });
      await gifts.first().getByTestId('show-qr').click();
      await app.getByTestId('gift-qr').waitFor({ timeout: 15_000 });
      await app.waitForTimeout(400);
      await app.screenshot({ path: shot('mini-app-qr-vi') });

      // The console redeems the voucher at the branch by its code (the branch's redeem panel).
      await staff.goto(`${base}/branch/${branch.id}${q}`);
      await staff.getByTestId('redeem-panel').waitFor({ timeout: 20_000 });
      await staff.getByTestId('redeem-code-input').fill(code.toLowerCase());
      await staff.getByTestId('redeem-lookup').click();
      await staff.getByTestId('redeem-result').waitFor({ timeout: 15_000 });
      await staff.screenshot({ path: shot('mini-app-console-redeem-found-vi'), fullPage: true });
      await staff.getByTestId('redeem-submit').click();
      await staff.locator('.ant-popover:visible .ant-btn-primary, .ant-popconfirm:visible .ant-btn-primary').first().click();
      await staff.waitForFunction(() => !document.querySelector('[data-testid=redeem-submit]'), undefined, { timeout: 15_000 });
      await settle(staff);
      await staff.screenshot({ path: shot('mini-app-console-redeemed-vi'), fullPage: true });
      const codes = await zma<Array<{ code: string; status: string; zmaBranch: { id: string } | null }>>('GET', `gift-code?giftItemId=${voucher.id}&code=${code}`);
      assert.equal(codes.find((c) => c.code === code)?.status, 'USED', 'the code is used');

      // The mini app shows the voucher used (at the branch); the dashboard counts the redemption.
      await app.reload();
      await app.getByTestId('profile').waitFor({ timeout: 30_000 });
      await app.getByText('Quà của tôi').last().click();
      const used = app.locator(`[data-testid=gift][data-code="${code}"]`);
      await used.waitFor({ timeout: 15_000 });
      assert.equal(await used.getAttribute('data-status'), 'USED');
      await app.screenshot({ path: shot('mini-app-gift-used-vi'), fullPage: true });

      const dashboard = await zma<{ totals: { redeemed: number; giftsWon: number } }>('GET', 'dashboard?period=DAILY');
      assert.ok(dashboard.totals.redeemed >= 1, 'the dashboard counts the redemption');
      assert.ok(dashboard.totals.giftsWon >= STOCK, 'and the gifts won');
      // The console's dashboard: the totals and the branch where the voucher was redeemed.
      await staff.goto(`${base}${q}`);
      await staff.getByTestId('zma-dashboard-totals').waitFor({ timeout: 20_000 });
      const branchRow = staff.locator('tr', { hasText: 'Chi nhánh Quận 1' }).first();
      await branchRow.waitFor({ timeout: 15_000 });
      assert.match(await branchRow.innerText(), /\b1\b/, 'the branch row counts one redemption');
      await settle(staff);
      await staff.screenshot({ path: shot('mini-app-console-dashboard-vi'), fullPage: true });

      // English: the same customer with an English device.
      const en = await browser.newContext({ locale: 'en-GB', viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      try {
        const appEn = await openMiniApp(en, `${query}&lang=en`);
        await appEn.getByText('Turns left').first().waitFor();
        await noSidewaysScroll(appEn, 'mini-app home en');
        await appEn.screenshot({ path: shot('mini-app-home-en') });
        await appEn.getByText('My gifts').last().click();
        await appEn.getByTestId('gift').first().waitFor({ timeout: 15_000 });
        await appEn.screenshot({ path: shot('mini-app-gifts-en'), fullPage: true });
        await appEn.getByText('Wheel').last().click();
        await appEn.getByTestId('spin').click();
        await appEn.getByText('You have no turns left.').waitFor({ timeout: 10_000 });
        await appEn.screenshot({ path: shot('mini-app-no-turns-en') });
      } finally {
        await en.close();
      }
    } finally {
      await phone.close();
      await console_.close();
    }
  });

  it('the demo mini app opens from one link: the sandbox signs in a seeded user, who sees the demo draw', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ locale: 'vi-VN', viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await openMiniApp(context, `zaloAppId=${SANDBOX_MINI_APP_ID}&sandboxUser=${SANDBOX_MINI_APP_USERS[0]?.id ?? ''}`);
      assert.equal((await page.getByTestId('customer-name').textContent())?.trim(), SANDBOX_MINI_APP_USERS[0]?.name);
      await page.getByTestId('draw-card').first().waitFor({ timeout: 15_000 });
      // The minted token stays in the address: a reload is the same customer.
      assert.match(page.url(), /accessToken=/);
      await noSidewaysScroll(page, 'demo mini app');
      await page.screenshot({ path: shot('mini-app-demo-vi') });
    } finally {
      await context.close();
    }
  });
});
