// ZNS gateway journey (issue 4, "Tests"): connect an OA through the dialog with the sandbox's seed
// credentials, create an API key and rotate it through the OTP dialog (codes read from the mail
// outbox), top up the tenant wallet, send a ZNS with the public send API, watch the row reach
// RECEIVED in the history table, read the wallet history. Screenshots in vi and en.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_SECOND_OA_ID, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { BASE_URL, launchBrowser, loadApiSession, setLanguage, shot, signIn } from './support/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The second sandbox OA's "order confirmation" template (the main OA's ids end in 1, the second's in 2). */
const ORDER_TEMPLATE_ID = '3010022';
const OWNER = 'owner@demo.vn';

/**
 * The server's DATA_DIR: E2E_DATA_DIR when the runner exports it, else the newest zc-e2e-* folder
 * that e2e/run.mjs created in the temp dir. Unused with DATABASE_URL (the outbox is read there).
 */
function serverDataDir(): string | null {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const candidates = readdirSync(tmpdir())
    .filter((d) => d.startsWith('zc-e2e-') && !d.startsWith('zc-e2e-outbox-'))
    .map((d) => path.join(tmpdir(), d))
    .filter((d) => existsSync(path.join(d, 'pglite')))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates[0] ?? null;
}

/**
 * The newest OTP mailed to `email` after `since` — `npm run outbox` (README "Reading mail without
 * SMTP"). With the embedded database the CLI asks the running server (PGlite is single-process).
 */
