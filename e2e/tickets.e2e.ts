// Tickets journey (issue 11 #5): the owner sets a short SLA (round the clock, urgent first response
// in 1 business minute, warned 30 minutes ahead), raises an urgent ticket from the tickets page and
// watches its detail: the SLA watcher's warning turns the ticket amber within seconds and its breach
// red about a minute later — live, through the ticket.sla_* events, without a reload. The bell is
// checked for the ticket when the notifications module announces it. A comment with an @mention and
// a status move land in the comments and the history; delete asks for confirmation. The list, the
// detail and the SLA tab are shot in vi and en at 1440 and 390 px, without sideways scrolling.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function noEnglishLeft(page: Page, what: string): Promise<void> {
  const text = await page.locator('main, .ant-layout-content').first().innerText();
  for (const word of ['Ticket', 'Priority', 'Assignee', 'Comments', 'History', 'Due', 'Status']) assert.ok(!new RegExp(`\\b${word}\\b`).test(text), `${what}: "${word}" left in English`);
}

describe('tickets journey', () => {
  it('raises a ticket, sees its SLA warning then its breach live; comments, history, confirmation; vi/en at 1440 and 390', { timeout: 400_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants[0];
    assert.ok(tenant, 'the owner has a tenant');
    const api = tenantApi(session, tenant.id);
    const one = { firstResponseMinutes: 1, resolutionMinutes: 3 };
    await api('PATCH', 'merchant/setting/tenant/sla', {
      timezone: 'Asia/Ho_Chi_Minh',
      businessHours: { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00' },
      warnBeforeMinutes: 30,
      targets: { LOW: one, MEDIUM: one, HIGH: one, URGENT: one },
    });
    const listUrl = `${BASE_URL}/tenant/my-task/tickets?tenantId=${tenant.id}`;
    const title = `Không gửi được tin ZNS ${Date.now().toString(36)}`;

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(listUrl);
      await settle(page);
      await page.getByTestId('ticket-create').click();
      await page.getByTestId('ticket-title').fill(title);
      await page.getByTestId('ticket-description').fill('Khách hàng báo không nhận được tin xác nhận đơn hàng.');
      // MEDIUM is preselected: two steps down is URGENT (the keyboard does not race the dropdown's animation).
      await page.getByTestId('ticket-priority').click();
      await page.locator('.ant-select-dropdown .ant-select-item-option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByTestId('ticket-priority').locator('[title="Khẩn cấp"]').waitFor();
      await page.screenshot({ path: shot('tickets-create-vi') });
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.waitForURL(/\/tenant\/my-task\/tickets\/[0-9a-f-]{36}/, { timeout: 15_000 });
      await settle(page);
      const created = Date.now();
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).ticketsJourney = 'still here';
      });

      // The warning: the watcher (every 5 s) announces it, the page refetches on the event.
      await page.waitForFunction(() => document.querySelector('[data-testid=ticket-sla-state]')?.getAttribute('data-state') === 'warning', undefined, { timeout: 30_000 });
      console.log(`tickets journey: warning shown ${Date.now() - created} ms after creation`);
      await page.getByTestId('ticket-sla-alert').waitFor();
      await page.screenshot({ path: shot('tickets-detail-warning-vi'), fullPage: true });

      // A comment with an @mention, and a status move: both in the history and the comments.
      const input = page.locator('[data-testid=ticket-comment-input] textarea, textarea[data-testid=ticket-comment-input]').first();
      await input.fill('Đang kiểm tra với Zalo, ');
      await input.pressSequentially('@Nguy');
      await page.locator('.ant-mentions-dropdown-menu-item').first().click();
      await page.getByTestId('ticket-comment-send').click();
      await page.getByTestId('ticket-comment').first().waitFor();
      assert.match(await page.getByTestId('ticket-comment').first().innerText(), /@Nguyễn Văn Chủ/);
      await page.getByTestId('ticket-move-INPROGRESS').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=ticket-status]')?.textContent === 'Đang xử lý', undefined, { timeout: 15_000 });
      await page.getByTestId('ticket-history').getByText('Đang xử lý').first().waitFor();

      // The breach (resolution due 3 minutes after creation would be long: the first response was
      // answered by the status move, so look at the list's ticket for the breach of a second ticket).
      const second = await api<{ id: string; number: number }>('POST', 'merchant/ticket', { title: `${title} (2)`, priority: 'URGENT' });
      await page.goto(`${BASE_URL}/tenant/my-task/tickets/${second.id}?tenantId=${tenant.id}`);
      await settle(page);
      const secondAt = Date.now();
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).ticketsJourney = 'still here';
      });
      await page.waitForFunction(() => document.querySelector('[data-testid=ticket-sla-state]')?.getAttribute('data-state') === 'breached', undefined, { timeout: 120_000 });
      console.log(`tickets journey: breach shown ${Date.now() - secondAt} ms after the second ticket was raised (first response due after 60 s)`);
      assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).ticketsJourney), 'still here', 'no reload');
      assert.equal(await page.getByTestId('ticket-first-response-due').getAttribute('data-state'), 'breached');
      await page.screenshot({ path: shot('tickets-detail-breached-vi'), fullPage: true });
      await noEnglishLeft(page, 'detail vi');

      // The bell, when the notifications module tells about SLA warnings.
      const bell = page.getByTestId('notification-bell');
      if ((await bell.count()) > 0) {
        await bell.click();
        const item = page.getByTestId('notification-popover').getByText(`${title} (2)`).first();
        const seen = await item.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        console.log(`tickets journey: bell shows the ticket: ${seen}`);
        if (seen) await page.screenshot({ path: shot('tickets-bell-vi') });
        await page.keyboard.press('Escape');
      }

      // Delete asks first; cancelling keeps the ticket.
      await page.getByTestId('ticket-delete').click();
      await page.locator('.ant-popconfirm').waitFor();
      await page.locator('.ant-popconfirm .ant-btn').first().click();
      assert.equal(await page.getByTestId('ticket-info').count(), 1, 'the ticket is still there');

      await page.goto(listUrl);
      await settle(page);
      await page.getByTestId(`ticket-link-${second.number}`).waitFor();
      assert.equal(await page.getByTestId(`ticket-due-${second.number}`).getAttribute('data-state'), 'breached');
      await page.screenshot({ path: shot('tickets-list-vi'), fullPage: true });
      await noEnglishLeft(page, 'list vi');
      await page.goto(`${BASE_URL}/tenant/settings/sla?tenantId=${tenant.id}`);
      await settle(page);
      await page.getByTestId('sla-form').waitFor();
      await page.screenshot({ path: shot('tickets-sla-vi'), fullPage: true });

      await setLanguage(page, 'en');
      await settle(page);
      await page.screenshot({ path: shot('tickets-sla-en'), fullPage: true });
      await page.goto(listUrl);
      await settle(page);
      await page.screenshot({ path: shot('tickets-list-en'), fullPage: true });
      await page.goto(`${BASE_URL}/tenant/my-task/tickets/${second.id}?tenantId=${tenant.id}`);
      await settle(page);
      await page.getByText('SLA breached').first().waitFor();
      await page.screenshot({ path: shot('tickets-detail-en'), fullPage: true });
    } finally {
      await context.close();
    }

    const phone = await browser.newContext({ locale: 'vi-VN', viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    try {
      await signIn(p, OWNER);
      for (const lng of ['vi', 'en'] as const) {
        if (lng === 'en') await setLanguage(p, 'en');
        await p.goto(listUrl);
        await settle(p);
        await p.getByTestId('tickets-table').waitFor();
        await noSidewaysScroll(p, `list ${lng}`);
        await p.screenshot({ path: shot(`tickets-list-390-${lng}`), fullPage: true });
        await p.locator('[data-testid^=ticket-link-]').first().click();
        await p.getByTestId('ticket-info').waitFor();
        await settle(p);
        await noSidewaysScroll(p, `detail ${lng}`);
        await p.screenshot({ path: shot(`tickets-detail-390-${lng}`), fullPage: true });
        await p.goto(`${BASE_URL}/tenant/settings/sla?tenantId=${tenant.id}`);
        await settle(p);
        await p.getByTestId('sla-form').waitFor();
        await noSidewaysScroll(p, `sla ${lng}`);
        await p.screenshot({ path: shot(`tickets-sla-390-${lng}`), fullPage: true });
      }
    } finally {
      await phone.close();
    }
  });
});
