// Dashboards journey (issue 16 #1, #2, #7): ZNS messages sent through the public API show up, once the
// statistics fold has run, on the organisation dashboard (/dashboard: totals, the messages chart, the
// revenue chart for the owner); the owner drills down from the tenants (/messages/tenant) to one tenant's
// official accounts (/messages/tenant/oa) and opens the messages breakdown and the tenant dashboard; a
// moderator (no VIEW_REVENUE_CHART) sees the dashboard without the revenue section. In vi and en, at
// 1440 px and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { BASE_URL, PHONE, launchBrowser, noSidewaysScroll, setLanguage, settle, shot, signIn, znsSendSetup } from './support/harness';

const OWNER = 'owner@demo.vn';
const MODERATOR = 'moderator@demo.vn';
const SENDS = 6;
const DESKTOP = { width: 1440, height: 1000 };

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

type Counters = { total: number; sent: number; delivered: number; failed: number };

/** Opens `path` signed in as the page's user, in `lng`, and waits for the test id `ready`. */
async function open(page: Page, path: string, lng: 'vi' | 'en', ready: string): Promise<void> {
  await page.goto(`${BASE_URL}${path}`);
  await settle(page);
  if ((await page.evaluate(() => document.documentElement.lang)) !== lng) await setLanguage(page, lng);
  await page
    .getByTestId(ready)
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: shot(`dashboards-failed-${ready}-${lng}`), fullPage: true });
      throw e;
    });
  await settle(page);
}

