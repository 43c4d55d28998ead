// Discounts journey (issue 13 #8): the organisation owner adds a 20 % discount on the customer-care tag
// in Settings › Discount, sends a text to a follower from the playground (an OA consultation message,
// list price 55 ₫), and reads both prices in the OA sending history: list price 55 ₫, charged 44 ₫.
// The discount page and the history are looked at in vi and en, at 1440 px and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { BASE_URL, launchBrowser, loadApiSession, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';

interface FollowerRow {
  userId: string;
  displayName: string;
  userLastInteractionDate: string | null;
}

/** dd/mm/yyyy → ms at local midnight. */
function dayOf(ddmmyyyy: string | null): number {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(ddmmyyyy ?? '');
  return m ? new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1])).getTime() : 0;
}

async function pickFollower(page: Page, f: FollowerRow): Promise<void> {
  const search = page.locator('.ant-input-search input').first();
  await search.fill(f.displayName);
  await search.press('Enter');
  const item = page.locator(`[data-testid=follower-item][data-uid="${f.userId}"]`);
  await item.waitFor({ timeout: 15_000 });
  await item.click();
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('discounts journey', () => {
  it('a tag discount lowers the playground price and the history shows list and charged price', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'Shop An Nhiên has the sandbox OA');
    await api('POST', 'merchant/api-key', { name: 'E2E discount key', zaloOAId: oa.id, service: 'ZNS' });
    await api('POST', 'merchant/oa-user/sync', { zaloOAId: oa.id });
    const followers = await api<FollowerRow[]>('GET', `merchant/oa-user/getlist?size=100&zaloOAId=${oa.id}`);
    const today = dayOf(new Date().toLocaleDateString('en-GB'));
    const recent = followers.find((f) => dayOf(f.userLastInteractionDate) >= today && /^[\p{L} ]+$/u.test(f.displayName));
    assert.ok(recent, 'the sandbox seed has a follower who wrote today');

    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      // 1. Settings › Discount: add 20 % on the customer-care tag (starting today, no end).
      await page.goto(`${BASE_URL}/tenant/settings/discount?tenantId=${tenant.id}`);
      await page.getByTestId('discount-create').click();
      await page.getByTestId('discount-target-value').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Chăm sóc khách hàng' }).click();
      await page.locator('input[data-testid=discount-value], [data-testid=discount-value] input').first().fill('20');
      await page.getByTestId('discount-submit').click();
      const row = page.locator('.ant-table-row', { hasText: 'Chăm sóc khách hàng' });
      await row.waitFor({ timeout: 15_000 });
      assert.match(await row.innerText(), /20 %/);
      assert.match(await row.innerText(), /Đang áp dụng/);

      // 2. Playground: a text to a follower who wrote today (consultation message, 55 ₫ list price).
      await page.goto(`${BASE_URL}/tenant/zns-service/playground?tenantId=${tenant.id}`);
      await page.getByTestId('playground-preview').waitFor();
      await page.locator('[data-testid=playground-key]').filter({ hasText: 'E2E discount key' }).waitFor();
      await pickFollower(page, recent);
      await page.getByTestId('playground-send').click();
      await page.waitForFunction(() => ['delivered', 'failed', 'rejected'].includes(document.querySelector('[data-testid=playground-outcome]')?.getAttribute('data-outcome') ?? ''), null, { timeout: 30_000 });

      // 3. The OA sending history: the newest row is that message; its detail shows both prices.
      const sent = await api<Array<{ trackingId: string; price: number; listPrice: number | null }>>('GET', 'merchant/uid?page=1&size=1');
      const mine = sent[0];
      assert.ok(mine, 'the playground message is in the history');
      assert.deepEqual([mine.listPrice, mine.price], [55, 44]);
      const historyUrl = `${BASE_URL}/tenant/zalo-oa/history?tenantId=${tenant.id}`;
      await page.goto(historyUrl);
      await settle(page);
      await page.getByTestId('history-search-trackingId').fill(mine.trackingId);
      await page.getByTestId('history-search-trackingId').press('Enter');
      const historyRow = page.locator('[data-testid=history-table] tr.ant-table-row').first();
      await historyRow.waitFor({ timeout: 15_000 });
      await historyRow.click();
      await page.getByTestId('history-detail').waitFor();
      assert.equal((await page.getByTestId('history-list-price').innerText()).replace(/\s/g, ' '), '55 ₫');
      assert.equal((await page.getByTestId('history-charged-price').innerText()).replace(/\s/g, ' '), '44 ₫');
      assert.match(await page.getByTestId('history-detail').innerText(), /Giá niêm yết/);
      await page.screenshot({ path: shot('discounts-history-vi'), fullPage: true });

      // 4. Looked at in vi and en, wide and narrow: the discount tab and the organisation list.
      await shotsAt(page, 'discounts-settings', `${BASE_URL}/tenant/settings/discount?tenantId=${tenant.id}`, 'tenant-settings-tabs');
      await shotsAt(page, 'discounts-org', `${BASE_URL}/dashboard/billing`, 'merchant-discounts');
    } finally {
      await context.close();
    }
  });
});
