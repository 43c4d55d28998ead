// API reference journey (issue 17 #3): /api/docs renders the self-hosted Scalar reference under its own
// Content-Security-Policy (no CSP violation, nothing from another origin), the public API comes first,
// the guides are reachable from the sidebar, and try-it sends a real ZNS message with an API key
// created through the console API (202); at 1440 and 390 px without sideways scrolling. The page is
// in English only (a developer document).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, launchBrowser, noSidewaysScroll, PHONE, shot, znsSendSetup } from './support/harness';

const OWNER = 'owner@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Collects what would show a broken page: CSP violations, script errors, failed or foreign requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  const origin = new URL(BASE_URL).origin;
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request to another origin: ${url}`);
  });
  // A request cut short by the journey's own next navigation (ERR_ABORTED) is no failure of the page.
  page.on('requestfailed', (r) => void (r.failure()?.errorText === 'net::ERR_ABORTED' || problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`)));
  return problems;
}

async function openReference(page: Page, hash = '', navigate = true): Promise<void> {
  if (navigate) await page.goto(`${BASE_URL}/api/docs${hash}`);
  // The reference is rendered once the sidebar lists the public API group (the bundle is ~4 MB).
  // (attached, not visible: at 390 px the sidebar is folded behind its menu button).
  await page.getByText('Public API', { exact: true }).first().waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByRole('heading', { name: 'Zalo Console API' }).first().waitFor({ timeout: 30_000 });
}

describe('API reference journey', () => {
  it('renders the reference, public API first, guides reachable, try-it sends a ZNS message (202); 1440/390', { timeout: 300_000 }, async () => {
    // An API key of 'Shop An Nhiên' for the sandbox OA, its templates synced and its wallet funded.
    const { api, key } = await znsSendSetup(OWNER, 'E2E reference try-it key');
    assert.match(key.secret, /^zc_live_/);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      // The page and its bundle come from this origin, under the page's own CSP.
      const res = await page.goto(`${BASE_URL}/api/docs`);
      assert.equal(res?.status(), 200);
      const csp = (await res?.allHeaders())?.['content-security-policy'] ?? '';
      assert.match(csp, /script-src 'self'/);
      await openReference(page, '', false);
      assert.equal(await page.title(), 'Zalo Console API reference');

      // The public API comes first: its group and tags precede every console tag in the sidebar.
      const order = await page.$$eval('a[href^="#tag/"], a[href^="#description/"]', (els) => els.map((e) => e.getAttribute('href') ?? ''));
      const firstPublic = order.indexOf('#tag/public-send-api');
      assert.ok(firstPublic >= 0, `the public send tag is listed (${order.slice(0, 8).join(', ')})`);
      const consoleTags = order.filter((h) => h.startsWith('#tag/') && !['#tag/public-send-api', '#tag/webhook-events'].includes(h) && !h.startsWith('#tag/public-send-api/'));
      for (const h of consoleTags.slice(0, 3)) assert.ok(order.indexOf(h) > firstPublic, `${h} comes after the public API`);
      const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((l) => l.trim());
      const at = (text: string) => lines.indexOf(text);
      assert.ok(at('Public API') >= 0 && at('Public API') < at('Public send API') && at('Public send API') < at('Console API') && at('Console API') < at('API keys'), 'sidebar: Public API group, its tags, then the Console API group');
      await page.screenshot({ path: shot('api-reference-en') });

      // The guides: each is a section of the introduction, reachable from the sidebar.
      await page.getByRole('button', { name: /Introduction/ }).first().click();
      for (const guide of ['Authentication', 'Idempotency', 'Pagination', 'Errors', 'Zalo error decoder', 'Webhooks', 'Sandbox']) {
        const link = page.locator('nav, aside').getByText(guide, { exact: true }).first();
        await link.waitFor({ timeout: 10_000 });
        await link.click();
        await page.getByRole('heading', { name: guide, exact: true }).first().waitFor({ timeout: 10_000 });
      }
      // The error table says every code in both languages (a sample) and the decoder explains Zalo's codes.
      assert.ok(await page.getByText('IDEMPOTENCY_MISMATCH').first().isVisible());
      await page.getByText('Người dùng không nhận được tin', { exact: false }).first().waitFor({ state: 'attached', timeout: 10_000 });
      await page.locator('h1, h2').filter({ hasText: /^Webhooks$/ }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('api-reference-guides-en') });

      // Try-it: POST /api/v1/zns/send with the API key and a seeded template → 202.
      await openReference(page, '#tag/public-send-api/POST/api/v1/zns/send');
      const tryIt = page.getByRole('button', { name: 'Test Request (post /api/v1/zns/send)' });
      await tryIt.waitFor({ timeout: 30_000 });
      await tryIt.click();
      const client = page.locator('.scalar-client, [role=dialog]').filter({ has: page.locator('.cm-content') }).first();
      await client.waitFor({ timeout: 20_000 });
      const keyInput = client.locator('input[placeholder="QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT"]').first();
      await keyInput.fill(key.secret);
      const body = { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '482913' }, trackingId: `e2e-reference-${Date.now()}` };
      // Replace the example in the body editor (CodeMirror) and check it holds exactly our JSON; the
      // client keeps the text after a short debounce, so it is read back before sending.
      const editor = client.locator('.cm-content').first();
      let typed = '';
      for (let attempt = 0; attempt < 3 && typed !== JSON.stringify(body); attempt++) {
        await editor.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText(JSON.stringify(body, null, 2));
        await page.waitForTimeout(800);
        const text = await editor.innerText();
        typed = (() => {
          try {
            return JSON.stringify(JSON.parse(text));
          } catch {
            return text;
          }
        })();
      }
      assert.equal(typed, JSON.stringify(body), 'the body editor holds the request');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/zns/send') && r.request().method() === 'POST', { timeout: 30_000 });
      await client.getByRole('button', { name: /^Send/ }).first().click();
      const sent = await answered;
      assert.equal(sent.status(), 202, `try-it answered ${sent.status()}: ${await sent.text()}`);
      assert.equal(sent.request().headers()['x-api-key'], key.secret, 'try-it sent the key in x-api-key');
      const accepted = (await sent.json()) as { data: { id: string; trackingId: string; status: string } };
      assert.equal(accepted.data.trackingId, body.trackingId);
      await client.getByText('202', { exact: false }).first().waitFor({ timeout: 10_000 });
      await page.screenshot({ path: shot('api-reference-try-it-en') });
      // The message is in the tenant's sending history.
      const history = await api<Array<{ id: string }>>('GET', `merchant/zns/history?trackingId=${encodeURIComponent(body.trackingId)}`);
      assert.deepEqual(history.map((h) => h.id), [accepted.data.id]);
      await page.keyboard.press('Escape');

      // The phone: the same page, nothing wider than 390 px.
      await page.setViewportSize(PHONE);
      await openReference(page);
      await page.waitForTimeout(500);
      await noSidewaysScroll(page, 'API reference');
      await page.screenshot({ path: shot('api-reference-en-phone') });
      await openReference(page, '#tag/public-send-api/POST/api/v1/zns/send');
      await page.getByRole('heading', { name: 'Send a ZNS message by phone' }).first().waitFor({ timeout: 30_000 });
      await noSidewaysScroll(page, 'API reference, send ZNS operation');
      await page.screenshot({ path: shot('api-reference-operation-en-phone') });

      assert.deepEqual(problems, [], 'no CSP violation, script error, failed or foreign request');
    } finally {
      await context.close();
    }
  });
});