async function sendOne(secret: string, trackingId: string): Promise<void> {
  const res = await fetch(`${BASE_URL}/api/v1/zns/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secret },
    body: JSON.stringify({ phone: '0987009999', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '424242' }, trackingId }),
  });
  assert.equal(res.status, 202, await res.text());
}

async function capture(page: Page, name: string, lng: string, width: number): Promise<void> {
  await page.screenshot({ path: shot(`dashboards-${name}-${lng}-${width}`), fullPage: true });
  if (width === PHONE.width) await noSidewaysScroll(page, `${name} (${lng})`);
}

describe('Dashboards journey', () => {
  it('shows sent messages on the organisation dashboard, drills down tenant → OAs, hides revenue from a moderator, in vi and en at 1440 and 390 px', { timeout: 600_000 }, async () => {
    const { session, tenant, key } = await znsSendSetup(OWNER, 'Dashboards journey', 200_000);
    const run = Date.now().toString(36);
    for (let i = 0; i < SENDS; i++) await sendOne(key.secret, `dash-${run}-${i}`);

    // The rollups are folded every 2 s (ADR 0024): wait until today's figures hold the sends.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    let totals: Counters | null = null;
    for (let i = 0; i < 120; i++) {
      const res = await fetch(`${BASE_URL}/api/merchant/stats/overview?from=${today}&to=${today}&period=HOURLY`, {
        headers: { Authorization: `Bearer ${session.token}`, 'x-merchant-id': session.merchantId },
      });
      assert.equal(res.status, 200, await res.clone().text());
      totals = ((await res.json()) as { data: { totals: Counters } }).data.totals;
      if (totals.total >= SENDS && totals.sent >= SENDS) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(totals && totals.total >= SENDS, `the overview counts the ${SENDS} sends: ${JSON.stringify(totals)}`);

    for (const [lng, viewport] of [
      ['vi', DESKTOP],
      ['en', PHONE],
      ['vi', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ locale: lng === 'vi' ? 'vi-VN' : 'en-US', viewport });
      const page = await context.newPage();
      try {
        await signIn(page, OWNER);
        // Organisation dashboard: totals, messages chart, revenue (the owner holds VIEW_REVENUE_CHART).
        await open(page, '/dashboard', lng, 'dashboard-totals');
        await page.getByTestId('dashboard-messages-line').waitFor();
        const total = await page.getByTestId('dashboard-total-value').innerText();
        assert.notEqual(total.trim(), '0', 'the dashboard counts the sent messages');
        assert.match(await page.getByTestId('dashboard-totals').innerText(), lng === 'vi' ? /Tổng tin nhắn/ : /Total messages/);
        await page.getByTestId('dashboard-revenue').waitFor();
        assert.match(await page.getByTestId('dashboard-revenue').innerText(), lng === 'vi' ? /Doanh thu/ : /Revenue/);
        await capture(page, 'organisation', lng, viewport.width);
        if (lng === 'vi' && viewport.width === DESKTOP.width) {
          // Live: a message sent now shows up without a reload (message events refetch after the fold).
          const before = Number(total.replace(/\D/g, ''));
          await sendOne(key.secret, `dash-${run}-live`);
          await page.waitForFunction(
            (n) => Number((document.querySelector('[data-testid="dashboard-total-value"]')?.textContent ?? '').replace(/\D/g, '')) > n,
            before,
            { timeout: 30_000 },
          );
          // The hourly view of the same range (30 days fit the 31 days an hourly view answers).
          await page.getByTestId('dashboard-period').getByText('Theo giờ').click();
          await page.waitForURL((u) => u.searchParams.get('period') === 'HOURLY');
          await settle(page);
          await page.getByTestId('dashboard-messages-line').locator('text', { hasText: /^\d{2}\/\d{2} \d{2}:00$/ }).first().waitFor({ timeout: 20_000 });
          await page.screenshot({ path: shot('dashboards-organisation-hourly-vi-1440') });
        }

        // Drill-down: the tenants → Shop An Nhiên → its official accounts.
        await page.getByTestId('dashboard-tab-byTenant').click();
        await page.waitForURL((u) => u.pathname === '/messages/tenant');
        await page.getByTestId('dashboard-tenants-table').waitFor();
        await settle(page);
        await capture(page, 'by-tenant', lng, viewport.width);
        await page.getByTestId(`tenant-drill-${tenant.id}`).first().click();
        await page.waitForURL((u) => u.pathname === '/messages/tenant/oa' && u.searchParams.get('tenantId') === tenant.id);
        await page.getByTestId('by-oa-bars-row').first().waitFor({ timeout: 20_000 });
        await settle(page);
        assert.match(await page.locator('h1').innerText(), /Shop An Nhiên/);
        assert.notEqual((await page.getByTestId('by-oa-total-value').innerText()).trim(), '0');
        await capture(page, 'by-oa', lng, viewport.width);

        // Breakdown of the organisation's messages: by type, then by template.
        await open(page, '/dashboard/messages', lng, 'messages-breakdown-bars');
        await page.getByTestId('messages-dimension').getByText(lng === 'vi' ? 'Mẫu ZNS' : 'ZNS template').click();
        await page.waitForURL((u) => u.searchParams.get('by') === 'template');
        await page.getByTestId('messages-breakdown-bars-row').first().waitFor({ timeout: 20_000 });
        await settle(page);
        await capture(page, 'messages', lng, viewport.width);

        // The tenant's own dashboard.
        await open(page, `/tenant?tenantId=${tenant.id}`, lng, 'tenant-dashboard-totals');
        assert.notEqual((await page.getByTestId('tenant-today-value').innerText()).trim(), '0', 'today’s sends on the tenant dashboard');
        await page.getByTestId('tenant-messages-line').waitFor();
        await capture(page, 'tenant', lng, viewport.width);
      } finally {
        await context.close();
      }
    }

    // A moderator (no VIEW_REVENUE_CHART): the dashboard without the revenue section.
    for (const [lng, viewport] of [
      ['vi', DESKTOP],
      ['en', PHONE],
    ] as const) {
      const context = await browser.newContext({ locale: lng === 'vi' ? 'vi-VN' : 'en-US', viewport });
      const page = await context.newPage();
      try {
        await signIn(page, MODERATOR);
        await open(page, '/dashboard', lng, 'dashboard-totals');
        await page.getByTestId('dashboard-messages-line').waitFor();
        assert.equal(await page.getByTestId('dashboard-revenue').count(), 0, 'no revenue chart without VIEW_REVENUE_CHART');
        assert.equal(await page.getByTestId('dashboard-revenue-total').count(), 0, 'no revenue card without VIEW_REVENUE_CHART');
        assert.equal(await page.getByTestId('dashboard-tab-report').count(), 0, 'no report tab without VIEW_REVENUE_CHART');
        await capture(page, 'moderator', lng, viewport.width);

        // A secondary call refused (403) shows its section as not permitted; the page stays.
        await page.route('**/api/merchant/stats/low-balances', (route) =>
          route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }) }),
        );
        await page.reload();
        await page.getByTestId('dashboard-low-balances').getByTestId('dashboard-forbidden').waitFor({ timeout: 20_000 });
        await page.getByTestId('dashboard-totals').waitFor();
        assert.equal(new URL(page.url()).pathname, '/dashboard', 'a refused section does not send the user away');
        await page.getByTestId('dashboard-low-balances').scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`dashboards-forbidden-section-${lng}-${viewport.width}`) });
      } finally {
        await context.close();
      }
    }
  });
});