async function readOtp(email: string, since: number): Promise<string> {
  const dataDir = process.env.DATABASE_URL ? null : serverDataDir();
  assert.ok(process.env.DATABASE_URL || dataDir, 'the server DATA_DIR was not found (set E2E_DATA_DIR)');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/db/cli.ts'), 'outbox', '5'], {
      cwd: root,
      env: { ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const block of out.split(/^--- /m).slice(1)) {
      const head = /^(\S+) to (\S+)/.exec(block);
      const code = /OTP code is (\d{6})/.exec(block) ?? /OTP code: (\d{6})/.exec(block);
      if (head && code?.[1] && head[2] === email && Date.parse(head[1] ?? '') >= since - 2000) return code[1];
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no OTP mail to ${email} after ${new Date(since).toISOString()}`);
}

/** antd puts data-testid on the modal's zero-size root; the visible box is its .ant-modal. */
function modal(page: Page, testId: string) {
  return page.locator(`[data-testid=${testId}] .ant-modal`);
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('ZNS gateway journey', () => {
  it('connects an OA, creates and rotates an API key with OTP, tops up, sends a ZNS and follows it to RECEIVED', { timeout: 240_000 }, async () => {
    const session = await loadApiSession(OWNER);
    // "Nha khoa Sài Gòn" starts without an OA (the §4 gate); the sandbox's second OA is there to connect.
    const tenant = session.tenants.find((t) => t.name === 'Nha khoa Sài Gòn') ?? session.tenants.find((t) => t.znsService && !t.oaService);
    assert.ok(tenant, 'a ZNS tenant without an OA exists');
    const q = `tenantId=${tenant.id}`;
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);

      // 1. §4 gate: the create dialog opens by itself after 500 ms.
      await page.goto(`${BASE_URL}/tenant/zns-service/history?${q}`);
      await page.getByTestId('oa-gate').waitFor();
      const dialog = modal(page, 'create-oa-dialog');
      await dialog.waitFor({ timeout: 5000 });
      await page.screenshot({ path: shot('gateway-oa-gate-vi') });
      const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_SECOND_OA_ID];
      assert.ok(tokens, 'sandbox seed tokens of the second OA');
      await page.getByTestId('oa-name').fill('Nha khoa Sài Gòn OA');
      await page.getByTestId('oa-zappId').fill(SANDBOX_APP_ID);
      await page.getByTestId('oa-zoaId').fill(SANDBOX_SECOND_OA_ID);
      await page.getByTestId('oa-zoaSecretKey').fill(SANDBOX_APP_SECRET_KEY);
      await page.getByTestId('oa-zoaWebhookSecretKey').fill(SANDBOX_WEBHOOK_SECRET);
      await page.getByTestId('oa-zoaRefreshToken').fill(tokens.refreshToken);
      // A token Zalo refuses: its explanation stays inside the dialog.
      await page.getByTestId('oa-zoaAccessToken').fill('not-a-zalo-token');
      await page.getByTestId('oa-create-submit').click();
      await dialog.locator('[data-testid=oa-create-error], .ant-form-item-explain-error').first().waitFor();
      await page.screenshot({ path: shot('gateway-oa-create-error-vi') });
      await page.getByTestId('oa-zoaAccessToken').fill(tokens.accessToken);
      await page.getByTestId('oa-create-submit').click();
      await page.getByTestId('oa-created').waitFor();
      // After 2 s the settings page of the new (now current) OA opens.
      await page.waitForURL((url) => url.pathname === '/tenant/zalo-oa/setting', { timeout: 10_000 });
      await page.getByTestId('oa-setting').waitFor();
      const oaId = await page.evaluate(() => localStorage.getItem('zc.oaId'));
      assert.ok(oaId, 'the new OA is current (zc.oaId)');
      assert.match(await page.getByTestId('oa-webhook-url').innerText(), /\/api\/webhooks\/zalo/);
      await page.getByTestId('oa-selector').waitFor();
      await page.screenshot({ path: shot('gateway-oa-setting-vi'), fullPage: true });

      // 2. Template library: sync from Zalo.
      await page.goto(`${BASE_URL}/tenant/zns-service/templates?${q}`);
      await page.getByTestId('templates-sync').click();
      await page.locator('[data-testid=templates-table] tr', { hasText: ORDER_TEMPLATE_ID }).waitFor({ timeout: 20_000 });

      // 3. API key: create (secret shown once), then rotate through the OTP dialog.
      await page.goto(`${BASE_URL}/tenant/api-keys?${q}`);
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-name').fill('E2E gateway key');
      await page.getByTestId('api-key-create-submit').click();
      const firstSecret = (await page.getByTestId('api-key-secret').innerText()).trim();
      assert.match(firstSecret, /^zc_live_/);
      await page.screenshot({ path: shot('gateway-api-key-secret-vi') });
      await page.getByTestId('api-key-done').click();
      const row = page.locator('[data-testid=api-keys-table] tr', { hasText: 'E2E gateway key' });
      await row.waitFor();

      let opened = Date.now();
      await row.getByRole('button', { name: 'Đổi khoá' }).click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      const otp = modal(page, 'otp-dialog');
      await otp.waitFor();
      await otp.getByTestId('otp-ttl').filter({ hasText: /\d/ }).waitFor();
      // Submit stays disabled until exactly 6 digits.
      await page.getByTestId('otp-input').fill('12345');
      assert.equal(await page.getByTestId('otp-submit').isDisabled(), true);
      const code = await readOtp(OWNER, opened);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByTestId('otp-input').fill(wrong);
      await page.getByTestId('otp-submit').click();
      await page.getByTestId('otp-error').filter({ hasText: 'Mã OTP không đúng' }).waitFor();
      assert.equal(await page.getByTestId('otp-input').inputValue(), '', 'a wrong OTP clears the field');
      await page.screenshot({ path: shot('gateway-otp-incorrect-vi') });
      await page.getByTestId('otp-input').fill(code);
      await page.screenshot({ path: shot('gateway-otp-vi') });
      await page.getByTestId('otp-submit').click();
      const secret = (await page.getByTestId('api-key-rotated-secret').innerText()).trim();
      assert.match(secret, /^zc_live_/);
      assert.notEqual(secret, firstSecret, 'rotation answers a new secret');
      await page.keyboard.press('Escape');

      // The old secret no longer sends.
      const sendBody = (trackingId: string) => ({
        phone: '0987654321',
        templateId: ORDER_TEMPLATE_ID,
        templateData: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'PE010299485', amount: '250000', order_date: '21/11/2026' },
        trackingId,
      });
      const old = await fetch(`${BASE_URL}/api/v1/zns/send`, { method: 'POST', headers: { 'x-api-key': firstSecret, 'content-type': 'application/json' }, body: JSON.stringify(sendBody('e2e-old-key')) });
      assert.equal(old.status, 401);

      // 4. Wallet: top up through the header wallet's edit dialog (§5 rules), then send.
      await page.goto(`${BASE_URL}/tenant/zns-service/history?${q}`);
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-menu-edit').click();
      const edit = modal(page, 'wallet-edit-dialog');
      await edit.getByText('Trả trước').click();
      await edit.getByText('Trừ bớt').click();
      await page.getByTestId('wallet-amount').fill('999999999');
      await edit.locator('.ant-form-item-explain-error').first().waitFor();
      await edit.getByText('Nạp thêm').click();
      await page.getByTestId('wallet-amount').fill('200000');
      await edit.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
      await edit.getByText('Số dư sau khi lưu: 200,000 ₫').waitFor();
      await page.screenshot({ path: shot('gateway-wallet-edit-vi') });
      await page.getByTestId('wallet-edit-submit').click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByTestId('header-wallet-value').filter({ hasText: '200,000' }).waitFor();

      const trackingId = `e2e-${Date.now()}`;
      const res = await fetch(`${BASE_URL}/api/v1/zns/send`, {
        method: 'POST',
        headers: { 'x-api-key': secret, 'content-type': 'application/json' },
        body: JSON.stringify(sendBody(trackingId)),
      });
      assert.equal(res.status, 202, await res.clone().text());

      // 5. History: all statuses (Check All → OK), search the tracking id, refresh until RECEIVED.
      await page.reload();
      await page.getByTestId('status-filter-trigger').first().click();
      const filter = page.getByTestId('status-filter');
      await filter.getByTestId('status-filter-all').click();
      await filter.getByTestId('status-filter-all').click();
      assert.equal(await filter.getByTestId('status-filter-ok').isDisabled(), true, 'OK is disabled with nothing selected');
      await filter.getByTestId('status-filter-all').click();
      await filter.getByTestId('status-filter-ok').click();
      await page.getByTestId('history-search-trackingId').fill(trackingId);
      await page.getByTestId('history-search-trackingId').press('Enter');
      const historyRow = page.locator('[data-testid=history-table] tr.ant-table-row', { hasText: trackingId.slice(0, 5) });
      await historyRow.waitFor({ timeout: 15_000 });
      const deadline = Date.now() + 60_000;
      while (!(await historyRow.getByTestId('history-status').innerText()).includes('Đã nhận')) {
        assert.ok(Date.now() < deadline, 'the message reached RECEIVED within a minute');
        await page.waitForTimeout(1000);
        await page.getByTestId('history-refresh').click();
      }
      await historyRow.click();
      await page.getByTestId('history-detail').waitFor();
      await page.screenshot({ path: shot('gateway-history-received-vi'), fullPage: true });

      // 6. Wallet history: the top-up and the message charge.
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-menu-history').click();
      const history = modal(page, 'wallet-history-dialog');
      await history.getByText('+200,000 ₫').waitFor();
      await history.getByText('Phí gửi tin').first().waitFor();
      await page.screenshot({ path: shot('gateway-wallet-history-vi') });
      await page.keyboard.press('Escape');

      // English screenshots of the same screens.
      await setLanguage(page, 'en');
      await page.getByTestId('history-refresh').click();
      await historyRow.getByTestId('history-status').filter({ hasText: 'RECEIVED' }).waitFor();
      await page.screenshot({ path: shot('gateway-history-en'), fullPage: true });
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-menu-history').click();
      await history.getByText('Message charge').first().waitFor();
      await page.screenshot({ path: shot('gateway-wallet-history-en') });
      await page.keyboard.press('Escape');
      await page.goto(`${BASE_URL}/tenant/api-keys?${q}`);
      await page.locator('[data-testid=api-keys-table] tr', { hasText: 'E2E gateway key' }).waitFor();
      await page.screenshot({ path: shot('gateway-api-keys-en') });
      opened = Date.now();
      await page.getByTestId(/^api-key-toggle-/).first().click();
      await modal(page, 'otp-dialog').getByTestId('otp-ttl').filter({ hasText: /\d/ }).waitFor();
      await page.screenshot({ path: shot('gateway-otp-en') });
      await page.keyboard.press('Escape');
      await page.goto(`${BASE_URL}/tenant/zns-service/templates?${q}`);
      await page.locator('[data-testid=templates-table] tr', { hasText: ORDER_TEMPLATE_ID }).click();
      await page.getByTestId('template-drawer').getByText('Params').first().waitFor();
      await page.waitForTimeout(500); // the drawer's slide-in
      await page.screenshot({ path: shot('gateway-template-en') });
      await page.goto(`${BASE_URL}/tenant/settings/webhook?${q}`);
      await page.getByTestId('webhook-create').waitFor();
      await page.screenshot({ path: shot('gateway-webhooks-en') });
      await page.goto(`${BASE_URL}/tenant/zns-service/playground?${q}`);
      await page.getByTestId('playground-preview').waitFor();
      await page.screenshot({ path: shot('gateway-playground-en'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
