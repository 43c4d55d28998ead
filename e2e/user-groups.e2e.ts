// User groups and organisation chart journey (issue 11 #7): the organisation owner opens Access
// control → Roles for the clinic tenant, creates a user group, gives it a webhook permission from the
// catalogue (grouped by area), puts the demo user in it and sees, in "who holds what", that the user
// now holds VIEW_WEBHOOK through that group; then opens the organisation dashboard and sees the
// chart: organisation → tenants → members with their roles and groups. vi and en, 1440 px and
// 390 px (nothing wider than the phone; the chart scrolls inside its card).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, followMenuLink, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const MEMBER = 'user@demo.vn';
const DESKTOP = { width: 1440, height: 1000 };

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** The holders tab filtered to one permission: the tag of the member in its row. */
async function holderTag(page: Page, permission: string) {
  const holders = page.getByTestId('permission-holders');
  const row = holders.locator('.ant-table-row', { hasText: permission }).first();
  await row.waitFor();
  return row.locator(`[data-holder="${MEMBER}"]`);
}

describe('user groups and organisation chart journey', () => {
  it('creates a group with permissions, adds a user, sees the holders; sees the chart; vi/en, 1440/390', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const clinic = session.tenants.find((t) => t.name === 'Nha khoa Sài Gòn');
    assert.ok(clinic, 'the demo clinic tenant');
    const api = tenantApi(session, clinic.id);
    const stamp = Date.now().toString(36).slice(-4);
    const groupName = `Kỹ thuật ${stamp}`;
    const pageUrl = `${BASE_URL}/tenant/user-group?tenantId=${clinic.id}`;

    let context: BrowserContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/tenant?tenantId=${clinic.id}`);
      await settle(page);
      // §2.2: Access control → Roles.
      await followMenuLink(page, `/tenant/user-group?tenantId=${clinic.id}`, 'Phân quyền', /\/tenant\/user-group/);
      await page.getByRole('heading', { name: 'Vai trò và nhóm quyền' }).waitFor();
      await settle(page);

      // Create the group; its permissions editor opens next.
      await page.getByTestId('user-group-create').click();
      await page.getByTestId('user-group-name').fill(groupName);
      await page.getByRole('button', { name: 'Tạo', exact: true }).click();
      const editor = page.getByRole('dialog', { name: `Quyền của nhóm ${groupName}` });
      await editor.waitFor();
      await editor.getByText('Webhook và cài đặt').first().waitFor();
      await editor.getByPlaceholder('Tìm quyền, ví dụ TEMPLATE').fill('webhook');
      await editor.getByText('VIEW_WEBHOOK', { exact: true }).click();
      await editor.getByText('Đã chọn 1 quyền').waitFor();
      await page.screenshot({ path: shot('user-groups-permissions-vi-1440') });
      await editor.getByRole('button', { name: 'Lưu' }).click();
      await page.getByText('Đã lưu quyền').waitFor();

      // Add the demo user to it.
      const table = page.getByTestId('user-groups-table');
      const row = table.locator('.ant-table-row', { hasText: groupName });
      await row.waitFor();
      const defaultRow = table.locator('.ant-table-row', { hasText: 'Mặc định' });
      assert.equal(await defaultRow.getByRole('button', { name: 'Xoá' }).count(), 0, 'the default group cannot be deleted');
      assert.equal(await row.getByRole('button', { name: 'Xoá' }).count(), 1);
      await row.getByRole('button', { name: 'Thêm thành viên' }).click();
      const adder = page.getByRole('dialog', { name: `Thêm người dùng vào ${groupName}` });
      await adder.locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: MEMBER }).first().click();
      await adder.locator('.ant-modal-title').click();
      await adder.getByRole('button', { name: 'Thêm người dùng' }).click();
      await page.getByText('Đã thêm vào nhóm').waitFor();
      await row.locator('td', { hasText: /^1$/ }).first().waitFor();
      await settle(page);
      await page.screenshot({ path: shot('user-groups-list-vi-1440'), fullPage: true });

      // Who holds what: VIEW_WEBHOOK through the new group.
      await page.getByRole('tab', { name: 'Ai giữ quyền nào' }).click();
      await page.getByPlaceholder('Lọc theo quyền').fill('VIEW_WEBHOOK');
      const tag = await holderTag(page, 'VIEW_WEBHOOK');
      await tag.waitFor();
      assert.ok((await tag.getAttribute('class'))?.includes('cyan'), 'held through the tenant group (cyan)');
      await page.screenshot({ path: shot('user-groups-holders-vi-1440'), fullPage: true });
      const holders = await api<{ permissions: Array<{ permission: string; holders: Array<{ userId: string; sources: string[] }> }>; users: Array<{ id: string; email: string; userGroup: { name: string } | null }> }>(
        'GET',
        'merchant/user-group/permission-holders',
      );
      const member = holders.users.find((u) => u.email === MEMBER);
      assert.equal(member?.userGroup?.name, groupName);
      assert.deepEqual(holders.permissions.find((p) => p.permission === 'VIEW_WEBHOOK')?.holders.find((h) => h.userId === member?.id)?.sources, ['TENANT_GROUP']);

      // The organisation chart on the dashboard.
      await page.goto(`${BASE_URL}/dashboard`);
      await settle(page);
      const chart = page.getByTestId('org-chart');
      await chart.waitFor();
      await chart.getByText('Nha khoa Sài Gòn').first().waitFor();
      await chart.getByText(groupName).first().waitFor();
      await chart.getByText('Ban quản trị').waitFor();
      await page.screenshot({ path: shot('org-chart-vi-1440'), fullPage: true });
      // Folding a tenant hides its people.
      const clinicNode = chart.locator('li[data-kind="tenant"]', { hasText: 'Nha khoa Sài Gòn' });
      await clinicNode.getByRole('button', { name: 'Thu gọn' }).first().click();
      assert.equal(await clinicNode.getByText(groupName).count(), 0);
      await clinicNode.getByRole('button', { name: 'Mở rộng' }).first().click();
      await clinicNode.getByText(groupName).first().waitFor();

      // vi at 390 px.
      await page.setViewportSize(PHONE);
      await page.goto(`${BASE_URL}/dashboard`);
      await settle(page);
      await page.getByTestId('org-chart').waitFor();
      await noSidewaysScroll(page, 'vi dashboard with the chart');
      await page.getByTestId('org-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('org-chart-vi-390') });
      await page.goto(pageUrl);
      await settle(page);
      await page.getByTestId('user-groups-table').locator('.ant-table-row', { hasText: groupName }).waitFor();
      await noSidewaysScroll(page, 'vi user groups');
      await page.screenshot({ path: shot('user-groups-list-vi-390'), fullPage: true });
      await page.getByRole('tab', { name: 'Ai giữ quyền nào' }).click();
      await page.getByPlaceholder('Lọc theo quyền').fill('VIEW_WEBHOOK');
      await (await holderTag(page, 'VIEW_WEBHOOK')).waitFor();
      await noSidewaysScroll(page, 'vi holders');
      await page.screenshot({ path: shot('user-groups-holders-vi-390'), fullPage: true });
    } finally {
      await context.close();
    }

    // en at 1440 px and 390 px; /tenant/access-control/roles serves the same page.
    context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/tenant/access-control/roles?tenantId=${clinic.id}`);
      await settle(page);
      await page.getByRole('heading', { name: 'Roles and user groups' }).waitFor();
      await page.getByTestId('user-groups-table').locator('.ant-table-row', { hasText: groupName }).waitFor();
      await page.screenshot({ path: shot('user-groups-list-en-1440'), fullPage: true });
      await page.getByRole('tab', { name: 'Who holds what' }).click();
      await page.getByTestId('holders-user').click();
      await page.locator('.ant-select-item-option', { hasText: MEMBER }).first().click();
      await (await holderTag(page, 'VIEW_WEBHOOK')).waitFor();
      await page.screenshot({ path: shot('user-groups-holders-en-1440'), fullPage: true });
      await page.goto(`${BASE_URL}/dashboard`);
      await settle(page);
      await page.getByTestId('org-chart').getByText('Administrators').waitFor();
      await page.screenshot({ path: shot('org-chart-en-1440'), fullPage: true });

      await page.setViewportSize(PHONE);
      await page.reload();
      await settle(page);
      await page.getByTestId('org-chart').waitFor();
      await noSidewaysScroll(page, 'en dashboard with the chart');
      await page.getByTestId('org-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('org-chart-en-390') });
      await page.goto(pageUrl);
      await settle(page);
      await page.getByTestId('user-groups-table').locator('.ant-table-row', { hasText: groupName }).waitFor();
      await noSidewaysScroll(page, 'en user groups');
      await page.screenshot({ path: shot('user-groups-list-en-390'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
