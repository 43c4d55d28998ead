// Approvals journey (issue 11 #1–#3): the owner sets a two-approver workflow for ZNS template
// requests (the moderator first, then the owner); the marketing user submits a template request;
// the moderator's Requests badge appears live (no reload), the moderator approves with the note the
// §5 modal prefills; the owner's badge follows live, the owner tries to reject without a note (§5
// 'please input note'), then rejects with one; the creator sees the red timeline (§4) and, through
// the header bell, the rejection notification. The list, detail and workflow pages are shot in vi and
// en at 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';

const OWNER = 'owner@demo.vn';
const MODERATOR = 'moderator@demo.vn';
const MARKETING = 'marketing@demo.vn';
const DESKTOP = { width: 1440, height: 900 };
const TEXTS = {
  vi: { approvedWord: 'Đồng ý', noteRequired: 'Vui lòng nhập ghi chú', declined: 'Từ chối', approved: 'Đã duyệt', workflowTitle: 'Cài đặt quy trình' },
  en: { approvedWord: 'Approved', noteRequired: 'Please input note', declined: 'Declined', approved: 'Approved', workflowTitle: 'Workflow settings' },
};

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** The Requests item's unread count in the sidebar (0 when no badge is drawn). */
async function requestsBadge(page: Page): Promise<number> {
  return page.evaluate(() => {
    const badge = document.querySelector('[data-testid=shell-menu] [data-testid=menu-badge-task-requests]');
    const text = badge?.querySelector('.ant-scroll-number')?.getAttribute('title') ?? badge?.textContent ?? '';
    const n = Number.parseInt(text.replace(/\D+/g, ''), 10);
    return Number.isFinite(n) ? n : 0;
  });
}

async function waitForBadgeAbove(page: Page, count: number, what: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    const now = await requestsBadge(page);
    if (now > count) {
      console.log(`approvals journey: ${what} badge ${count} → ${now} after ${Date.now() - started} ms`);
      return now;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`${what}: the Requests badge did not rise above ${count} within 20 s`);
}

async function markReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).approvalsJourney = 'still here';
  });
}

async function assertNoReload(page: Page, what: string): Promise<void> {
  assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).approvalsJourney), 'still here', `${what}: no reload`);
}

