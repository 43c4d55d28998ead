// Template authoring journey (issue 13 #7): the owner composes a ZNS template in the console — a
// title, a paragraph with two params, a table and a URL button — sees the live preview fill in the
// samples, saves a draft, submits it (no workflow: approved at once), and the template goes to the
// sandbox's /template/create; the sandbox control approves it at Zalo and the page shows ENABLE live
// (no reload). A second template is rejected at Zalo with a reason, which the page shows live. The
// page and the editor are shot in vi and en at 1440 and 390 px (no sideways scrolling).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const SANDBOX = `${BASE_URL}/zalo-sandbox/_control`;
const TEXTS = {
  vi: { enabled: 'Trên Zalo: Đang hoạt động', pending: 'Trên Zalo: Chờ duyệt', rejected: 'Trên Zalo: Bị từ chối', saved: 'Đã lưu bản nháp' },
  en: { enabled: 'Zalo: Enabled', pending: 'Zalo: Pending review' },
};

interface Req {
  id: string;
  name: string;
  status: string;
  zaloStatus: string | null;
  znsTemplateId: string | null;
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function control(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${SANDBOX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `sandbox control ${path}`);
}

async function waitFor<T>(what: string, read: () => Promise<T | null | undefined>, ms = 30_000): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const v = await read();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

async function compose(page: Page, name: string): Promise<void> {
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-name').waitFor();
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-oa').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByTestId('body-0-value').fill('Đơn hàng đã được xác nhận');
  await page.getByTestId('body-1-value').fill('Chào <customer_name>, đơn <order_code> của bạn đã được xác nhận.');
  // A table, from the body's Add menu (keyboard: Enter opens the menu, the item is a menu entry).
  await page.getByTestId('add-body').click();
  await page.getByTestId('add-body-TABLE').click();
  await page.getByTestId('body-2-row-0-title').fill('Mã đơn');
  await page.getByTestId('body-2-row-0-value').fill('<order_code>');
  await page.getByTestId('body-2-row-1-title').fill('Trạng thái');
  await page.getByTestId('body-2-row-1-value').fill('Đã xác nhận');
  await page.getByTestId('add-footer').click();
  await page.getByTestId('add-footer-BUTTONS').click();
  await page.getByTestId('footer-0-button-0-title').fill('Xem đơn hàng');
  await page.getByTestId('footer-0-button-0-content').fill('https://shop.example.vn/orders');
  // The two params were detected from the text; their samples fill the preview.
  await page.getByTestId('param-customer_name-sample').fill('Nguyễn An');
  await page.getByTestId('param-order_code-sample').fill('DH0001');
  const preview = page.getByTestId('template-preview');
  await preview.getByText('Chào Nguyễn An, đơn DH0001 của bạn đã được xác nhận.').waitFor();
  await preview.getByText('Xem đơn hàng').waitFor();
}

describe('template authoring journey', () => {
  it('compose, preview, draft, submit, approved at Zalo live; a rejection with its reason; vi/en at 1440 and 390 px', { timeout: 300_000 }, async () => {
    const owner = await loadApiSession(OWNER);
    const tenant = owner.tenants.find((t) => t.znsService && t.oaService);
    assert.ok(tenant, 'the demo tenant with ZNS exists');
    const ownerApi = tenantApi(owner, tenant.id);
    // No reviewers: the owner's own submission is approved at once and handed to Zalo.
    await ownerApi('DELETE', 'merchant/approval-workflow/ZNS_TEMPLATE').catch(() => undefined);
    const findByName = async (name: string) => (await ownerApi<Req[]>('GET', 'merchant/template/new?size=100')).find((r) => r.name === name);

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      const url = `${BASE_URL}/tenant/zns-service/template-management?tenantId=${tenant.id}`;
      await page.goto(url);
      await settle(page);
      if ((await page.evaluate(() => document.documentElement.lang)) !== 'vi') await setLanguage(page, 'vi');

      const name = `Xác nhận đơn ${Date.now().toString(36)}`;
      await compose(page, name);
      await page.screenshot({ path: shot('template-authoring-editor-vi') });
      // A broken rule is named before anything is sent: an empty button label.
      await page.getByTestId('footer-0-button-0-title').fill('');
      await page.getByTestId('template-submit').click();
      await page.getByTestId('template-issues').waitFor();
      assert.match((await page.getByTestId('template-issues').textContent()) ?? '', /Nhãn nút/);
      await page.getByTestId('footer-0-button-0-title').fill('Xem đơn hàng');

      await page.getByTestId('template-save-draft').click();
      await page.getByText(TEXTS.vi.saved).first().waitFor();
      const draft = await waitFor('the draft', async () => {
        const r = await findByName(name);
        return r?.status === 'DRAFT' ? r : null;
      });
      // The editor at the phone width: the preview below the form, no sideways scrolling.
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'template editor vi');
      await page.screenshot({ path: shot('template-authoring-editor-vi-phone'), fullPage: true });
      // Stacked: the preview follows the form.
      await page.getByTestId('template-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('template-authoring-preview-vi-phone') });
      await page.setViewportSize(DESKTOP);

      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).templateJourney = 'still here';
      });
      await page.getByTestId('template-submit').click();
      await page.getByTestId('template-name').waitFor({ state: 'detached', timeout: 15_000 });
      const submitted = await waitFor('submitted to Zalo', async () => {
        const r = await findByName(name);
        return r?.zaloStatus === 'PENDING_REVIEW' && r.znsTemplateId ? r : null;
      });
      assert.equal(submitted.id, draft.id, 'the draft became the request');
      const zaloStatus = page.getByTestId(`template-zalo-status-${submitted.id}`);
      await zaloStatus.filter({ hasText: TEXTS.vi.pending }).waitFor({ timeout: 20_000 });

      // Zalo approves it (sandbox control → signed change_template_status) → ENABLE, live.
      await control(`/templates/${submitted.znsTemplateId}/status`, { status: 'ENABLE' });
      await waitFor('ENABLE recorded from the webhook', async () => ((await findByName(name))?.zaloStatus === 'ENABLE' ? true : null), 20_000).catch(async (e: unknown) => {
        const log = await (await fetch(`${SANDBOX}/webhooks/log`)).text();
        throw new Error(`${String(e)}; sandbox webhook log: ${log.slice(-1500)}`);
      });
      await zaloStatus.filter({ hasText: TEXTS.vi.enabled }).waitFor({ timeout: 20_000 });
      assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).templateJourney), 'still here', 'shown live, no reload');
      await page.screenshot({ path: shot('template-authoring-enabled-vi'), fullPage: true });

      // A second template, rejected at Zalo with a reason: the reason shows live.
      const rejectedName = `Nhắc lịch hẹn ${Date.now().toString(36)}`;
      await compose(page, rejectedName);
      await page.getByTestId('template-submit').click();
      await page.getByTestId('template-name').waitFor({ state: 'detached', timeout: 15_000 });
      const second = await waitFor('second submitted', async () => {
        const r = await findByName(rejectedName);
        return r?.znsTemplateId ? r : null;
      });
      const reason = 'Nội dung chưa rõ mục đích gửi';
      await control(`/templates/${second.znsTemplateId}/status`, { status: 'REJECT', reason });
      await page.getByTestId(`template-reason-${second.id}`).filter({ hasText: reason }).waitFor({ timeout: 20_000 });
      await page.getByTestId(`template-zalo-status-${second.id}`).filter({ hasText: TEXTS.vi.rejected }).waitFor();
      // Rejected at Zalo: editable again (it will go to /template/edit).
      await page.getByTestId(`template-edit-${second.id}`).waitFor();
      await page.screenshot({ path: shot('template-authoring-rejected-vi'), fullPage: true });
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'template management vi');
      await page.screenshot({ path: shot('template-authoring-list-vi-phone'), fullPage: true });

      // English, both widths.
      await page.setViewportSize(DESKTOP);
      await setLanguage(page, 'en');
      await page.getByTestId(`template-zalo-status-${submitted.id}`).filter({ hasText: TEXTS.en.enabled }).waitFor();
      await page.screenshot({ path: shot('template-authoring-list-en'), fullPage: true });
      await page.getByTestId('template-new').click();
      await page.getByTestId('template-name').waitFor();
      await page.waitForTimeout(600); // the drawer's opening animation
      await page.screenshot({ path: shot('template-authoring-editor-en') });
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'template editor en');
      await page.screenshot({ path: shot('template-authoring-editor-en-phone'), fullPage: true });
      await page.keyboard.press('Escape');
      await settle(page);
      await noSidewaysScroll(page, 'template management en');
      await page.screenshot({ path: shot('template-authoring-list-en-phone'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await setLanguage(page, 'vi');
    } finally {
      await context.close();
    }
  });
});
