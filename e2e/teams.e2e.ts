// Teams journey (issue 11 #6): the organisation owner turns on several teams for the clinic tenant
// through the tenant services API, opens Access control → Teams from the menu, creates a team with a
// daily ZNS quota (the tenant's default team appears with it), adds a tenant member and makes them
// the leader, sets an OA quota from the edit dialog and sees today's share in the members drawer.
// Screenshots in vi and en at 1440 px and 390 px (no sideways scrolling on the phone).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { BASE_URL, followMenuLink, launchBrowser, loadApiSession, noSidewaysScroll, PHONE, settle, shot, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const DESKTOP = { width: 1440, height: 1000 };

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('teams journey', () => {
  it('enables teams, creates a team with a quota, adds a leader, edits the quota; vi/en, 1440/390', { timeout: 300_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const clinic = session.tenants.find((t) => t.name === 'Nha khoa Sài Gòn');
    assert.ok(clinic, 'the demo clinic tenant');
    const api = tenantApi(session, clinic.id);
    const services = await api<{ isMultiTeam: boolean }>('POST', 'merchant/service-manager/tenant-service', { isMultiTeam: true }, { 'x-merchant-id': session.merchantId });
    assert.equal(services.isMultiTeam, true);
    const teamsUrl = `${BASE_URL}/tenant/access-control/teams?tenantId=${clinic.id}`;
    const stamp = Date.now().toString(36).slice(-4);
    const teamName = `Kinh doanh ${stamp}`;

    let context: BrowserContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(`${BASE_URL}/tenant?tenantId=${clinic.id}`);
      await settle(page);
      // §2.2: Access control → Teams, shown because the tenant now has several teams.
      await followMenuLink(page, `/tenant/access-control/teams?tenantId=${clinic.id}`, 'Phân quyền', /\/tenant\/access-control\/teams/);
      await page.getByRole('heading', { name: 'Nhóm' }).waitFor();

      // Create a team with a ZNS cap of 100 messages a day.
      await page.getByTestId('team-create').click();
      const dialog = page.getByTestId('team-form-dialog');
      await dialog.getByTestId('team-name').fill(teamName);
      await dialog.getByTestId('team-zns-quota').fill('100');
      await dialog.getByTestId('team-form-submit').click();
      await page.getByText('Đã tạo nhóm').waitFor();
      const table = page.getByTestId('teams-table');
      const row = table.locator('.ant-table-row', { hasText: teamName });
      await row.waitFor();
      assert.ok(await row.getByText('100').isVisible(), 'the ZNS cap shows');
      // The tenant's default team came with the first team, tagged and without a delete action.
      const defaultRow = table.locator('.ant-table-row', { hasText: 'Mặc định' });
      await defaultRow.waitFor();
      assert.equal(await defaultRow.getByRole('button', { name: 'Xoá' }).count(), 0);
      assert.equal(await row.getByRole('button', { name: 'Xoá' }).count(), 1);

      // Members: add the demo user, then make them the leader.
      await row.getByRole('button', { name: 'Thành viên' }).click();
      const drawer = page.getByTestId('team-members-drawer');
      await drawer.getByTestId('team-quota-card').getByText('Đã gửi 0 / 100, còn 100').waitFor();
      await drawer.getByTestId('team-member-pick').click();
      await page.locator('.ant-select-item-option', { hasText: 'user@demo.vn' }).first().click();
      await page.keyboard.press('Escape');
      await drawer.getByTestId('team-member-add').click();
      await page.getByText('Đã thêm thành viên').waitFor();
      const memberItem = drawer.getByTestId('team-members-list').locator('.ant-list-item', { hasText: 'user@demo.vn' });
      await memberItem.waitFor();
      await memberItem.locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: 'Trưởng nhóm' }).last().click();
      await page.getByText('Đã đổi vai trò').waitFor();
      await page.screenshot({ path: shot('teams-members-vi-1440') });
      await drawer.locator('.ant-drawer-close').click();
      await row.getByText('1', { exact: true }).waitFor();

      // Edit: an OA cap of 50 a day.
      await row.getByRole('button', { name: 'Sửa' }).click();
      const edit = page.getByTestId('team-form-dialog');
      await edit.getByTestId('team-oa-quota').fill('50');
      await edit.getByTestId('team-form-submit').click();
      await page.getByText('Đã lưu nhóm').waitFor().catch(async (error: unknown) => {
        await page.screenshot({ path: shot('teams-edit-failed') });
        throw error;
      });
      await row.getByText('50', { exact: true }).waitFor();
      await settle(page);
      await page.screenshot({ path: shot('teams-list-vi-1440'), fullPage: true });
      const listed = await api<Array<{ name: string; znsDailyQuota: number | null; oaDailyQuota: number | null; memberCount: number }>>('GET', 'merchant/team-manager/list?page=1&size=999');
      assert.deepEqual(
        listed.filter((x) => x.name === teamName).map(({ znsDailyQuota, oaDailyQuota, memberCount }) => ({ znsDailyQuota, oaDailyQuota, memberCount })),
        [{ znsDailyQuota: 100, oaDailyQuota: 50, memberCount: 1 }],
      );

      // vi at 390 px.
      await page.setViewportSize(PHONE);
      await page.goto(teamsUrl);
      await settle(page);
      await table.locator('.ant-table-row', { hasText: teamName }).waitFor();
      await noSidewaysScroll(page, 'vi teams list');
      await page.screenshot({ path: shot('teams-list-vi-390'), fullPage: true });
      await table.locator('.ant-table-row', { hasText: teamName }).getByRole('button', { name: 'Thành viên' }).click();
      await page.getByTestId('team-members-drawer').getByText('user@demo.vn').waitFor();
      await noSidewaysScroll(page, 'vi members drawer');
      await page.screenshot({ path: shot('teams-members-vi-390') });
    } finally {
      await context.close();
    }

    // en at 1440 px and 390 px.
    context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(teamsUrl);
      await settle(page);
      await page.getByRole('heading', { name: 'Teams' }).waitFor();
      const row = page.getByTestId('teams-table').locator('.ant-table-row', { hasText: teamName });
      await row.waitFor();
      assert.ok(await page.getByTestId('teams-table').getByText('Default', { exact: true }).first().isVisible());
      await page.screenshot({ path: shot('teams-list-en-1440'), fullPage: true });
      await row.getByRole('button', { name: 'Members' }).click();
      const drawer = page.getByTestId('team-members-drawer');
      await drawer.getByText('Sent 0 of 100, 100 left').waitFor();
      await drawer.getByText('Leader').waitFor();
      await page.screenshot({ path: shot('teams-members-en-1440') });
      await page.setViewportSize(PHONE);
      await page.goto(teamsUrl);
      await settle(page);
      await row.waitFor();
      await noSidewaysScroll(page, 'en teams list');
      await page.screenshot({ path: shot('teams-list-en-390'), fullPage: true });
      await page.getByTestId('team-create').click();
      await page.getByTestId('team-form-dialog').getByText('ZNS quota per day').waitFor();
      await page.getByTestId('team-name').waitFor();
      // The dialog's opening animation ends before the picture is taken.
      await page.waitForTimeout(500);
      await noSidewaysScroll(page, 'en create dialog');
      await page.screenshot({ path: shot('teams-create-en-390') });
    } finally {
      await context.close();
    }
  });
});
