// Public API rate limits journey (issue 17 #4): the organisation owner opens a tenant's detail from
// the organisation, reads the public API limits in force, lowers the per-key limit with the keyboard
// (a value out of bounds is refused in place first), and a burst through the public send API with
// a key of that tenant is answered 429 with Retry-After and the RateLimit-* headers once over the new
// limit. The limit is checked before the body is read, so the burst's bodies need not be valid sends.
// Screenshots in vi and en at 1440 px and 390 px (no sideways scrolling on the phone); the limits go
// back to the defaults at the end.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, settle, shot, shotsAt, signIn, tenantApi, tenantWithOa } from './support/harness';

const OWNER = 'owner@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function burst(secret: string, n: number): Promise<Response[]> {
  return Promise.all(
    Array.from({ length: n }, () => fetch(`${BASE_URL}/api/v1/zns/send`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: '{}' })),
  );
}

describe('public API rate limits journey', () => {
  it('the owner lowers a tenant’s per-key limit and a burst over it is answered 429 with Retry-After; vi/en, 1440/390', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = await tenantWithOa(session);
    const api = tenantApi(session, tenant.id);
    const [oa] = await api<Array<{ id: string }>>('GET', 'merchant/zalo-oa/list-oa');
    assert.ok(oa, 'the tenant’s OA');
    const key = await api<{ secret: string }>('POST', 'merchant/api-key', { name: `E2E rate limits ${Date.now().toString(36)}`, zaloOAId: oa.id, service: 'ZNS' }, { 'x-merchant-id': session.merchantId });
    const detailUrl = `${BASE_URL}/dashboard/tenant?tenantId=${tenant.id}`;

    // Before: the defaults are far above a burst of 6.
    const calm = await burst(key.secret, 6);
    assert.deepEqual(
      calm.map((r) => r.status),
      [400, 400, 400, 400, 400, 400],
      'invalid bodies pass the limit and are refused by validation',
    );
    assert.ok(Number(calm[0]?.headers.get('ratelimit-limit')) >= 1000, 'the default limit is in the headers');

    const context: BrowserContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(detailUrl);
      await settle(page);
      const section = page.getByTestId('tenant-detail-rate-limits');
      await section.getByText('Giới hạn tốc độ API công khai').waitFor();
      await section.getByText('Mặc định', { exact: true }).first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('api-rate-limits-before-vi-1440') });

      // Out of bounds: refused in place, nothing saved.
      const perKey = page.getByTestId('rate-limits-keyPerSecond');
      await perKey.click();
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await section.locator('.ant-form-item-explain-error').first().waitFor();
      await page.screenshot({ path: shot('api-rate-limits-invalid-vi-1440') });

      // Keyboard only: 2 requests/s per key, a 1-second burst; the tenant limit stays at the default.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await page.getByText('Đã lưu giới hạn tốc độ').waitFor();
      await page.getByTestId('rate-limits-effective-keyPerSecond').getByText('2 yêu cầu/giây').waitFor();
      await page.getByTestId('rate-limits-effective-burstSeconds').getByText('1 giây').waitFor();
      await section.getByText('Tùy chỉnh').first().waitFor();

      // The next burst meets the new limit at once (no restart): 2 pass, the rest are 429.
      const over = await burst(key.secret, 6);
      const statuses = over.map((r) => r.status);
      assert.ok(statuses.filter((s) => s === 429).length >= 3, `a burst of 6 at 2/s is refused: ${statuses.join(',')}`);
      const refused = over.find((r) => r.status === 429);
      assert.ok(refused);
      assert.equal(refused.headers.get('ratelimit-limit'), '2');
      assert.equal(refused.headers.get('ratelimit-remaining'), '0');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After in whole seconds');
      assert.match(refused.headers.get('ratelimit-policy') ?? '', /^2;w=1;comment="api-key"/);
      const body = (await refused.json()) as { error: { code: string } };
      assert.equal(body.error.code, 'RATE_LIMITED');

      await shotsAt(page, 'api-rate-limits', detailUrl, 'rate-limits-form');

      // The tenant's ZNS public mode (§4) in the services card: to development (confirmed), then back.
      await page.goto(detailUrl);
      await settle(page);
      const mode = page.getByTestId('zns-public-mode');
      await mode.getByText('Chiến dịch được gửi ở chế độ production.').waitFor();
      await page.getByTestId('zns-public-mode-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Development' }).click();
      await page.locator('.ant-modal-confirm-title', { hasText: 'Đổi chế độ ZNS?' }).waitFor();
      await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      await page.getByText('Chế độ ZNS: Development').waitFor();
      await mode.getByText('Chiến dịch chỉ được dùng chế độ development', { exact: false }).waitFor();
      await page.getByTestId('tenant-detail-services').screenshot({ path: shot('zns-public-mode-development-vi-1440') });
      const options = await api<{ publicMode: string }>('GET', 'merchant/campaign/form-options');
      assert.equal(options.publicMode, 'development', 'the campaign dialog follows the tenant’s mode');
      await page.getByTestId('zns-public-mode-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Production' }).click();
      await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      await page.getByText('Chế độ ZNS: Production').waitFor();

      // Back to the defaults (English), so other journeys' sends are unaffected.
      await page.goto(detailUrl);
      await settle(page);
      await page.getByTestId('rate-limits-reset').click();
      await page.getByText('Đã lưu giới hạn tốc độ').waitFor();
      await page.getByTestId('tenant-detail-rate-limits').getByText('Tùy chỉnh').waitFor({ state: 'detached' });
      const after = await burst(key.secret, 6);
      assert.ok(
        after.every((r) => r.status === 400),
        'defaults again',
      );
    } finally {
      await context.close();
    }
  });
});
