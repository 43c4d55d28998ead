// Campaign dispatch journey (issue 13 #5): an approved campaign's detail page shows live progress
// (realtime, no polling), the user cancels it halfway with confirmation, the released amount is shown and
// appears as a RELEASE in the wallet history; vi and en at 1440 and 390 px. The campaign is created and
// approved through the API (the intake journey covers those screens).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, launchBrowser, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, znsSendSetup } from './support/harness';

const OWNER = 'owner@demo.vn';
// Large enough to be still sending when the page opens at the default rate (CAMPAIGN_RATE_PER_SECOND 50).
const COUNT = 2_000;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const stat = async (page: Page, id: string) => Number((await page.getByTestId(id).locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));

describe('ZNS campaign dispatch journey', () => {
  it('shows live progress, cancels halfway, shows the released amount, which the wallet history lists; vi/en, 1440/390', { timeout: 300_000 }, async () => {
    const { session, tenant, api, key } = await znsSendSetup(OWNER, 'E2E dispatch key', 1_000_000);
    // Upload COUNT recipients and create the campaign.
    const csv = ['phone,otp', ...Array.from({ length: COUNT }, (_, i) => `098${String(1_000_000 + i).slice(-7)},${100000 + i}`)].join('\n');
    const form = new FormData();
    form.append('apiKeyId', key.id);
    form.append('znsTemplateId', SANDBOX_TEMPLATE_IDS.otp);
    form.append('mapping', JSON.stringify({ phone: 'phone', params: { otp: 'otp' } }));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'list.csv');
    const up = await fetch(`${BASE_URL}/api/merchant/campaign/upload`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}`, 'x-tenant-id': tenant.id }, body: form });
    assert.equal(up.status, 200, await up.clone().text());
    const upload = ((await up.json()) as { data: { id: string; validRows: number; status: string } }).data;
    for (let i = 0; i < 50; i += 1) {
      const u = await api<{ status: string; validRows: number }>('GET', `merchant/campaign/upload/${upload.id}`);
      if (u.status !== 'PROCESSING') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const created = await api<{ id: string; status: string }>('POST', 'merchant/campaign?name=' + encodeURIComponent('Chiến dịch gửi E2E'), { name: 'Chiến dịch gửi E2E', apiKeyId: key.id, uploadId: upload.id, startMode: 'IMMEDIATE', mode: 'production' });
    for (let i = 0; i < 3; i += 1) {
      const c = await api<{ status: string }>('GET', `merchant/campaign/${created.id}`);
      if (c.status !== 'PENDING') break;
      await api('PATCH', `merchant/campaign/approval/${created.id}`, { approval: true, comment: 'OK' });
    }
    const approved = await api<{ status: string; dispatchState: string | null }>('GET', `merchant/campaign/${created.id}`);
    console.log(`campaign ${created.id}: ${approved.status} / ${approved.dispatchState}`);
    const detailUrl = `${BASE_URL}/tenant/zns-service/campaign/${created.id}?tenantId=${tenant.id}`;

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(detailUrl);
      await page.getByTestId('campaign-detail').waitFor();
      // Live progress: the sent count grows on the page without a reload.
      const first = await stat(page, 'progress-sent');
      let now = first;
      for (let i = 0; i < 60 && now <= first; i += 1) {
        await new Promise((r) => setTimeout(r, 1_000));
        now = await stat(page, 'progress-sent');
      }
      if (now <= first) {
        await page.screenshot({ path: shot('campaign-detail-stuck'), fullPage: true });
        const c = await api<unknown>('GET', `merchant/campaign/${created.id}`);
        assert.fail(`the sent count did not grow on the page (${first} → ${now}): ${JSON.stringify(c)}`);
      }
      await settle(page);
      await page.screenshot({ path: shot('campaign-detail-vi'), fullPage: true });
      // Cancel halfway, confirmed; the released amount is shown.
      await page.getByTestId('campaign-cancel').click();
      const cancelAnswer = page.waitForResponse((r) => r.url().includes(`/campaign/cancel/${created.id}`), { timeout: 120_000 });
      const clickedAt = Date.now();
      await page.getByTestId('campaign-cancel-ok').click();
      const answer = await cancelAnswer;
      console.log(`cancel answered ${answer.status()} after ${Date.now() - clickedAt} ms`);
      assert.equal(answer.status(), 200, await answer.text());
      const released = page.locator('.ant-modal-confirm-content');
      await released.waitFor().catch(async (e: unknown) => {
        await page.screenshot({ path: shot('campaign-detail-cancel-no-modal'), fullPage: true });
        throw e;
      });
      const text = await released.innerText();
      assert.match(text, /Đã hoàn .*₫ về ví/);
      await page.screenshot({ path: shot('campaign-detail-cancelled-vi'), fullPage: true });
      await page.locator('.ant-modal-confirm-btns button').click();
      const after = await api<{ status: string; counts: { sent: number; cancelled: number }; money: { released: number } }>('GET', `merchant/campaign/${created.id}`);
      assert.equal(after.status, 'CANCELLED');
      assert.ok(after.counts.cancelled > 0 && after.money.released > 0, JSON.stringify(after));
      // The wallet history lists the RELEASE of that amount (among the per-message HOLD_REFUND entries of the same moment).
      const history = await api<Array<{ reason: string; value: number }>>('GET', 'merchant/billing/tenant-balance-history?page=1&size=1000');
      assert.ok(history.some((e) => e.reason === 'RELEASE' && e.value === after.money.released), 'the wallet history lists the release');
      await page.getByTestId('campaign-released').filter({ hasText: '₫' }).waitFor();
      // en and the phone width.
      await page.setViewportSize(PHONE);
      await settle(page);
      await noSidewaysScroll(page, 'campaign detail vi');
      await page.screenshot({ path: shot('campaign-detail-vi-phone'), fullPage: true });
      await setLanguage(page, 'en');
      await page.getByText('Sending history').waitFor();
      await noSidewaysScroll(page, 'campaign detail en');
      await page.screenshot({ path: shot('campaign-detail-en-phone'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await settle(page);
      await page.screenshot({ path: shot('campaign-detail-en'), fullPage: true });
      await setLanguage(page, 'vi');
    } finally {
      await context.close();
    }
  });
});
