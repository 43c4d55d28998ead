// ZNS fallback journey (ADR 0004): the owner opens the tenant settings, goes from the Webhook tab to
// the Fallback tab, enables fallback, picks trigger codes (one with the keyboard), writes a text with
// placeholders, watches the server-rendered preview follow the sample values, saves, reloads and finds
// everything persisted (also through the API). Then a ZNS refused by Zalo with a trigger code is
// followed through the running worker to its OA fallback, shown in the history detail row.
// Screenshots in vi and en.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, tenantApi, shot, signIn } from './support/harness';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';

const OWNER = 'owner@demo.vn';
/** The sandbox's OTP template of its first OA (the demo's "Shop An Nhiên OA"); its admin shared 84987000001. */
const OTP_TEMPLATE_ID = '3010011';
const CONTENT = 'Xin chào {{customer_name}}, mã xác thực của bạn là {{otp}}. Tin này được gửi qua Zalo OA vì tin ZNS không tới được bạn.';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const trigger = (page: Page, code: number) => page.locator(`[data-testid=fallback-form] input[type=checkbox][value="${code}"]`);
const preview = (page: Page) => page.getByTestId('fallback-preview');

async function checkedCodes(page: Page): Promise<number[]> {
  return page.$$eval('[data-testid=fallback-form] input[type=checkbox]:checked', (els) => els.map((e) => Number((e as HTMLInputElement).value)));
}

