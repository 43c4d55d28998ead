// Playground journey (issue 9, defect 9): pick a follower, send the text sample and read it with the
// follower's name filled in, then follow the send live beside the button — delivered for a follower
// who wrote to the OA lately, failed with Zalo's -230 explained for one outside the 7-day window —
// and send the quote sample, which quotes the follower's last message. In vi at 1440 px, in en at 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { BASE_URL, launchBrowser, loadApiSession, setLanguage, shot, signIn } from './support/harness';

const OWNER = 'owner@demo.vn';
const DAY = 86_400_000;

interface FollowerRow {
  userId: string;
  displayName: string;
  userLastInteractionDate: string | null;
}

async function call<T>(token: string, headers: Record<string, string>, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `${pathname} answered ${res.status}: ${await res.clone().text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** dd/mm/yyyy (the follower list's last-interaction date) → ms at local midnight. */
function dayOf(ddmmyyyy: string | null): number {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(ddmmyyyy ?? '');
  return m ? new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1])).getTime() : 0;
}

/** Finds a follower by display name with the list's search and picks it. */
async function pickFollower(page: Page, f: FollowerRow): Promise<void> {
  const search = page.locator('.ant-input-search input').first();
  await search.fill(f.displayName);
  await search.press('Enter');
  const item = page.locator(`[data-testid=follower-item][data-uid="${f.userId}"]`);
  await item.waitFor({ timeout: 15_000 });
  await item.click();
  assert.equal(await page.getByTestId('playground-uid').inputValue(), f.userId);
}

async function chooseMessageType(page: Page, label: string): Promise<void> {
  await page.getByTestId('playground-template').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

/** Sends and waits for the live outcome beside the button to reach one of `outcomes`; answers its text. */
async function sendAndFollow(page: Page, outcomes: string[]): Promise<{ outcome: string; text: string }> {
  await page.getByTestId('playground-send').click();
  const box = page.getByTestId('playground-outcome');
  await box.waitFor();
  await page.waitForFunction(
    (wanted) => wanted.includes(document.querySelector('[data-testid=playground-outcome]')?.getAttribute('data-outcome') ?? ''),
    outcomes,
    { timeout: 30_000 },
  );
  return { outcome: (await box.getAttribute('data-outcome')) ?? '', text: await box.innerText() };
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('OA playground journey', () => {
  it('fills the sample with the follower’s name and shows the send’s outcome live, delivered or failed with the reason, in vi and en', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const headers = { 'x-merchant-id': session.merchantId, 'x-tenant-id': tenant.id };
    // Setup through the API (other journeys cover these pages): a key on the sandbox OA, followers synced.
    const oas = await call<Array<{ id: string; zoaId?: string }>>(session.token, headers, 'merchant/zalo-oa/list-oa');
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'Shop An Nhiên has the sandbox OA');
    await call(session.token, headers, 'merchant/api-key', { name: 'E2E playground key', zaloOAId: oa.id, service: 'ZNS' });
    await call(session.token, headers, 'merchant/oa-user/sync', { zaloOAId: oa.id });
    const followers = await call<FollowerRow[]>(session.token, headers, `merchant/oa-user/getlist?size=100&zaloOAId=${oa.id}`);
    const today = dayOf(new Date().toLocaleDateString('en-GB'));
    // Wrote to the OA today (inside the 7-day window) / not for more than 9 days (outside it).
    const recent = followers.filter((f) => dayOf(f.userLastInteractionDate) >= today && /^[\p{L} ]+$/u.test(f.displayName));
    const stale = followers.filter((f) => dayOf(f.userLastInteractionDate) > 0 && dayOf(f.userLastInteractionDate) < today - 9 * DAY && /^[\p{L} ]+$/u.test(f.displayName));
    assert.ok(recent.length >= 2 && stale.length >= 2, `the sandbox seed has recent (${recent.length}) and stale (${stale.length}) followers`);
    const [recentVi, recentEn] = recent as [FollowerRow, FollowerRow];
    const [staleVi, staleEn] = stale as [FollowerRow, FollowerRow];

    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/tenant/zns-service/playground?tenantId=${tenant.id}`);
      await page.getByTestId('playground-preview').waitFor();
      await page.locator('[data-testid=playground-key]').filter({ hasText: 'E2E playground key' }).waitFor();

      // 1. vi: the text sample, previewed and sent with the follower's name; Zalo delivers it.
      await pickFollower(page, recentVi);
      const filledVi = `Xin chào ${recentVi.displayName}, cảm ơn bạn đã quan tâm đến cửa hàng!`;
      await page.getByTestId('playground-preview').filter({ hasText: filledVi }).waitFor();
      assert.equal(await page.getByTestId('playground-preview').innerText().then((s) => s.includes('{name}')), false);
      const delivered = await sendAndFollow(page, ['delivered', 'failed']);
      assert.equal(delivered.outcome, 'delivered', delivered.text);
      assert.match(delivered.text, /Đã giao tới người nhận/);
      await page.screenshot({ path: shot('playground-delivered-vi'), fullPage: true });

      // 2. vi: a follower outside the 7-day window: failed, with Zalo's -230 explained.
      await pickFollower(page, staleVi);
      await page.getByTestId('playground-preview').filter({ hasText: `Xin chào ${staleVi.displayName},` }).waitFor();
      const failed = await sendAndFollow(page, ['delivered', 'failed']);
      assert.equal(failed.outcome, 'failed', failed.text);
      assert.match(failed.text, /Gửi thất bại/);
      assert.match(failed.text, /Người dùng không tương tác với OA trong 7 ngày qua\..*\(-230\)/s);
      await page.screenshot({ path: shot('playground-failed-vi'), fullPage: true });

      // 3. vi: the quote sample quotes the follower's newest message (the text delivered in step 1).
      await pickFollower(page, recentVi);
      await chooseMessageType(page, 'Trích dẫn');
      const quote = page.getByTestId('playground-quote');
      await quote.filter({ hasText: `Xin chào ${recentVi.displayName}` }).waitFor({ timeout: 15_000 });
      const quoted = await sendAndFollow(page, ['delivered', 'failed', 'rejected']);
      assert.equal(quoted.outcome, 'delivered', quoted.text);
      await page.screenshot({ path: shot('playground-quote-vi'), fullPage: true });

      // 4. en at 390 px: the same journey with the texts of the English console.
      await setLanguage(page, 'en');
      await page.setViewportSize({ width: 390, height: 844 });
      // A fresh page opens on the first sample (text).
      await page.reload();
      await page.getByTestId('playground-preview').waitFor();
      await page.locator('[data-testid=playground-template]').filter({ hasText: 'Text' }).waitFor();
      await pickFollower(page, recentEn);
      await page.getByTestId('playground-preview').filter({ hasText: `Xin chào ${recentEn.displayName}, cảm ơn bạn` }).waitFor();
      const deliveredEn = await sendAndFollow(page, ['delivered', 'failed']);
      assert.equal(deliveredEn.outcome, 'delivered', deliveredEn.text);
      assert.match(deliveredEn.text, /Delivered to the recipient/);
      await page.getByTestId('playground-outcome').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('playground-delivered-en-390') });
      await pickFollower(page, staleEn);
      const failedEn = await sendAndFollow(page, ['delivered', 'failed']);
      assert.equal(failedEn.outcome, 'failed', failedEn.text);
      assert.match(failedEn.text, /Sending failed/);
      assert.match(failedEn.text, /Outside the 7-day consultation window\..*\(-230\)/s);
      await page.getByTestId('playground-outcome').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('playground-failed-en-390') });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no sideways scrolling at 390 px (${width})`);
    } finally {
      await context.close();
    }
  });
});
