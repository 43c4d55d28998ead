// OA chat journey (issue 15): two agents of 'Shop An Nhiên' — the admin (Trần Thị Quản Trị) and the
// moderator — keep the inbox open in two browsers. A follower of the demo OA writes through the
// sandbox's control API: the conversation appears in both inboxes live (no reload). The admin opens it
// and assigns it to herself; the moderator's inbox shows the assignee, and once she opens the same
// conversation she sees the admin there (presence marker). The admin replies with an uploaded image,
// which reaches both browsers and turns received/seen from the sandbox's receipts; the follower's
// answer (a text, then a photo the sandbox serves) arrives live in both. The inbox and the
// conversation are shot in vi and en at 1440 and 390 px, without sideways scrolling on the phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, setLanguage, settle, shot, signIn, tenantApi } from './support/harness';

const AGENT_A = 'admin@demo.vn';
const AGENT_A_NAME = 'Trần Thị Quản Trị';
const AGENT_B = 'moderator@demo.vn';
const SANDBOX = `${BASE_URL}/zalo-sandbox/_control`;
/** Words of the chat page that must not stay in English on the vi page. */
const ENGLISH = ['Unassigned', 'Assign', 'Send', 'Search', 'Inbox', 'Internal note'];

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function sandbox(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${SANDBOX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  assert.equal(res.status, 200, `sandbox ${path}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).oaChatJourney = 'still here';
  });
}

async function assertNoReload(page: Page, what: string): Promise<void> {
  assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).oaChatJourney), 'still here', `${what}: no reload`);
}

/** The follower's row in this page's inbox. */
const rowOf = (page: Page, name: string) => page.locator('[data-testid=chat-conversation-row]', { has: page.locator('[data-testid=chat-row-name]', { hasText: name }) });

/** Waits until a message containing `text` shows in the open conversation; answers how long it took. */
async function waitForMessage(page: Page, direction: 'IN' | 'OUT', text: string | null, kind?: string): Promise<number> {
  const started = Date.now();
  const sel = `[data-testid=chat-messages] [data-testid=chat-message][data-direction=${direction}]${kind ? `[data-kind=${kind}]` : ''}`;
  const loc = text ? page.locator(sel, { hasText: text }) : page.locator(sel);
  await loc.last().waitFor({ timeout: 20_000 });
  return Date.now() - started;
}

async function openInbox(context: BrowserContext, email: string, url: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(url);
  await settle(page);
  await page.getByTestId('chat-list').waitFor({ timeout: 20_000 });
  return page;
}

async function noEnglishLeft(page: Page, what: string): Promise<void> {
  const text = await page.locator('main, .ant-layout-content').first().innerText();
  for (const word of ENGLISH) assert.ok(!new RegExp(`\\b${word}\\b`).test(text), `${what}: "${word}" left in English`);
}

describe('OA chat journey', () => {
  it('two agents see a follower’s message live; one assigns it to herself and replies with an image; the other sees the marker; the answer arrives', { timeout: 420_000 }, async () => {
    const session = await loadApiSession(AGENT_A);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant, 'the demo OA tenant exists');
    const api = tenantApi(session, tenant.id);
    const oas = await api<Array<{ id: string; name: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID);
    assert.ok(oa, 'Shop An Nhiên has the sandbox OA');
    // Synced followers give the conversation its name, avatar and phone.
    await api('POST', 'merchant/oa-user/sync', { zaloOAId: oa.id });
    const followers = await api<Array<{ userId: string; displayName: string; userIsFollower: boolean }>>('GET', `merchant/oa-user/getlist?zaloOAId=${oa.id}&size=100&page=2`);
    const existing = await api<Array<{ userId: string; displayName: string }>>('GET', `merchant/chat/conversations?zaloOAId=${oa.id}&status=ALL&size=100`);
    const busy = new Set(existing.flatMap((c) => [c.userId, c.displayName]));
    const names = new Map<string, number>();
    for (const f of followers) names.set(f.displayName, (names.get(f.displayName) ?? 0) + 1);
    // A follower nobody has chatted with yet, with a name no other follower on the page or conversation carries.
    const follower = followers.find((f) => f.userIsFollower && !busy.has(f.userId) && !busy.has(f.displayName) && names.get(f.displayName) === 1);
    assert.ok(follower, 'a follower of the demo OA without a conversation');
    const stamp = Date.now().toString(36).slice(-5);
    const firstText = `Chào shop, áo len còn size M không ạ? (${stamp})`;
    const replyText = `Đẹp quá, mình lấy cái này nhé (${stamp})`;
    const url = `${BASE_URL}/tenant/zalo-oa/chat?tenantId=${tenant.id}`;

    const contextA = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const contextB = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    let conversationId: string | null = null;
    try {
      const a = await openInbox(contextA, AGENT_A, url);
      const b = await openInbox(contextB, AGENT_B, url);
      await markNoReload(a);
      await markNoReload(b);

      // The follower writes: both inboxes show it without a reload.
      const wrote = Date.now();
      await sandbox('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: follower.userId, text: firstText });
      await Promise.all([rowOf(a, follower.displayName).waitFor({ timeout: 20_000 }), rowOf(b, follower.displayName).waitFor({ timeout: 20_000 })]);
      console.log(`oa-chat journey: the follower's message in both inboxes ${Date.now() - wrote} ms after the sandbox sent it`);
      await rowOf(b, follower.displayName).getByTestId('chat-row-unread').waitFor({ timeout: 10_000 });
      assert.match(await rowOf(b, follower.displayName).getByTestId('chat-row-preview').innerText(), new RegExp(stamp));
      await a.screenshot({ path: shot('oa-chat-inbox-new-vi') });

      // Agent A opens it and assigns it to herself.
      await rowOf(a, follower.displayName).click();
      await a.getByTestId('chat-conversation').waitFor({ timeout: 20_000 });
      await waitForMessage(a, 'IN', stamp);
      conversationId = await rowOf(a, follower.displayName).getAttribute('data-id');
      assert.ok(conversationId, 'the row carries its conversation id');
      await a.getByTestId('chat-assign').click();
      await a.getByTestId('chat-assign-me').click();
      await a.waitForFunction((name) => document.querySelector('[data-testid=chat-assign]')?.textContent?.includes(name) === true, AGENT_A_NAME, { timeout: 15_000 });
      await a.keyboard.press('Escape');

      // Agent B sees the assignee in the inbox, then A's presence once she opens the conversation.
      const assigned = Date.now();
      await rowOf(b, follower.displayName).getByTestId('chat-row-assignee').waitFor({ timeout: 15_000 });
      console.log(`oa-chat journey: the assignee marker in B's inbox ${Date.now() - assigned} ms after the assignment`);
      await rowOf(b, follower.displayName).click();
      await b.getByTestId('chat-conversation').waitFor({ timeout: 20_000 });
      await waitForMessage(b, 'IN', stamp);
      assert.match(await b.getByTestId('chat-assign').innerText(), new RegExp(AGENT_A_NAME));
      const presence = b.getByTestId('chat-presence');
      await presence.waitFor({ timeout: 30_000 });
      assert.match(await presence.innerText(), new RegExp(AGENT_A_NAME), 'B sees A in the conversation');
      await b.screenshot({ path: shot('oa-chat-presence-vi') });

      // A replies with an image (uploaded to Zalo, then sent); both browsers show it, Zalo's receipts follow.
      const png = await a.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } });
      const chooser = a.waitForEvent('filechooser', { timeout: 10_000 });
      await a.getByTestId('chat-upload-image').click();
      await (await chooser).setFiles({ name: `ao-len-${stamp}.png`, mimeType: 'image/png', buffer: png });
      const sent = Date.now();
      await waitForMessage(a, 'OUT', null, 'image');
      await waitForMessage(b, 'OUT', null, 'image');
      console.log(`oa-chat journey: the image reply in both browsers ${Date.now() - sent} ms after it was chosen`);
      const lastOut = a.locator('[data-testid=chat-messages] [data-testid=chat-message][data-direction=OUT][data-kind=image]').last();
      await lastOut.locator('[data-testid=chat-status-seen], [data-testid=chat-status-received]').first().waitFor({ timeout: 30_000 });
      console.log(`oa-chat journey: the image reply received/seen ${Date.now() - sent} ms after it was chosen`);

      // The follower answers: both open conversations show it live.
      const answered = Date.now();
      await sandbox('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: follower.userId, text: replyText });
      await Promise.all([waitForMessage(a, 'IN', replyText), waitForMessage(b, 'IN', replyText)]);
      console.log(`oa-chat journey: the follower's answer in both conversations ${Date.now() - answered} ms after the sandbox sent it`);
      // Then a photo: the sandbox serves the follower's media, so it shows as an image in both browsers.
      await sandbox('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: follower.userId, kind: 'image' });
      for (const page of [a, b]) {
        await waitForMessage(page, 'IN', null, 'image');
        const img = page.locator('[data-testid=chat-messages] [data-testid=chat-message][data-direction=IN][data-kind=image] img').last();
        await img.waitFor({ timeout: 15_000 });
        await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 15_000 });
      }
      await assertNoReload(a, 'agent A');
      await assertNoReload(b, 'agent B');
      await settle(a);
      await a.screenshot({ path: shot('oa-chat-conversation-vi') });
      await noEnglishLeft(a, 'conversation vi');

      // vi and en at 1440 and 390 px: the inbox and the open conversation.
      const conversationUrl = `${url}&conversationId=${conversationId}`;
      for (const lng of ['vi', 'en'] as const) {
        await a.setViewportSize(DESKTOP);
        await a.goto(conversationUrl);
        await settle(a);
        if ((await a.evaluate(() => document.documentElement.lang)) !== lng) await setLanguage(a, lng);
        await a.getByTestId('chat-conversation').waitFor({ timeout: 20_000 });
        await waitForMessage(a, 'IN', replyText);
        await settle(a);
        await a.screenshot({ path: shot(`oa-chat-${lng}`) });
        await a.setViewportSize(PHONE);
        await settle(a);
        await a.getByTestId('chat-conversation').waitFor({ timeout: 20_000 });
        await noSidewaysScroll(a, `conversation ${lng}`);
        await a.screenshot({ path: shot(`oa-chat-conversation-${lng}-phone`) });
        await a.goto(url);
        await settle(a);
        await a.getByTestId('chat-list').waitFor({ timeout: 20_000 });
        await rowOf(a, follower.displayName).waitFor({ timeout: 20_000 });
        await noSidewaysScroll(a, `inbox ${lng}`);
        await a.screenshot({ path: shot(`oa-chat-inbox-${lng}-phone`) });
      }
      await a.setViewportSize(DESKTOP);
      await setLanguage(a, 'vi');

      // The demo's inbox (npm start): a follower who wrote over the last days — her history is imported from Zalo on opening.
      const demoRow = a.locator('[data-testid=chat-conversation-row]', { has: a.locator('[data-testid=chat-row-preview]', { hasText: 'Shop xem giúp mình mẫu này' }) });
      if ((await demoRow.count()) > 0) {
        await demoRow.first().click();
        await waitForMessage(a, 'IN', 'Chào shop, kem dưỡng ẩm còn hàng không ạ?');
        await waitForMessage(a, 'IN', null, 'image');
        await settle(a);
        await a.screenshot({ path: shot('oa-chat-demo-history-vi') });
      }

      // A member writes in a Zalo group the OA is in: the "group" filter lists the group, its messages name
      // the member, and the composer explains that groups cannot be answered here (vi, then the phone in en).
      const groupName = `Nhóm khách VIP ${Date.now().toString(36)}`;
      await sandbox('/chat/group-message', { oaId: SANDBOX_OA_ID, groupId: `e2e-${Date.now()}`, groupName, memberId: 'e2e-member', memberName: 'Chị Lan', text: 'Shop có hàng mới chưa ạ?' });
      await a.goto(url);
      await a.getByTestId('chat-list').waitFor({ timeout: 20_000 });
      await a.locator('[data-testid=chat-filters] [data-node-key=group]').click();
      await rowOf(a, groupName).click();
      await waitForMessage(a, 'IN', 'Shop có hàng mới chưa ạ?');
      await a.locator('[data-testid=chat-group-member]', { hasText: 'Chị Lan' }).last().waitFor({ timeout: 20_000 });
      await a.getByTestId('chat-group-note').waitFor({ timeout: 20_000 });
      await a.getByTestId('chat-panel-group').waitFor({ timeout: 20_000 });
      await settle(a);
      await a.screenshot({ path: shot('oa-chat-group-vi') });
      await noEnglishLeft(a, 'group conversation vi');
      await setLanguage(a, 'en');
      await a.setViewportSize(PHONE);
      await settle(a);
      await a.getByTestId('chat-group-note').waitFor({ timeout: 20_000 });
      await noSidewaysScroll(a, 'group conversation en');
      await a.screenshot({ path: shot('oa-chat-group-en-phone') });
      await a.setViewportSize(DESKTOP);
      await setLanguage(a, 'vi');

      // The follower clicks "Chat now", then calls the OA (REFERENCE §13.4): both show as lines in their conversation.
      await sandbox('/chat/interaction', { oaId: SANDBOX_OA_ID, userId: follower.userId, event: 'user_click_chatnow' });
      await sandbox('/chat/interaction', { oaId: SANDBOX_OA_ID, userId: follower.userId, event: 'user_call_oa' });
      await a.goto(conversationUrl);
      await a.getByTestId('chat-conversation').waitFor({ timeout: 20_000 });
      await a.locator('[data-testid=chat-interaction]').last().waitFor({ timeout: 20_000 });
      await settle(a);
      await a.screenshot({ path: shot('oa-chat-interaction-vi') });
    } finally {
      await contextA.close();
      await contextB.close();
      // Restored for the journeys that follow: the conversation unassigned again.
      if (conversationId) await api('POST', `merchant/chat/conversations/${conversationId}/assign`, { assigneeUserId: null, teamId: null });
    }
  });
});