describe('ZNS fallback settings journey', () => {
  it('enables fallback with chosen triggers and a text, previews it, saves and finds it after a reload', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.oaService && t.znsService);
    assert.ok(tenant, 'a tenant with OA and ZNS exists');
    const q = `tenantId=${tenant.id}`;
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 1700 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);

      // From the webhook page to the fallback page through the settings tabs.
      await page.goto(`${BASE_URL}/tenant/settings/webhook?${q}`);
      await page.getByTestId('webhook-create').waitFor();
      await page.getByTestId('settings-tab-fallback').click();
      await page.waitForURL((url) => url.pathname === '/tenant/settings/fallback' && url.search.includes(tenant.id));
      await page.getByTestId('fallback-form').waitFor();
      assert.match(await page.getByTestId('fallback-last-saved').innerText(), /Chưa lưu/);

      // Defaults: off, the five recipient-side codes pre-selected, every code explained.
      const enabled = page.getByTestId('fallback-enabled');
      assert.equal(await enabled.getAttribute('aria-checked'), 'false');
      assert.deepEqual((await checkedCodes(page)).sort((a, b) => a - b), [-141, -140, -139, -119, -114]);
      assert.match(await page.getByTestId('fallback-trigger--141').innerText(), /từ chối ZNS từ OA này/);
      assert.equal(await page.locator('[data-testid=fallback-form] input[type=checkbox]').count(), 10);

      await enabled.click();
      assert.equal(await enabled.getAttribute('aria-checked'), 'true');
      // Night ban on with the mouse, -140 off, -147 on and off again with the keyboard.
      await page.getByTestId('fallback-trigger--133').click();
      await page.getByTestId('fallback-trigger--140').click();
      await trigger(page, -147).focus();
      await page.keyboard.press('Space');
      assert.equal(await trigger(page, -147).isChecked(), true);
      await page.keyboard.press('Space');
      assert.equal(await trigger(page, -147).isChecked(), false);

      // A malformed placeholder is refused on the field before anything is sent.
      const content = page.getByTestId('fallback-content');
      await content.fill('Xin chào {{customer name}}');
      await page.getByTestId('fallback-save').click();
      await page.locator('.ant-form-item-explain-error', { hasText: 'customer name' }).waitFor();

      await content.fill(CONTENT);
      await preview(page).filter({ hasText: 'Xin chào Nguyễn Thị Hoàng Anh, mã xác thực của bạn là 482913.' }).waitFor({ timeout: 10_000 });
      await page.getByTestId('fallback-sample-otp').fill('135790');
      await preview(page).filter({ hasText: 'mã xác thực của bạn là 135790.' }).waitFor({ timeout: 10_000 });
      // The counter counts what the server counts.
      assert.match(await page.locator('[data-testid=fallback-form] .ant-input-data-count').innerText(), new RegExp(`${CONTENT.length} / 2000`));
      await page.screenshot({ path: shot('fallback-vi') });

      await page.getByTestId('fallback-save').click();
      await page.locator('.ant-message-notice', { hasText: 'Đã lưu cài đặt gửi dự phòng' }).waitFor();
      await page.getByTestId('fallback-last-saved').filter({ hasText: 'Lưu lần cuối' }).waitFor();

      await page.reload();
      await page.getByTestId('fallback-form').waitFor();
      assert.equal(await page.getByTestId('fallback-enabled').getAttribute('aria-checked'), 'true');
      assert.deepEqual((await checkedCodes(page)).sort((a, b) => a - b), [-141, -139, -133, -119, -114]);
      assert.equal(await page.getByTestId('fallback-content').inputValue(), CONTENT);
      await preview(page).filter({ hasText: 'mã xác thực của bạn là 482913.' }).waitFor({ timeout: 10_000 });

      const res = await fetch(`${BASE_URL}/api/merchant/fallback`, { headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenant.id } });
      assert.equal(res.status, 200);
      const saved = ((await res.json()) as { data: { settings: { enabled: boolean; triggerCodes: number[]; messageKind: string; content: string } } }).data.settings;
      assert.deepEqual(saved, { ...saved, enabled: true, triggerCodes: [-114, -119, -133, -139, -141], messageKind: 'text', content: CONTENT });

      // The transaction kind adds the header; English texts.
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-en').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await page.locator('[data-testid=fallback-form] input[type=radio][value=transaction]').check();
      await page.getByTestId('fallback-header').fill('Verification code {{otp}}');
      await page.getByTestId('fallback-content').fill('Use {{otp}} to sign in, {{customer_name}}.');
      await preview(page).filter({ hasText: 'Verification code 482913' }).waitFor({ timeout: 10_000 });
      assert.match(await page.getByTestId('fallback-trigger--141').innerText(), /refused ZNS from this OA/);
      await page.screenshot({ path: shot('fallback-transaction-en') });
    } finally {
      await context.close();
    }
  });

  it('follows a ZNS refused with a trigger code to its OA fallback and shows it in the history detail row', { timeout: 180_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.oaService && t.znsService);
    assert.ok(tenant, 'a tenant with OA and ZNS exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    // The sandbox's main OA: the content journey may have connected another one to this tenant.
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'the demo tenant has its sandbox OA');
    // The follower sync stores the shared phones; the template library must hold the OTP template.
    await api('POST', 'merchant/oa-user/sync', { zaloOAId: oa.id });
    await api('GET', 'merchant/zalo-oa/sync-zns-templates');
    const key = await api<{ secret: string }>('POST', 'merchant/api-key', { name: 'Fallback journey', zaloOAId: oa.id, service: 'ZNS' });
    await api('PUT', 'merchant/fallback', { enabled: true, triggerCodes: [-141], messageKind: 'text', header: '', content: 'Mã xác thực của bạn là {{otp}}.' });

    // Zalo refuses the next ZNS with -141 (the user refused ZNS from this OA).
    const forced = await fetch(`${BASE_URL}/zalo-sandbox/_control/force-error`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/business/message/template', code: -141, count: 1 }) });
    assert.equal(forced.status, 200);
    const trackingId = `fallback-journey-${Date.now()}`;
    const sent = await fetch(`${BASE_URL}/api/v1/zns/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.secret },
      body: JSON.stringify({ phone: '0987000001', templateId: OTP_TEMPLATE_ID, templateData: { otp: '246810' }, trackingId }),
    });
    assert.equal(sent.status, 202, await sent.text());

    type Row = { id: string; status: string; fallbackMessageId: string | null; fallbackStatus: string | null; fallbackNote: string | null };
    let row: Row | undefined;
    for (let i = 0; i < 80; i += 1) {
      [row] = await api<Row[]>('GET', `merchant/zns/history?trackingId=${encodeURIComponent(trackingId)}`);
      if (row?.fallbackStatus === 'PUSHED_ZALO' || row?.fallbackStatus === 'RECEIVED') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(row?.fallbackMessageId, `no fallback: ${JSON.stringify(row)}`);
    assert.equal(row.status, 'ERROR_CALL_ZALO');
    assert.equal(row.fallbackNote, 'QUEUED');
    assert.ok(row.fallbackStatus === 'PUSHED_ZALO' || row.fallbackStatus === 'RECEIVED', `fallback status ${row.fallbackStatus}`);
    const [oaRow] = await api<Array<{ id: string; fallbackOf: string; messageData: { text: string } }>>('GET', `merchant/uid?trackingId=${encodeURIComponent(`fb:${row.id}`)}`);
    assert.deepEqual([oaRow?.id, oaRow?.fallbackOf, oaRow?.messageData.text], [row.fallbackMessageId, row.id, 'Mã xác thực của bạn là 246810.']);

    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/tenant/zns-service/history?tenantId=${tenant.id}`);
      await page.getByTestId('history-search-trackingId').fill(trackingId);
      await page.getByTestId('history-search').click();
      const line = page.locator('[data-testid=history-table] tbody tr.ant-table-row', { hasText: 'Lỗi gọi Zalo' }).first();
      await line.waitFor();
      await line.click();
      const fallback = page.getByTestId('history-fallback');
      await fallback.waitFor();
      assert.match(await fallback.innerText(), new RegExp(`Tin OA\\s+${row.fallbackMessageId.slice(0, 5)}…${row.fallbackMessageId.slice(-5)}[\\s\\S]*(Đã gửi tới Zalo|Đã nhận)`));
      await page.getByTestId('history-detail').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('fallback-history-vi') });
    } finally {
      await context.close();
    }
  });
});
