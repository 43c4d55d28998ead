// Invitations journey (issue 8, defect 1): the demo owner invites by email from the users page (no
// password or name for somebody else); a brand-new address creates its account from the mailed link;
// the owner of another organisation sees the invitation on their profile, accepts it, then leaves the
// organisation again through a keyboard-confirmed dialog; a third address declines from the link.
// Screenshots in vi and en.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, shot, signIn } from './support/harness';

const OWNER = 'owner@demo.vn';
const PASSWORD = 'Demo@12345';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** The link of the latest invitation mail to `to`, read from the development outbox. */
async function invitationLink(to: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/dev/outbox?limit=50`);
  const mails = ((await res.json()) as { data: Array<{ to: string; text: string }> }).data;
  const link = /https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(mails.find((m) => m.to === to)?.text ?? '')?.[0];
  assert.ok(link, `an invitation mail went to ${to}`);
  // The mail names PUBLIC_URL; the journey's server listens on its own port.
  return `${BASE_URL}${new URL(link).pathname}${new URL(link).search}`;
}

async function inviteFromUsersPage(page: Page, email: string, tenantName: string): Promise<void> {
  await page.getByRole('button', { name: 'Mời người dùng' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  // No password or display name for somebody else's account.
  assert.equal(await dialog.locator('input[type=password]').count(), 0);
  await dialog.getByLabel('Tenant').click();
  await page.locator('.ant-select-item-option', { hasText: tenantName }).first().click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Gửi lời mời' }).click();
  await page.getByText(`Đã gửi lời mời tới ${email}`).waitFor();
}

describe('invitations journey', () => {
  it('invites, accepts (new and existing accounts), leaves and declines', { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const newcomer = `newcomer-${stamp}@example.vn`;
    const otherOwner = `owner-b-${stamp}@example.vn`;
    const decliner = `decliner-${stamp}@example.vn`;
    // Another organisation, registered by its owner through the public sign-up.
    const reg = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: otherOwner, password: PASSWORD, displayName: 'Chủ Công ty B', organisationName: 'Công ty B' }),
    });
    assert.equal(reg.status, 200);

    const ownerContext = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1440, height: 1100 } });
    const page = await ownerContext.newPage();
    try {
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/dashboard/user`);
      await page.locator('.ant-table-row').first().waitFor();
      // Row actions follow the server's abilities: the organisation's only owner cannot be removed
      // (not even by themselves), an ordinary member can.
      const ownerRow = page.locator('.ant-table-row', { hasText: 'owner@demo.vn' });
      const memberRow = page.locator('.ant-table-row', { hasText: 'user@demo.vn' });
      await memberRow.getByRole('button', { name: 'Xoá' }).waitFor();
      assert.equal(await ownerRow.getByRole('button', { name: 'Xoá' }).count(), 0);
      assert.equal(await ownerRow.getByRole('button', { name: 'Sửa' }).count(), 1);
      for (const email of [newcomer, otherOwner, decliner]) await inviteFromUsersPage(page, email, 'Shop An Nhiên');
      const pending = page.getByTestId('pending-invitations');
      await pending.getByText(decliner).waitFor();
      for (const email of [newcomer, otherOwner]) assert.ok(await pending.getByText(email).isVisible());
      await page.screenshot({ path: shot('invitations-users-vi'), fullPage: true });
    } finally {
      await ownerContext.close();
    }

    // A new address: the link offers to create the account, which lands in the organisation.
    const fresh = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1280, height: 1000 } });
    try {
      const p = await fresh.newPage();
      await p.goto(await invitationLink(newcomer));
      await p.getByText('Demo Organisation').waitFor();
      await p.getByLabel('Tên hiển thị').fill('Người Mới');
      await p.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
      await p.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
      await p.screenshot({ path: shot('invitation-new-account-vi'), fullPage: true });
      await p.getByTestId('invitation-accept').click();
      await p.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
      assert.equal(await p.evaluate(() => localStorage.getItem('zc.accessToken') !== null), true);
    } finally {
      await fresh.close();
    }

    // An existing account of another organisation: the invitation waits on the profile page.
    const other = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 1100 } });
    try {
      const p = await other.newPage();
      await p.goto(`${BASE_URL}/login`);
      await p.getByTestId('language-en').click();
      await p.getByLabel(/Email/).fill(otherOwner);
      await p.locator('input[type=password]').fill(PASSWORD);
      await p.getByTestId('login-submit').click();
      await p.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
      await p.goto(`${BASE_URL}/profile`);
      const invitations = p.getByTestId('profile-invitations');
      await invitations.getByText('Demo Organisation').waitFor();
      await p.screenshot({ path: shot('profile-invitations-en'), fullPage: true });
      await invitations.getByTestId('invitation-accept').click();
      await p.getByText('You joined Demo Organisation').waitFor();
      await invitations.getByText('No pending invitations.').waitFor();

      const organisations = p.getByTestId('profile-organisations');
      const demo = organisations.getByTestId('profile-organisation').filter({ hasText: 'Demo Organisation' });
      await demo.waitFor();
      assert.equal(await organisations.getByTestId('profile-organisation').count(), 2);
      // Leave by keyboard: focus the button, Enter opens the dialog (focus on Cancel), Tab, Enter.
      await demo.getByTestId('leave-organisation').focus();
      await p.keyboard.press('Enter');
      await p.locator('.ant-modal-confirm-title', { hasText: 'Leave Demo Organisation?' }).waitFor();
      await p.screenshot({ path: shot('profile-leave-en'), fullPage: true });
      await p.keyboard.press('Tab');
      await p.keyboard.press('Enter');
      await p.getByText('You left Demo Organisation').waitFor();
      await organisations.getByTestId('profile-organisation').filter({ hasText: 'Demo Organisation' }).waitFor({ state: 'detached' });
      assert.equal(await organisations.getByTestId('profile-organisation').count(), 1);
    } finally {
      await other.close();
    }

    // The third address says no from the link, in English.
    const third = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 1000 } });
    try {
      const p = await third.newPage();
      const link = await invitationLink(decliner);
      await p.goto(link);
      await p.getByText('Demo Organisation').waitFor();
      await p.getByTestId('invitation-decline').click();
      await p.getByTestId('invitation-decline-confirm').click();
      await p.getByTestId('invitation-declined').waitFor();
      await p.screenshot({ path: shot('invitation-declined-en'), fullPage: true });
      // The same link now explains why it no longer works.
      await p.goto(link);
      await p.getByTestId('invitation-error').waitFor();
      assert.match((await p.getByTestId('invitation-error').textContent()) ?? '', /already accepted, declined or revoked/);
    } finally {
      await third.close();
    }
  });
});
