// Lucky draw console journey (issue 14 #6): the owner of Shop An Nhiên configures a draw in the console —
// a scarce voucher (stock 2) and a "no prize" slice — and first sees the save refused while the
// probabilities add up to 90 %, then saves at 100 % and reads the draw's detail (0 / 2 won). On the rules
// tab a GAME_TURN rule gives 3 turns per day on that draw, and the rule tester answers for a customer of
// the mini app that they may play with 3 turns left. The pages are looked at in vi and en, at 1440 px
// and 390 px (no sideways scrolling). The mini app, its voucher and its customer are set up through the
// API (the sandbox plays Zalo's identity service for the customer's sign-in).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const DRAW_NAME = 'Vòng quay cuối tuần';
const CUSTOMER = 'Trần Thu Hà';

/** POST to the sandbox's control API (plain JSON, not Zalo). */
async function sandbox<T>(pathname: string, body: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/zalo-sandbox/_control/${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(res.ok, `sandbox ${pathname} answered ${res.status}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** Digits only, 19 long, like Zalo's app ids; unique per run. */
const appIdOfRun = () => `38475${Date.now()}`.padEnd(19, '3').slice(0, 19);

/** Picks `text` in the open antd Select dropdown. */
async function pickOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('lucky draw console journey', () => {
  it('a draw with a scarce prize is refused at 90 %, saved at 100 %, gets a 3-a-day turn rule, and the tester lets a customer play', { timeout: 600_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo tenant with the mini-app service exists');
    const api = tenantApi(session, tenant.id);

    // A mini app (registered with the sandbox too) and a voucher; its customer signs in before the tester.
    const zaloAppId = appIdOfRun();
    const appSecret = `E2eDrawSecret-${zaloAppId.slice(-6)}`;
    await sandbox('mini-app/apps', { appId: zaloAppId, secret: appSecret, name: 'E2E draw' });
    const miniApp = await api<{ id: string }>('POST', 'zma/merchant/mini-app', { name: 'E2E Vòng quay', zaloAppId, appSecret });
    const zma = <T>(method: string, pathname: string, body?: unknown) => api<T>(method, `zma/merchant/${pathname}`, body, { 'x-zma-id': miniApp.id });
    const voucher = await zma<{ id: string; name: string }>('POST', 'gift', { type: 'VOUCHER', name: 'Voucher 30.000 ₫', discountKind: 'AMOUNT', discountValue: 30_000, minOrderValue: 150_000, codeValidityDays: 30 });

    const q = `?tenantId=${encodeURIComponent(tenant.id)}`;
    const base = `${BASE_URL}/tenant/mini-app/${miniApp.id}`;
    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);

      // 1. The draw: a voucher slice with stock 2 and a "no prize" slice.
      await page.goto(`${base}/lucky-draw-config${q}`);
      await page.getByTestId('draw-create').click();
      await page.getByTestId('draw-form').waitFor();
      await page.getByTestId('draw-name').fill(DRAW_NAME);
      await page.getByTestId('draw-description').fill('Mỗi ngày 3 lượt quay, trúng voucher 30.000 ₫.');
      await page.getByTestId('prize-gift-0').click();
      await pickOption(page, voucher.name);
      await page.getByTestId('prize-label-0').fill('Voucher 30K');
      await page.getByTestId('prize-unlimited-0').click();
      await page.locator('[data-testid=prize-stock-0] input, input[data-testid=prize-stock-0]').first().fill('2');
      const probability = (i: number) => page.locator(`[data-testid=prize-probability-${i}] input, input[data-testid=prize-probability-${i}]`).first();
      await probability(0).fill('10');
      await probability(1).fill('80');
      await probability(1).blur();
      const total = page.getByTestId('probability-total');
      await page.waitForFunction(() => document.querySelector('[data-testid=probability-total]')?.getAttribute('data-total') === '900000');
      assert.equal(await total.getAttribute('data-ok'), 'false');
      // Saving at 90 % is refused on the prizes, and nothing is created.
      await page.getByTestId('draw-submit').click();
      await page.getByTestId('prizes-error').waitFor();
      assert.match(await page.getByTestId('prizes-error').innerText(), /100 %/);
      assert.match(page.url(), /lucky-draw-config\/create/);
      await page.screenshot({ path: shot('zma-draw-refused-90-vi'), fullPage: true });
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'draw editor refused at 90 %');
      await page.screenshot({ path: shot('zma-draw-refused-90-vi-phone'), fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The server refuses the same wheel too (422 naming the prizes), whatever client sends it.
      const refused = await fetch(`${BASE_URL}/api/zma/merchant/lucky-draw`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenant.id, 'x-zma-id': miniApp.id, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: DRAW_NAME,
          look: { primaryColor: '#e53935', secondaryColor: '#ffd54f', buttonText: 'Quay' },
          prizes: [
            { giftItemId: voucher.id, label: 'Voucher 30K', probability: 100_000, stock: 2 },
            { giftItemId: null, label: 'Chúc may mắn', probability: 800_000, stock: null },
          ],
        }),
      });
      assert.equal(refused.status, 422);
      const refusal = (await refused.json()) as { error: { code: string; details?: { fields?: Array<{ path: string }> } } };
      assert.equal(refusal.error.code, 'ZMA_DRAW_INVALID');
      assert.match(refusal.error.details?.fields?.[0]?.path ?? '', /prizes$/);

      await probability(1).fill('90');
      await probability(1).blur();
      await page.waitForFunction(() => document.querySelector('[data-testid=probability-total]')?.getAttribute('data-ok') === 'true');
      assert.equal(await page.getByTestId('wheel-slice').count(), 2);
      await page.getByTestId('draw-submit').click();
      await page.waitForURL(/lucky-draw-config\/[0-9a-f-]{36}(\?|$)/, { timeout: 20_000 });
      await page.getByTestId('draw-title').waitFor();
      assert.equal(await page.getByTestId('draw-title').innerText(), DRAW_NAME);
      const won = await page.getByTestId('detail-prize-won').allInnerTexts();
      assert.match(won[0] ?? '', /0 \/ 2/);
      const drawUrl = page.url();
      const drawId = /lucky-draw-config\/([0-9a-f-]{36})/.exec(drawUrl)?.[1] ?? '';
      const saved = await zma<{ prizes: Array<{ probability: number; stock: number | null; giftItemId: string | null }> }>('GET', `lucky-draw/${drawId}`);
      assert.deepEqual(
        saved.prizes.map((p) => [p.giftItemId, p.probability, p.stock]),
        [
          [voucher.id, 100_000, 2],
          [null, 900_000, null],
        ],
      );

      // 2. The rule: 3 turns per day on this draw.
      await page.goto(`${base}/rule${q}`);
      await page.getByTestId('rule-create').click();
      await page.getByTestId('rule-form').waitFor();
      await page.getByTestId('rule-name').fill('3 lượt mỗi ngày');
      await page.getByTestId('rule-draw').click();
      await pickOption(page, DRAW_NAME);
      await page.getByTestId('rule-condition-GAME_TURN').click();
      await page.locator('[data-testid=rule-value] input, input[data-testid=rule-value]').first().fill('3');
      await page.getByTestId('rule-submit').click();
      await page.getByTestId('rule-row-name').filter({ hasText: '3 lượt mỗi ngày' }).waitFor({ timeout: 15_000 });

      // 3. The tester: may a customer who opened the mini app once play now?
      const user = await sandbox<{ accessToken: string }>('mini-app/users', { appId: zaloAppId, name: CUSTOMER, phone: '84987654321', gender: 'female' });
      const signedIn = await fetch(`${BASE_URL}/api/zma/app/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ zaloAppId, accessToken: user.accessToken }) });
      assert.equal(signedIn.status, 200, `the customer signs in to the mini app: ${await signedIn.clone().text()}`);
      await page.getByTestId('tester-draw').click();
      await pickOption(page, DRAW_NAME);
      await page.getByTestId('tester-customer').click();
      await page.keyboard.type('Trần');
      await pickOption(page, CUSTOMER);
      await page.getByTestId('tester-run').click();
      await page.getByTestId('tester-result').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('tester-result').getAttribute('data-allowed'), 'true');
      assert.match(await page.getByTestId('tester-turns').innerText(), /3/);
      await page.screenshot({ path: shot('zma-rule-tester-vi'), fullPage: true });

      // 4. The pages in vi and en, at 1440 px and 390 px.
      await shotsAt(page, 'zma-draws', `${base}/lucky-draw-config${q}`, 'draws-table');
      await shotsAt(page, 'zma-draw-detail', drawUrl, 'detail-prizes');
      await shotsAt(page, 'zma-draw-edit', `${base}/lucky-draw-config/${drawId}/update${q}`, 'prize-editor');
      await shotsAt(page, 'zma-rules', `${base}/rule${q}`, 'rules-table');
      await shotsAt(page, 'zma-affiliate', `${base}/affiliate-campaign${q}`, 'affiliate-table');
      await shotsAt(page, 'zma-customers', `${base}/customer${q}`, 'customers-table');
      // The customer's drawer at the phone width.
      await page.setViewportSize(PHONE);
      await page.goto(`${base}/customer${q}`);
      await page.getByTestId('customer-name').filter({ hasText: CUSTOMER }).first().click();
      await page.getByTestId('customer-gifts').waitFor({ timeout: 15_000 });
      await settle(page);
      await noSidewaysScroll(page, 'customer drawer');
      await page.screenshot({ path: shot('zma-customer-drawer-vi-phone') });
    } finally {
      await context.close();
    }
  });
});
