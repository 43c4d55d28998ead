// Statements journey (issue 16 #3): the organisation owner generates last month's statements on
// /billing, finds a tenant's statement on /billing/bills, downloads it as a PDF and reads the PDF's
// closing balance: it equals the closing balance the page shows and the balance after the month's last
// entry in the tenant's wallet history dialog (the wallet moved again this month: a top-up made now
// must not reach last month's statement). Then the statement is issued, a payment is recorded from the
// keyboard (PAID), and the tenant's billing page shows it. Pages looked at in vi and en, 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, PHONE, launchBrowser, loadApiSession, noSidewaysScroll, settle, shot, shotsAt, signIn, tenantApi, type ApiSession } from './support/harness';

const OWNER = 'owner@demo.vn';
const VN_OFFSET_MS = 7 * 3600_000;

/** Last month in Asia/Ho_Chi_Minh, YYYY-MM (the /billing page's default). */
function lastMonthVn(now = Date.now()): string {
  const d = new Date(now + VN_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, '0')}`;
}

/** The digits of a money text ('1,234,567 ₫', '1.234.567 ₫', '−500 ₫') as a number. */
function amountOf(text: string): number {
  const digits = Number(text.replace(/[^\d]/g, ''));
  return /^[\s]*[−-]/.test(text) ? -digits : digits;
}

interface StatementRow {
  id: string;
  tenantId: string | null;
  tenantName: string;
  period: string;
  periodEnd: string;
  closingBalance: number;
  entryCount: number;
  status: string;
}

/** An organisation-level call (x-merchant-id, no tenant) as the session's user. */
async function orgApi<T>(session: ApiSession, method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, 'x-merchant-id': session.merchantId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The text lines of a PDF written by pdfkit: content streams inflated, glyphs of each font mapped back
 * to text through the font's ToUnicode CMap (the PDF embeds DejaVu subsets, so the text is not in the
 * file as letters).
 */
function pdfLines(buf: Buffer): string[] {
  const raw = buf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  // Objects in file order; a stream is read by its /Length (binary font data may hold the bytes 'endobj').
  const header = /(\d+) 0 obj\b/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endobj', start);
    const opening = /stream\r?\n/.exec(raw.slice(start, end));
    if (!opening) {
      objects.set(m[1] ?? '', { dict: raw.slice(start, end), stream: null });
      continue;
    }
    const dict = raw.slice(start, start + opening.index);
    const from = start + opening.index + opening[0].length;
    const lengthOf = /\/Length (\d+)( \d+ R)?/.exec(dict);
    const length = lengthOf && !lengthOf[2] ? Number(lengthOf[1]) : NaN;
    const to = Number.isFinite(length) ? from + length : raw.indexOf('endstream', from);
    let data = Buffer.from(raw.slice(from, to), 'latin1');
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
    objects.set(m[1] ?? '', { dict, stream: data.toString('latin1') });
    header.lastIndex = raw.indexOf('endobj', raw.indexOf('endstream', to)) + 6;
  }
  const fromHex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  const cmaps = new Map<string, Map<string, string>>();
  const cmapOf = (fontId: string): Map<string, string> => {
    const known = cmaps.get(fontId);
    if (known) return known;
    const map = new Map<string, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontId)?.dict ?? '')?.[1];
    const cmap = ref ? (objects.get(ref)?.stream ?? '') : '';
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, g, u] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set((g ?? '').toLowerCase(), fromHex(u ?? ''));
    }
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo = '', hi = '', rest = ''] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const list = rest.startsWith('[') ? [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1] ?? '') : null;
        for (let g = parseInt(lo, 16); g <= parseInt(hi, 16); g += 1) {
          const offset = g - parseInt(lo, 16);
          map.set(g.toString(16).padStart(lo.length, '0'), list ? fromHex(list[offset] ?? '') : String.fromCodePoint(parseInt(rest.slice(1, -1), 16) + offset));
        }
      }
    }
    cmaps.set(fontId, map);
    return map;
  };
  const lines: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(dict)?.[1];
    const resources = resourcesRef ? (objects.get(resourcesRef)?.dict ?? '') : dict;
    const fonts = new Map([...(/\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((x) => [x[1] ?? '', x[2] ?? '']));
    const contents = [...(/\/Contents (\[[^\]]*\]|\d+ 0 R)/.exec(dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((x) => x[1] ?? '');
    for (const ref of contents) {
      let font: string | null = null;
      for (const block of (objects.get(ref)?.stream ?? '').split(/\bBT\b/).slice(1)) {
        let line = '';
        for (const op of block.matchAll(/\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
          if (op[1]) {
            font = fonts.get(op[1]) ?? null;
            continue;
          }
          const map = font ? cmapOf(font) : new Map<string, string>();
          const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1] ?? '') : [op[3] ?? ''];
          for (const h of hexes) for (const g of h.match(/.{4}/g) ?? []) line += map.get(g.toLowerCase()) ?? '?';
        }
        if (line) lines.push(line);
      }
    }
  }
  return lines;
}

/** The amount printed right after `label` in the PDF's summary table. */
function pdfAmountAfter(lines: string[], label: string): number {
  const at = lines.findIndex((l) => l.trim() === label);
  assert.ok(at >= 0 && lines[at + 1], `the PDF has a "${label}" line with its amount (lines: ${lines.join(' | ')})`);
  return amountOf(lines[at + 1] ?? '');
}

/** Confirms the open popconfirm. */
async function confirmPopover(page: Page): Promise<void> {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
}

/**
 * The wallet history dialog's balance after the last entry of `period` or before it (DD/MM/YYYY
 * HH:mm:ss shown in the browser's zone, Asia/Ho_Chi_Minh here): newest first, paging on until one is
 * found; 0 when the wallet had no entry by the month's end.
 */
async function balanceAtMonthEnd(page: Page, period: string): Promise<{ balance: number; found: boolean }> {
  const dialog = page.locator('[data-testid=wallet-history-dialog] .ant-modal');
  await dialog.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 15_000 });
  const monthOf = (cells: string[]) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(cells[0] ?? '');
    return m ? `${m[3]}-${m[2]}` : null;
  };
  const idle = () => dialog.locator('.ant-spin-spinning').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  // Newest first: start from the last (oldest) page, whatever other journeys added since, and walk towards
  // newer pages while a whole page lies at or before the month; the first row of the month or earlier on the
  // page where newer entries begin is the month's last entry.
  const pages = dialog.locator('.ant-pagination-item');
  if ((await pages.count()) > 1) {
    await pages.last().click();
    await idle();
  }
  let found: string[] | null = null;
  for (let guard = 0; guard < 500; guard += 1) {
    await idle();
    const rows = await dialog.locator('.ant-table-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const match = rows.find((cells) => (monthOf(cells) ?? '9999-99') <= period);
    if (match) found = match;
    const first = rows[0] ? monthOf(rows[0]) : null;
    const prev = dialog.locator('.ant-pagination-prev:not(.ant-pagination-disabled)');
    if (first !== null && first <= period && (await prev.count()) > 0) {
      await prev.click();
      continue;
    }
    break;
  }
  return found ? { balance: amountOf(found[4] ?? ''), found: true } : { balance: 0, found: false };
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('statements journey', () => {
  it("last month's statement: PDF total = closing shown = wallet history at the month's end; issued, paid, seen by the tenant", { timeout: 420_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo tenant exists');
    const period = lastMonthVn();
    // The wallet moves this month: a top-up now (through the wallet edit API) must not reach last month's statement.
    await tenantApi(session, tenant.id)('POST', 'merchant/billing/update-tenant-balance', { billingBalance: 12_345, billingMode: 'PREPAID', billingType: 'ADD', threshold: 0, thresholdNotificationUserIds: [] }, { 'x-merchant-id': session.merchantId });

    const context = await browser.newContext({ locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh', viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);

      // 1. /billing: last month by default; generate (or regenerate) its statements after the confirmation.
      await page.goto(`${BASE_URL}/billing`);
      await settle(page);
      assert.equal(await page.locator('[data-testid=statements-month] input').inputValue(), period, '/billing opens on last month');
      await page.getByTestId('statements-generate').click();
      await confirmPopover(page);
      await page.locator('.ant-message-notice', { hasText: period }).waitFor({ timeout: 30_000 });
      const tenantRow = page.locator(`[data-testid=statements-tenants] tr[data-tenant-id="${tenant.id}"]`);
      await tenantRow.getByTestId('statement-status').waitFor({ timeout: 15_000 });
      await page.getByTestId('statements-organisation').getByTestId('statement-status').waitFor();
      await page.screenshot({ path: shot('statements-month-vi'), fullPage: true });

      const [mine] = await orgApi<StatementRow[]>(session, 'GET', `merchant/statements?period=${period}&tenantId=${tenant.id}`);
      assert.ok(mine, "the tenant's statement of last month exists");
      const currentBalance = (await tenantApi(session, tenant.id)<{ balance: number }>('GET', 'merchant/billing/tenant-balance', undefined, { 'x-merchant-id': session.merchantId })).balance;
      assert.notEqual(mine.closingBalance, currentBalance, "this month's top-up is not in last month's closing balance");

      // 2. The path to the bill: the organisation dashboard, its tenants, drill down to Shop An
      // Nhiên, then its statements (/billing/bills filtered to the tenant): the closing balance shown and the PDF's.
      await page.goto(`${BASE_URL}/dashboard`);
      await settle(page);
      await page.getByTestId('dashboard-tab-byTenant').click();
      await page.waitForURL((u) => u.pathname === '/messages/tenant');
      await page.getByTestId(`tenant-drill-${tenant.id}`).first().click();
      await page.waitForURL((u) => u.pathname === '/messages/tenant/oa' && u.searchParams.get('tenantId') === tenant.id);
      await page.getByTestId('by-oa-bills').click();
      await page.waitForURL((u) => u.pathname === '/billing/bills' && u.searchParams.get('tenantId') === tenant.id);
      await settle(page);
      assert.match(await page.getByTestId('bills-wallet').innerText(), /Shop An Nhiên/, 'the bills open filtered to the drilled-down tenant');
      const row = page.locator(`[data-testid=bills-table] tr[data-statement-id="${mine.id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await settle(page);
      assert.equal(await page.locator('[data-testid=bills-table] tr.ant-table-row').count(), await page.locator(`[data-testid=bills-table] tr.ant-table-row[data-wallet="${tenant.id}"]`).count(), 'the wallet filter leaves that tenant only');
      const closingShown = amountOf(await row.getByTestId('statement-closing').innerText());
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('statement-pdf').click()]);
      assert.match(download.suggestedFilename(), new RegExp(`^statement-${period}-.*\\.pdf$`));
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is a PDF');
      const lines = pdfLines(pdf);
      assert.ok(lines.some((l) => l.includes('Shop An Nhiên')), 'the PDF names the tenant (Vietnamese letters kept)');
      const closingPdf = pdfAmountAfter(lines, 'Số dư cuối kỳ');
      assert.equal(closingPdf, closingShown, "the PDF's closing balance is the one the bills page shows");
      assert.equal(closingPdf, mine.closingBalance, "the PDF's closing balance is the statement's");

      // The detail drawer: the same closing balance, reconciled with the ledger.
      await row.getByTestId('statement-open').click();
      await page.getByTestId('detail-closing').waitFor();
      assert.equal(amountOf(await page.getByTestId('detail-closing').innerText()), closingPdf);
      await page.getByTestId('statement-reconciled').waitFor();
      await page.screenshot({ path: shot('statements-detail-vi'), fullPage: true });
      await page.keyboard.press('Escape');

      // 3. The tenant's wallet history dialog: the balance after the month's last entry.
      await page.goto(`${BASE_URL}/tenant/billing?tenantId=${tenant.id}`);
      await settle(page);
      await page.getByTestId('tenant-wallet-history').click();
      const atMonthEnd = await balanceAtMonthEnd(page, period);
      if (mine.entryCount > 0) assert.ok(atMonthEnd.found, "the month's entries are in the wallet history");
      assert.equal(closingPdf, atMonthEnd.balance, "the PDF's total is the wallet's balance after the month's last entry");
      await page.screenshot({ path: shot('statements-wallet-history-vi') });
      await page.keyboard.press('Escape');

      // 4. Issue (confirmed), then record a payment from the keyboard: PAID.
      await page.goto(`${BASE_URL}/billing/bills`);
      await settle(page);
      await row.waitFor({ timeout: 15_000 });
      await row.getByTestId('statement-issue').click();
      await confirmPopover(page);
      await row.locator('[data-testid=statement-status][data-status=ISSUED]').waitFor({ timeout: 15_000 });
      await row.getByTestId('statement-pay').click();
      const amount = page.locator('[data-testid=pay-amount] input, input[data-testid=pay-amount]').first();
      await amount.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[data-testid=pay-amount]') !== null || document.activeElement?.getAttribute('data-testid') === 'pay-amount');
      if ((await amount.inputValue()) === '') await page.keyboard.type('50000');
      const paid = amountOf(await amount.inputValue());
      await page.keyboard.press('Tab');
      await page.keyboard.type('Chuyển khoản E2E');
      await page.keyboard.press('Enter');
      await row.locator('[data-testid=statement-status][data-status=PAID]').waitFor({ timeout: 15_000 });
      const after = await orgApi<StatementRow & { paymentAmount: number }>(session, 'GET', `merchant/statements/${mine.id}`);
      assert.equal(after.status, 'PAID');
      assert.equal(after.paymentAmount, paid);
      await page.screenshot({ path: shot('statements-bills-paid-vi'), fullPage: true });

      // 5. The tenant's billing page lists it as paid.
      await page.goto(`${BASE_URL}/tenant/billing?tenantId=${tenant.id}`);
      await settle(page);
      await page.locator(`[data-testid=tenant-statements] tr[data-statement-id="${mine.id}"] [data-testid=statement-status][data-status=PAID]`).waitFor({ timeout: 15_000 });

      // 6. Looked at in vi and en, wide and narrow (no sideways scroll at 390 px).
      await shotsAt(page, 'statements-billing', `${BASE_URL}/billing`, 'statements-totals');
      await shotsAt(page, 'statements-bills', `${BASE_URL}/billing/bills`, 'bills-table');
      await shotsAt(page, 'statements-tenant', `${BASE_URL}/tenant/billing?tenantId=${tenant.id}`, 'tenant-statements');
      // The drawer and the payment dialog at the phone width, in English.
      await page.setViewportSize(PHONE);
      await page.goto(`${BASE_URL}/billing/bills`);
      await settle(page);
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-en').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await row.getByTestId('statement-open').click();
      await page.getByTestId('detail-closing').waitFor();
      await settle(page);
      await noSidewaysScroll(page, 'statement drawer en');
      assert.match(await page.locator('.ant-drawer-body:visible').innerText(), /Closing balance/);
      await page.screenshot({ path: shot('statements-detail-en-phone') });
      // The English PDF from the drawer: its labels in English, the same total.
      const [enDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('drawer-pdf').click()]);
      const enLines = pdfLines(await readFile(await enDownload.path()));
      assert.equal(pdfAmountAfter(enLines, 'Closing balance'), closingPdf);
    } finally {
      await context.close();
    }

    // 7. A moderator sees the organisation's bills (VIEW_MERCHANT_BILLING_BALANCE) and downloads them,
    // but has no generate, issue or payment button (UPDATE_TENANT_BILLING_BALANCE is not theirs).
    const viewer = await browser.newContext({ locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh', viewport: DESKTOP, acceptDownloads: true });
    const vpage = await viewer.newPage();
    try {
      await signIn(vpage, 'moderator@demo.vn');
      await vpage.goto(`${BASE_URL}/billing`);
      await settle(vpage);
      await vpage.getByTestId('statements-totals').waitFor({ timeout: 15_000 });
      assert.equal(await vpage.getByTestId('statements-generate').count(), 0, 'no generate button without UPDATE_TENANT_BILLING_BALANCE');
      await vpage.goto(`${BASE_URL}/billing/bills`);
      await settle(vpage);
      await vpage.locator('[data-testid=bills-table] tr.ant-table-row').first().waitFor({ timeout: 15_000 });
      assert.equal(await vpage.locator('[data-testid=statement-issue], [data-testid=statement-pay]').count(), 0, 'no issue or payment button');
      const [csv] = await Promise.all([vpage.waitForEvent('download'), vpage.locator('[data-testid=bills-table] tr.ant-table-row').first().getByTestId('statement-csv').click()]);
      assert.match(csv.suggestedFilename(), /\.csv$/);
      assert.match((await readFile(await csv.path())).toString('utf8'), /Số dư cuối kỳ/);
      // Live: the owner issues the organisation's statement elsewhere; the moderator's list follows (statement.changed), no reload.
      const [orgStatement] = await orgApi<StatementRow[]>(session, 'GET', `merchant/statements?period=${period}&tenantId=organisation`);
      assert.ok(orgStatement, "the organisation's own statement of last month exists");
      const orgRow = vpage.locator(`[data-testid=bills-table] tr[data-statement-id="${orgStatement.id}"]`);
      await orgRow.locator('[data-testid=statement-status][data-status=GENERATED]').waitFor({ timeout: 15_000 });
      await orgApi(session, 'POST', `merchant/statements/${orgStatement.id}/issue`);
      await orgRow.locator('[data-testid=statement-status][data-status=ISSUED]').waitFor({ timeout: 15_000 });
      await vpage.screenshot({ path: shot('statements-bills-moderator-vi'), fullPage: true });
    } finally {
      await viewer.close();
    }
  });
});