async function openTask(page: Page, tenantId: string, name: string): Promise<void> {
  await page.goto(`${BASE_URL}/tenant/my-task/requests?tenantId=${tenantId}`);
  await settle(page);
  const row = page.locator('[data-testid=tasks-table] tr.ant-table-row').filter({ hasText: name }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await page.waitForURL((url) => url.pathname.startsWith('/tenant/my-task/requests/'), { timeout: 15_000 });
  await page.getByTestId('task-timeline').waitFor();
  await settle(page);
}

async function labelOf(page: Page, index: number): Promise<{ label: string | null; colour: string }> {
  const el = page.getByTestId(`timeline-label-${index}`);
  return { label: await el.getAttribute('data-label'), colour: await el.evaluate((node) => getComputedStyle(node).color) };
}

describe('approvals journey', () => {
  it('two approvers: live badges, approve with the prefilled note, reject with a required note, red timeline and notification for the creator', { timeout: 420_000 }, async () => {
    const owner = await loadApiSession(OWNER);
    const tenant = owner.tenants.find((t) => t.znsService && t.oaService);
    assert.ok(tenant, 'the demo tenant with ZNS exists');
    const ownerApi = tenantApi(owner, tenant.id);
    const moderator = await loadApiSession(MODERATOR);
    const marketing = await loadApiSession(MARKETING);
    const marketingApi = tenantApi(marketing, tenant.id);
    const ownerMe = await ownerApi<{ id: string }>('GET', 'auth');
    const moderatorMe = await tenantApi(moderator, tenant.id)<{ id: string }>('GET', 'auth');
    const oas = await ownerApi<Array<{ id: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    // The sandbox's main OA: the content journey may have connected another one to this tenant.
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa, 'the demo tenant has its sandbox OA');

    // The moderator decides first, then the owner (tenant-wide workflow).
    await ownerApi('PUT', 'merchant/approval-workflow', { kind: 'ZNS_TEMPLATE', teamId: null, approverIds: [moderatorMe.id, ownerMe.id] });

    const modContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const ownerContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const mktContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const mod = await modContext.newPage();
    const own = await ownerContext.newPage();
    const mkt = await mktContext.newPage();
    try {
      await signIn(mod, MODERATOR);
      // On the requests page the My tasks group is open, so the item's own badge is drawn.
      await mod.goto(`${BASE_URL}/tenant/my-task/requests?tenantId=${tenant.id}`);
      await mod.getByTestId('shell-menu').locator('[data-menu-key=task-requests]').waitFor({ state: 'attached', timeout: 20_000 });
      await settle(mod);
      await signIn(own, OWNER);
      await own.goto(`${BASE_URL}/tenant/my-task/requests?tenantId=${tenant.id}`);
      await own.getByTestId('shell-menu').locator('[data-menu-key=task-requests]').waitFor({ state: 'attached', timeout: 20_000 });
      await settle(own);
      await signIn(mkt, MARKETING);
      await mkt.goto(`${BASE_URL}/tenant/zns-service/template-management?tenantId=${tenant.id}`);
      await settle(mkt);
      const bellBefore = Number((await mkt.getByTestId('notification-bell').getAttribute('data-unread').catch(() => '0')) ?? '0');

      const modBefore = await requestsBadge(mod);
      const ownBefore = await requestsBadge(own);
      await markReload(mod);
      await markReload(own);

      // The marketing user submits a template request: it goes to review.
      const name = `journey_${Date.now().toString(36)}`;
      await marketingApi('POST', 'merchant/template/new', {
        zaloOAId: oa.id,
        name,
        templateType: 1,
        tag: 'TRANSACTION',
        content: 'Xin chào <customer_name>, đơn hàng <order_code> đã được xác nhận.',
        params: [
          { name: 'customer_name', type: 1, sample: 'An' },
          { name: 'order_code', type: 4, sample: 'DH001' },
        ],
        note: 'approvals journey',
      });

      // First approver: the badge rises live.
      await waitForBadgeAbove(mod, modBefore, 'moderator');
      await assertNoReload(mod, 'moderator');
      await mod.screenshot({ path: shot('approvals-badge-moderator-vi') });
      // The owner is second: the server decides whether a later approver already counts the task as unread.
      const ownAtSubmission = await requestsBadge(own);
      if (ownAtSubmission > ownBefore) console.log('approvals journey: the second approver counts the task unread before the first decides');

      await openTask(mod, tenant.id, name);
      assert.equal((await labelOf(mod, 0)).label, 'inProgress');
      assert.equal((await labelOf(mod, 1)).label, 'pending');
      await mod.screenshot({ path: shot('approvals-detail-moderator-vi'), fullPage: true });
      await mod.getByTestId('task-approve').click();
      const note = mod.getByTestId('decision-note');
      await note.waitFor();
      assert.equal(await note.inputValue(), TEXTS.vi.approvedWord, '§5: approving prefills the word for approval');
      await mod.getByTestId('decision-submit').click();
      await mod.locator('.ant-message-success').waitFor({ timeout: 15_000 });
      await note.waitFor({ state: 'hidden' });
      await mod.waitForFunction(() => document.querySelector('[data-testid=timeline-label-0]')?.getAttribute('data-label') === 'approved', undefined, { timeout: 15_000 });
      assert.equal(await mod.getByTestId('task-approve').count(), 0, 'no second decision for the moderator');

      // Second approver: the badge shows the task (live, without a reload).
      await waitForBadgeAbove(own, ownBefore, 'owner');
      await assertNoReload(own, 'owner');
      await openTask(own, tenant.id, name);
      assert.equal((await labelOf(own, 0)).label, 'approved');
      assert.equal((await labelOf(own, 1)).label, 'inProgress');
      await own.getByTestId('task-reject').click();
      const rejectNote = own.getByTestId('decision-note');
      await rejectNote.waitFor();
      assert.equal(await rejectNote.inputValue(), '', '§5: rejecting starts with an empty note');
      await own.getByTestId('decision-submit').click();
      await own.getByText(TEXTS.vi.noteRequired).waitFor({ timeout: 5_000 });
      await own.screenshot({ path: shot('approvals-reject-note-required-vi') });
      await rejectNote.fill('Nội dung chưa đúng mẫu, vui lòng sửa lại.');
      await own.getByTestId('decision-submit').click();
      await own.locator('.ant-message-success').waitFor({ timeout: 15_000 });
      await own.waitForFunction(() => document.querySelector('[data-testid=timeline-label-1]')?.getAttribute('data-label') === 'declined', undefined, { timeout: 15_000 });

      // The creator: red timeline, and the rejection in the bell.
      await openTask(mkt, tenant.id, name);
      const first = await labelOf(mkt, 0);
      const second = await labelOf(mkt, 1);
      assert.equal(first.label, 'approved');
      assert.equal(second.label, 'declined');
      assert.equal(second.colour, 'rgb(207, 19, 34)', '§4: declined shows red');
      assert.equal(first.colour, 'rgb(56, 158, 13)', '§4: approved shows green');
      assert.equal(await mkt.getByTestId('task-approve').count(), 0, 'the creator has no decision to make');
      await mkt.getByTestId('timeline-comment-1').hover();
      await mkt.getByText('Nội dung chưa đúng mẫu').first().waitFor({ timeout: 5_000 });
      await mkt.screenshot({ path: shot('approvals-detail-creator-vi'), fullPage: true });
      const bell = mkt.getByTestId('notification-bell');
      if ((await bell.count()) > 0) {
        await mkt.waitForFunction((n) => Number(document.querySelector('[data-testid=notification-bell]')?.getAttribute('data-unread') ?? '0') > n, bellBefore, { timeout: 20_000 });
        await bell.click();
        await mkt.getByTestId('notification-popover').getByTestId('notification-item').filter({ hasText: name }).first().waitFor({ timeout: 15_000 });
        await mkt.screenshot({ path: shot('approvals-creator-notification-vi') });
        await mkt.keyboard.press('Escape');
      }

      // The template management page (the owner lists requests; marketing may only send them) shows the request's review, linked to it.
      await own.goto(`${BASE_URL}/tenant/zns-service/template-management?tenantId=${tenant.id}`);
      await settle(own);
      const reviewLink = own.locator('[data-testid^=template-request-task-]').filter({ hasText: TEXTS.vi.declined }).first();
      await reviewLink.waitFor({ timeout: 10_000 });
      await own.screenshot({ path: shot('approvals-template-management-vi') });
      await reviewLink.click();
      await own.getByTestId('task-timeline').waitFor();

      // Screens in both languages at both widths.
      for (const lng of ['vi', 'en'] as const) {
        await setLanguage(mkt, lng);
        for (const [width, viewport] of [
          ['1440', DESKTOP],
          ['390', PHONE],
        ] as const) {
          await mkt.setViewportSize(viewport);
          await openTask(mkt, tenant.id, name);
          await mkt.getByText(TEXTS[lng].workflowTitle).first().waitFor();
          await mkt.screenshot({ path: shot(`approvals-detail-${lng}-${width}`), fullPage: true });
          if (width === '390') await noSidewaysScroll(mkt, `detail ${lng}`);
          await mkt.goto(`${BASE_URL}/tenant/my-task/requests?tenantId=${tenant.id}`);
          await mkt.locator('[data-testid=tasks-table] tr.ant-table-row').filter({ hasText: name }).first().waitFor({ timeout: 15_000 });
          await settle(mkt);
          await mkt.screenshot({ path: shot(`approvals-list-${lng}-${width}`), fullPage: true });
          if (width === '390') await noSidewaysScroll(mkt, `list ${lng}`);
        }
        await mkt.setViewportSize(DESKTOP);
      }
      for (const lng of ['vi', 'en'] as const) {
        await setLanguage(own, lng);
        for (const [width, viewport] of [
          ['1440', DESKTOP],
          ['390', PHONE],
        ] as const) {
          await own.setViewportSize(viewport);
          await own.goto(`${BASE_URL}/tenant/settings/workflow?tenantId=${tenant.id}`);
          await own.getByTestId('workflow-ZNS_TEMPLATE').waitFor();
          await settle(own);
          await own.screenshot({ path: shot(`approvals-workflow-${lng}-${width}`), fullPage: true });
          if (width === '390') await noSidewaysScroll(own, `workflow ${lng}`);
        }
      }
      // The workflow page shows the approvers in order and reorders them with the keyboard.
      await own.setViewportSize(DESKTOP);
      const card = own.getByTestId('workflow-ZNS_TEMPLATE');
      assert.match(await card.getByTestId('workflow-ZNS_TEMPLATE-approver-0').innerText(), /Lê Văn Kiểm Duyệt/);
      await card.getByTestId('workflow-ZNS_TEMPLATE-approver-1').focus();
      await own.keyboard.press('Alt+ArrowUp');
      assert.match(await card.getByTestId('workflow-ZNS_TEMPLATE-approver-0').innerText(), /Nguyễn Văn Chủ/);
      await card.getByTestId('workflow-ZNS_TEMPLATE-save').click();
      await own.locator('.ant-message-success').waitFor({ timeout: 10_000 });
      const saved = await ownerApi<Array<{ kind: string; approvers: Array<{ id: string }> }>>('GET', 'merchant/approval-workflow');
      assert.deepEqual(saved.find((w) => w.kind === 'ZNS_TEMPLATE')?.approvers.map((a) => a.id), [ownerMe.id, moderatorMe.id], 'the new order is saved');
    } finally {
      // Later journeys submit template requests without reviewers.
      await ownerApi('DELETE', 'merchant/approval-workflow/ZNS_TEMPLATE').catch(() => undefined);
      await modContext.close();
      await ownerContext.close();
      await mktContext.close();
    }
  });
});
