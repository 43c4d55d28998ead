// OA broadcast journey (issue 12 #2): three posts are published to the tenant's OA (through the content
// API and its publisher against the sandbox); the owner composes a broadcast of the three for women
// 18–34 (ages 2,3; gender 2) in two cities, schedules it for tomorrow 10:00, continues and confirms; the
// moderator (the OA_BROADCAST workflow's approver) sees it pending with their avatar, opens the details
// modal and approves with the decision modal of My tasks; the broadcast is then approved and waiting
// for its schedule time with Zalo's window and moderation explained. A twin scheduled a minute ahead
// is then seen SENT on its detail page once the worker handed it to the sandbox (HELD with its reason
// when Zalo's delivery window is closed); held over quota is covered by the server integration test.
// Screens in vi and en at 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, settle, shot, shotsAt, signIn, tenantApi, tenantWithOa } from './support/harness';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';

const OWNER = 'owner@demo.vn';
const MODERATOR = 'moderator@demo.vn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('OA broadcast journey', () => {
  it('composes a broadcast of three posts for women 18–34 in two cities, schedules it and the approver approves it', { timeout: 600_000 }, async () => {
    const owner = await loadApiSession(OWNER);
    const tenant = await tenantWithOa(owner);
    const ownerApi = tenantApi(owner, tenant.id);
    const oas = await ownerApi<Array<{ id: string; name: string; zoaId?: string }>>('GET', 'merchant/zalo-oa/list-oa');
    // The sandbox's main OA: the content journey may have connected another one to this tenant.
    const oa = oas.find((o) => o.zoaId === SANDBOX_OA_ID) ?? oas[0];
    assert.ok(oa);
    const moderator = await loadApiSession(MODERATOR);
    const modApi = tenantApi(moderator, tenant.id);
    const moderatorMe = await modApi<{ id: string }>('GET', 'auth');

    // Three published posts (the content module's API; approved by the moderator when a workflow asks).
    const tag = Date.now().toString(36);
    const titles = [1, 2, 3].map((n) => `Ưu đãi ${tag} số ${n}`);
    const ids: string[] = [];
    for (const [i, title] of titles.entries()) {
      const created = await ownerApi<{ id: string; status: string }>('POST', 'merchant/oa-content/create', {
        type: 'post',
        title,
        author: 'Nhóm Marketing',
        description: 'Ưu đãi dành cho khách hàng thân thiết.',
        body: [{ type: 'text', content: '<p>Giảm 20% cho mọi đơn hàng trong tháng.</p>' }],
        cover: { cover_type: 'photo', photo_url: `https://photo-stal.zadn.vn/sandbox/cover${i}.jpg`, status: 'show' },
        zaloOAIds: [oa.id],
        submit: true,
      });
      ids.push(created.id);
      if (created.status === 'approval') await modApi('PATCH', `merchant/oa-content/approved/${created.id}`, { approval: true, comment: 'Duyệt' }).catch(() => undefined);
    }
    const deadline = Date.now() + 240_000;
    for (;;) {
      const list = await ownerApi<Array<{ id: string; oaContentMapping: Array<{ publishState: string }> }>>('GET', `merchant/oa-content/getList?type=post&size=100&zaloOAId=${oa.id}&status=published`);
      const done = ids.every((id) => list.find((c) => c.id === id)?.oaContentMapping.every((m) => m.publishState === 'PUBLISHED'));
      if (done) break;
      assert.ok(Date.now() < deadline, 'the three posts are published to the OA');
      await new Promise((r) => setTimeout(r, 3000));
    }
    await ownerApi('PUT', 'merchant/approval-workflow', { kind: 'OA_BROADCAST', teamId: null, approverIds: [moderatorMe.id] });

    const name = `Tin khuyến mãi ${tag}`;
    const ownContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const modContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const own = await ownContext.newPage();
    const mod = await modContext.newPage();
    const listUrl = `${BASE_URL}/tenant/zalo-oa/broadcast?tenantId=${tenant.id}`;
    const createUrl = `${BASE_URL}/tenant/zalo-oa/broadcast/create?tenantId=${tenant.id}`;
    try {
      await signIn(own, OWNER);
      await own.goto(createUrl);
      await settle(own);
      for (const id of ids) {
        const add = own.getByTestId(`picker-add-${id}`);
        await add.waitFor({ timeout: 20_000 });
        await add.click();
      }
      assert.match((await own.getByTestId('broadcast-selected-count').textContent()) ?? '', /3\/5/);
      // Tomorrow 10:00 (local time of the browser).
      const d = new Date(Date.now() + 24 * 3_600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      const input = own.getByTestId('broadcast-schedule');
      await input.click();
      await input.fill(`${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} 10:00`);
      await input.press('Enter');
      await own.keyboard.press('Escape');
      // Audience: ages 18–24 and 25–34, women, two cities.
      await own.getByTestId('broadcast-advanced').click();
      const modal = own.locator('.ant-modal').filter({ has: own.getByTestId('audience-ages') });
      await modal.waitFor();
      for (const label of ['0–12', '13–17', '35–44', '45–54', '55–64', '65+']) await modal.getByText(label, { exact: true }).click();
      await own.getByTestId('audience-gender-2').click();
      await own.getByTestId('audience-region-cities').click();
      const cities = own.getByTestId('audience-cities');
      await cities.click();
      for (const city of ['Hồ Chí Minh', 'Hà Nội']) {
        await own.keyboard.type(city);
        await own.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${city}$`) }).first().click();
      }
      await modal.locator('.ant-modal-title').click();
      await modal.screenshot({ path: shot('oa-broadcast-audience-vi') });
      await own.getByTestId('audience-ok').click();
      await own.getByTestId('broadcast-name').fill(name);
      await own.screenshot({ path: shot('oa-broadcast-compose-vi'), fullPage: true });
      await own.getByTestId('broadcast-continue').click();
      await own.locator('#broadcast-confirm-send').click();
      await own.waitForURL((url) => url.pathname === '/tenant/zalo-oa/broadcast', { timeout: 20_000 });
      const row = own.locator('[data-testid=broadcasts-table] tr.ant-table-row').filter({ hasText: name });
      await row.waitFor({ timeout: 20_000 });

      // The broadcast as stored: the audience of the journey.
      const stored = (await ownerApi<Array<{ id: string; nameBroadcast: string; status: string; oABroadcastMapping: Array<{ recipient: { target: Record<string, string> } }> }>>('GET', `merchant/oa-content/broadcast/getList?title=${encodeURIComponent(name)}`))[0];
      assert.ok(stored);
      assert.equal(stored.status, 'PENDING_REVIEW');
      assert.deepEqual(stored.oABroadcastMapping[0]?.recipient.target, { gender: '2', ages: '2,3', cities: '4,9', locations: '' });

      // The approver approves from the details modal.
      await signIn(mod, MODERATOR);
      await mod.goto(listUrl);
      await settle(mod);
      const modRow = mod.locator('[data-testid=broadcasts-table] tr.ant-table-row').filter({ hasText: name });
      await modRow.waitFor({ timeout: 20_000 });
      await mod.screenshot({ path: shot('oa-broadcast-list-pending-vi'), fullPage: true });
      await modRow.click();
      await mod.getByTestId('broadcast-details').waitFor();
      await settle(mod);
      await mod.screenshot({ path: shot('oa-broadcast-details-modal-vi') });
      await mod.getByTestId('broadcast-approve').click();
      await mod.getByTestId('decision-note').waitFor();
      await mod.getByTestId('decision-submit').click();
      await mod.locator('.ant-message-success').waitFor({ timeout: 20_000 });
      const approved = await ownerApi<{ status: string; send: { state: string } }>('GET', `merchant/oa-content/broadcast/detail/${stored.id}`);
      assert.equal(approved.status, 'APPROVED');
      assert.equal(approved.send.state, 'WAITING');

      // Seen sent: the same three posts and audience, scheduled 70 s ahead through the API (the picker
      // keeps §5's 30-minute lead, the API only refuses the past) and approved by the moderator; the
      // worker's every-minute hand-over gives it to the sandbox's broadcast call once the time passes.
      // Zalo delivers 06:00–21:59 Vietnam time after ~30 min of moderation: outside that, the right end
      // is HELD until 06:00 with its reason (the integration test covers both with a moved clock).
      const soonName = `${name} (sớm)`;
      const soonAt = Date.now() + 70_000;
      const vnHour = (ms: number) => new Date(ms + 7 * 3_600_000).getUTCHours();
      const fits = vnHour(soonAt) >= 6 && vnHour(soonAt + 30 * 60_000) >= 6 && vnHour(soonAt + 30 * 60_000) < 22 && vnHour(soonAt) < 22;
      const [soon] = await ownerApi<Array<{ id: string }>>('POST', 'merchant/oa-content/broadcast/create', [
        {
          recipient: { target: { gender: '2', ages: '2,3', cities: '4,9', locations: '' } },
          message: { attachment: { type: 'template', payload: { template_type: 'media', elements: ids.map((id) => ({ media_type: 'article', attachment_id: id })) } } },
          nameBroadcast: soonName,
          status: 'PENDING_REVIEW',
          scheduleTime: new Date(soonAt).toISOString(),
          zaloOA: oa.id,
        },
      ]);
      assert.ok(soon);
      await modApi('PATCH', `merchant/oa-content/broadcast/approved/${soon.id}`, { approval: true, comment: 'Duyệt' });
      const sendDeadline = Date.now() + 240_000;
      let handed: { status: string; send: { state: string } };
      for (;;) {
        handed = await ownerApi<{ status: string; send: { state: string } }>('GET', `merchant/oa-content/broadcast/detail/${soon.id}`);
        if (handed.send.state !== 'WAITING' && handed.send.state !== 'SENDING') break;
        assert.ok(Date.now() < sendDeadline, `the worker hands the broadcast over after its schedule (still ${handed.send.state})`);
        await new Promise((r) => setTimeout(r, 3000));
      }
      assert.equal(handed.send.state, fits ? 'SENT' : 'HELD');
      await own.goto(`${BASE_URL}/tenant/zalo-oa/broadcast/${soon.id}?tenantId=${tenant.id}`);
      await own.getByTestId(fits ? 'broadcast-sent' : 'broadcast-held').waitFor({ timeout: 20_000 });
      await settle(own);
      await own.screenshot({ path: shot(`oa-broadcast-${fits ? 'sent' : 'held'}-vi`), fullPage: true });
      console.log(`oa-broadcast journey: handed over ${Date.now() - soonAt} ms after its schedule time → ${handed.send.state}`);

      await shotsAt(own, 'oa-broadcast-list', listUrl, 'broadcasts-table');
      await shotsAt(own, 'oa-broadcast-create', createUrl, 'broadcast-picker');
      await shotsAt(own, 'oa-broadcast-detail', `${BASE_URL}/tenant/zalo-oa/broadcast/${stored.id}?tenantId=${tenant.id}`, 'broadcast-details');
    } finally {
      await ownContext.close();
      await modContext.close();
    }
  });
});
