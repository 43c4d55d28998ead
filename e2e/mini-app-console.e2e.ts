// Mini-app console journey (issue 14 #1, #2): the owner of Shop An Nhiên finds Mini Apps in the tenant
// menu, registers a mini app (name, Zalo app id, secret), opens it and sees the §2.2 mini-app menu, then
// creates a staff role with a few §6 permissions and gives it to a member of the tenant. The mini-app
// pages are looked at in vi and en, at 1440 px and 390 px (no sideways scrolling).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, readMenuKeys, settle, shot, shotsAt, signIn, tenantApi } from './support/harness';

const OWNER = 'owner@demo.vn';
const ROLE = `Thu ngân ${Date.now().toString(36)}`;

/** Digits only, like Zalo's app ids; unique per run. */
const appIdOfRun = () => `59${Date.now()}`.slice(0, 15);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('mini-app console journey', () => {
  it('registers a mini app, opens its menu, creates a role and assigns it, in vi and en at 1440 and 390 px', { timeout: 400_000 }, async () => {
    const session = await loadApiSession(OWNER);
    const tenant = session.tenants.find((t) => t.name === 'Shop An Nhiên');
    assert.ok(tenant?.isMiniAppEnabled, 'the demo tenant has the mini-app service');
    const zaloAppId = appIdOfRun();
    const name = `Cà phê tích điểm ${zaloAppId.slice(-4)}`;

    const context = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, OWNER);

    // The tenant menu offers Mini Apps.
    await page.goto(`${BASE_URL}/tenant?tenantId=${tenant.id}`);
    assert.ok((await readMenuKeys(page)).includes('mini-app'), 'Mini Apps in the tenant menu');
    await page.locator('[data-menu-key=mini-app]').click();
    await page.waitForURL((u) => u.pathname === '/tenant/zalo-mini-app');
    await settle(page);

    // Register.
    await page.getByTestId('zma-register').click();
    await page.getByTestId('zma-app-name').fill(name);
    await page.getByTestId('zma-app-zalo-id').fill(zaloAppId);
    await page.getByTestId('zma-app-secret').fill('s3cret-of-the-app');
    await page.getByTestId('zma-app-submit').click();
    await page.getByTestId(`zma-app-card-${zaloAppId}`).waitFor({ timeout: 15_000 });
    await shotsAt(page, 'zma-console-home', `${BASE_URL}/tenant/zalo-mini-app?tenantId=${tenant.id}`, `zma-app-card-${zaloAppId}`);

    // Open it: the §2.2 mini-app menu, the way back first.
    await page.getByTestId(`zma-open-${zaloAppId}`).click();
    await page.waitForURL((u) => u.pathname.startsWith('/tenant/mini-app/'));
    const appId = new URL(page.url()).pathname.split('/')[3] ?? '';
    const keys = await readMenuKeys(page);
    assert.deepEqual(keys, ['zma-back', 'zma-dashboard', 'zma-branch', 'zma-gift-inventory', 'zma-voucher', 'zma-lucky-draw', 'zma-history', 'zma-user', 'zma-customer', 'zma-settings']);
    await page.getByTestId('zma-dashboard-totals').waitFor({ timeout: 20_000 });
    await page.getByTestId('zma-switcher').waitFor();
    await shotsAt(page, 'zma-console-dashboard', `${BASE_URL}/tenant/mini-app/${appId}?tenantId=${tenant.id}`, 'zma-dashboard-totals');

    // A role with a few permissions.
    await page.goto(`${BASE_URL}/tenant/mini-app/${appId}/user?tenantId=${tenant.id}`);
    await settle(page);
    await page.getByTestId('zma-role-create').click();
    await page.getByTestId('zma-role-name').fill(ROLE);
    await page.getByTestId('zma-role-create-submit').click();
    await page.waitForURL((u) => /\/user\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 15_000 });
    await page.getByTestId('zma-role-form').waitFor();
    for (const p of ['VIEW_ZMA_BRANCH', 'UPDATE_ZMA_BRANCH', 'VIEW_ZMA_GIFT']) await page.getByTestId(`zma-perm-${p}`).click();
    await page.getByTestId('zma-role-save').click();
    await page.locator('.ant-message-success').first().waitFor({ timeout: 10_000 });
    const roleUrl = page.url();
    await shotsAt(page, 'zma-console-role', roleUrl, 'zma-role-form');

    // Assign it to a member of the tenant (not the owner).
    await page.goto(`${BASE_URL}/tenant/mini-app/${appId}/user?tenantId=${tenant.id}`);
    await settle(page);
    const api = tenantApi(session, tenant.id);
    const users = await api<Array<{ userId: string; email: string | null; roleId: string | null }>>('GET', 'zma/merchant/user?pageSize=100', undefined, { 'x-zma-id': appId });
    const member = users.find((u) => u.email && u.email !== OWNER);
    assert.ok(member?.email, 'a tenant member other than the owner');
    await page.getByTestId(`zma-user-role-${member.email}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ROLE }).first().click();
    await page.locator('.ant-message-success').first().waitFor({ timeout: 10_000 });
    const after = await api<Array<{ userId: string; roleName: string | null }>>('GET', 'zma/merchant/user?pageSize=100', undefined, { 'x-zma-id': appId });
    assert.equal(after.find((u) => u.userId === member.userId)?.roleName, ROLE, 'the member has the role');
    const roles = await api<Array<{ name: string; permissions: string[]; members: number }>>('GET', 'zma/merchant/role', undefined, { 'x-zma-id': appId });
    const role = roles.find((r) => r.name === ROLE);
    assert.deepEqual([...(role?.permissions ?? [])].sort(), ['UPDATE_ZMA_BRANCH', 'VIEW_ZMA_BRANCH', 'VIEW_ZMA_GIFT']);
    assert.equal(role?.members, 1);
    await shotsAt(page, 'zma-console-users', `${BASE_URL}/tenant/mini-app/${appId}/user?tenantId=${tenant.id}`, 'zma-users-table');

    // The other pages of the journey's reach, looked at too.
    await shotsAt(page, 'zma-console-settings', `${BASE_URL}/tenant/mini-app/${appId}/settings?tenantId=${tenant.id}`, 'zma-settings-form');
    await shotsAt(page, 'zma-console-activity', `${BASE_URL}/tenant/mini-app/${appId}/history?tenantId=${tenant.id}`, 'zma-history-table');
    await shotsAt(page, 'zma-console-history', `${BASE_URL}/tenant/zalo-mini-app/history?tenantId=${tenant.id}`, 'zma-history-table');
    await shotsAt(page, 'zma-console-api-keys', `${BASE_URL}/tenant/zalo-mini-app/api-keys?tenantId=${tenant.id}`, 'zma-api-keys-table');

    // Another tenant's (or no) app id: a clear not-found inside the shell.
    await page.goto(`${BASE_URL}/tenant/mini-app/00000000-0000-4000-8000-000000000000?tenantId=${tenant.id}`);
    await page.getByTestId('zma-not-found').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: shot('zma-console-not-found-vi') });
    await context.close();
  });
});
