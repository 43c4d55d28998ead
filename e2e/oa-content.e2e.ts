// OA content journey (issue 12 #1): the owner writes a post in the rich-text editor with an uploaded
// image block and a 16:9 cover, chooses two OAs and submits it; the moderator (the workflow's only
// approver for OA_CONTENT_POST) sees it pending with their avatar, opens the detail modal, approves on
// the detail page with the decision modal of My tasks; the page then follows each OA's publishing
// (create → verify at the sandbox) live until both are published, with QR codes and view links.
// Screens in vi and en at 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_SECOND_OA_ID, SANDBOX_THIRD_OA_ID, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { BASE_URL, DESKTOP, launchBrowser, loadApiSession, settle, shot, shotsAt, signIn, tenantApi, tenantWithOa } from './support/harness';

const OWNER = 'owner@demo.vn';
const MODERATOR = 'moderator@demo.vn';

/** A real (decodable) 640x360 PNG: a gradient, so the §5 image checks in the browser pass. */
function pngFile(): string {
  const width = 640;
  const height = 360;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = Math.round((x / width) * 255);
      raw[row + 2 + x * 3] = Math.round((y / height) * 200);
      raw[row + 3 + x * 3] = 180;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zc-oa-content-')), 'cover.png');
  writeFileSync(file, png);
  return file;
}

/** A tiny file that starts like an MP4 (ftyp box), enough for the upload's type check and the sandbox. */
function mp4Bytes(): Buffer {
  const ftyp = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32]);
  return Buffer.concat([ftyp, Buffer.alloc(300_000, 1)]);
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Uploads the image through the avatar dialog (file input) and saves it once the upload finished. */
async function uploadThroughDialog(page: Page, file: string): Promise<void> {
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('image-dialog-url') });
  await dialog.waitFor();
  const save = page.getByTestId('image-dialog-save');
  assert.equal(await save.isDisabled(), true, '§5: save stays disabled until a URL or an upload');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await page.waitForFunction(() => (document.querySelector('[data-testid=image-dialog-url]') as HTMLInputElement | null)?.value.includes('/'), undefined, { timeout: 15_000 });
  await save.click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('OA content journey', () => {
  it('writes a post with an image, submits it, the approver approves, it publishes to two OAs', { timeout: 420_000 }, async () => {
    const owner = await loadApiSession(OWNER);
    const tenant = await tenantWithOa(owner);
    const ownerApi = tenantApi(owner, tenant.id);
    let oas = await ownerApi<Array<{ id: string; name: string }>>('GET', 'merchant/zalo-oa/list-oa');
    // The sandbox's third OA joins this tenant: gateway.e2e connects the second one to the other demo
    // tenant (an OA belongs to one tenant), so the third is the one no other journey takes.
    for (const [zoaId, n] of [[SANDBOX_THIRD_OA_ID, 3], [SANDBOX_SECOND_OA_ID, 2]] as const) {
      if (oas.length >= 2) break;
      const tokens = SANDBOX_INITIAL_TOKENS[zoaId];
      try {
        await ownerApi('POST', 'merchant/zalo-oa', {
          name: `Shop An Nhiên OA ${n}`,
          zappId: SANDBOX_APP_ID,
          zoaId,
          zoaSecretKey: SANDBOX_APP_SECRET_KEY,
          zoaWebhookSecretKey: SANDBOX_WEBHOOK_SECRET,
          zoaAccessToken: tokens?.accessToken ?? '',
          zoaRefreshToken: tokens?.refreshToken ?? '',
        });
      } catch (error) {
        console.log(`oa-content journey: sandbox OA ${n} could not join this tenant (${String(error)})`);
      }
      oas = await ownerApi<Array<{ id: string; name: string }>>('GET', 'merchant/zalo-oa/list-oa');
    }
    assert.ok(oas.length >= 2, 'two OAs to publish to');
    const targets = oas.slice(0, 2);
    const moderator = await loadApiSession(MODERATOR);
    const moderatorMe = await tenantApi(moderator, tenant.id)<{ id: string }>('GET', 'auth');
    await ownerApi('PUT', 'merchant/approval-workflow', { kind: 'OA_CONTENT_POST', teamId: null, approverIds: [moderatorMe.id] });

    const image = pngFile();
    const title = `Bài viết thử ${Date.now().toString(36)}`;
    const ownContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const modContext = await browser.newContext({ locale: 'vi-VN', viewport: DESKTOP });
    const own = await ownContext.newPage();
    const mod = await modContext.newPage();
    const listUrl = `${BASE_URL}/tenant/zalo-oa/content?tenantId=${tenant.id}`;
    try {
      // The author writes the post.
      await signIn(own, OWNER);
      await own.goto(listUrl);
      await settle(own);
      await own.getByTestId('content-create').click();
      await own.getByTestId('content-form').waitFor({ timeout: 20_000 });
      await own.getByTestId('content-title-input').fill(title);
      await own.getByTestId('content-author-input').fill('Nhóm Marketing');
      await own.getByTestId('content-description-input').fill('Ưu đãi tháng này cho khách hàng thân thiết.');
      const editor = own.getByTestId('content-editor');
      await editor.click();
      await own.keyboard.type('Chào mừng bạn đến với ưu đãi tháng 12. ');
      await own.keyboard.press('Control+b');
      await own.keyboard.type('Giảm 20%');
      await own.keyboard.press('Control+b');
      await own.keyboard.press('Enter');
      await own.getByTestId('editor-insert-image').click();
      await uploadThroughDialog(own, image);
      await editor.locator('img').waitFor();
      await own.getByTestId('content-cover-choose').click();
      await uploadThroughDialog(own, image);
      await own.getByTestId('content-cover-preview').waitFor();
      for (const oa of targets) {
        const box = own.getByTestId(`content-oa-${oa.id}`);
        if (!(await box.isChecked())) await box.check();
      }
      await own.screenshot({ path: shot('oa-content-editor-vi'), fullPage: true });
      await own.getByTestId('content-submit').click();
      await own.getByTestId('content-submit-confirm').click();
      await own.waitForURL((url) => url.pathname === '/tenant/zalo-oa/content', { timeout: 20_000 });
      const row = own.locator('[data-testid=content-table] tr.ant-table-row').filter({ hasText: title });
      await row.waitFor({ timeout: 15_000 });
      assert.match((await row.getByTestId('content-status').textContent()) ?? '', /Chờ duyệt/);

      // The approver: detail modal from the list, then the detail page with approve.
      await signIn(mod, MODERATOR);
      await mod.goto(listUrl);
      await settle(mod);
      const modRow = mod.locator('[data-testid=content-table] tr.ant-table-row').filter({ hasText: title });
      await modRow.waitFor({ timeout: 15_000 });
      await modRow.click();
      await mod.getByTestId('content-detail').waitFor();
      await settle(mod);
      await mod.screenshot({ path: shot('oa-content-detail-modal-vi') });
      await mod.getByTestId('content-detail-open').click();
      await mod.getByTestId('content-approve').waitFor({ timeout: 15_000 });
      await mod.getByTestId('content-approve').click();
      await mod.getByTestId('decision-note').waitFor();
      await mod.getByTestId('decision-submit').click();
      await mod.locator('.ant-message-success').waitFor({ timeout: 15_000 });

      // Publishing to each OA follows live on the page (oa_content.changed), without a reload.
      await mod.evaluate(() => ((window as unknown as Record<string, unknown>).contentJourney = 'still here'));
      const started = Date.now();
      const published = mod.waitForFunction(
        (n) => {
          const tags = [...document.querySelectorAll('[data-testid=content-publish-card] [data-testid=publish-state]')];
          return tags.length >= n && tags.every((t) => /Đã đăng/.test(t.textContent ?? ''));
        },
        targets.length,
        { timeout: 120_000 },
      );
      await published.catch(async (error: unknown) => {
        await mod.screenshot({ path: shot('oa-content-publish-timeout'), fullPage: true });
        const list = await ownerApi<Array<{ title: string; status: string; oaContentMapping: unknown[] }>>('GET', 'merchant/oa-content/getList?type=post');
        console.log(JSON.stringify(list.filter((c) => c.title === title).map((c) => ({ status: c.status, mappings: c.oaContentMapping })), null, 1));
        throw error;
      });
      console.log(`oa-content journey: published to ${targets.length} OAs ${Date.now() - started} ms after the approval`);
      assert.equal(await mod.evaluate(() => (window as unknown as Record<string, unknown>).contentJourney), 'still here', 'live, no reload');
      assert.equal(await mod.getByTestId('mapping-link').count(), targets.length, 'a view link per OA');
      await mod.locator('[data-testid=content-publish-card] canvas, [data-testid=content-publish-card] svg').first().waitFor();
      const detailUrl = mod.url();
      await mod.screenshot({ path: shot('oa-content-published-vi'), fullPage: true });

      // §2.7 quota popover: used/total per OA.
      await own.goto(listUrl);
      await settle(own);
      await own.getByTestId('quota-show').click();
      await own.getByTestId('quota-list').waitFor({ timeout: 15_000 });
      await own.screenshot({ path: shot('oa-content-quota-vi') });
      await own.keyboard.press('Escape');

      // §2.9 video picker: upload with a progress bar, the card with name and size in MB, the cover-layout step, delete with confirmation.
      await own.goto(`${BASE_URL}/tenant/zalo-oa/content/create?tenantId=${tenant.id}&type=post`);
      await own.getByTestId('content-form').waitFor({ timeout: 20_000 });
      // The upload goes to the chosen OAs: none chosen, none to upload to.
      for (const oa of targets) await own.getByTestId(`content-oa-${oa.id}`).check();
      await own.locator('input[type=radio][value=video]').check();
      await own.getByTestId('content-cover-video').click();
      const picker = own.locator('.ant-modal').filter({ has: own.getByTestId('video-upload') });
      await picker.waitFor();
      assert.equal(await own.getByTestId('video-picker-ok').textContent(), 'Chọn', '§4: OK reads select in step 1');
      await picker.locator('input[type=file]').setInputFiles({ name: 'gioi-thieu.mp4', mimeType: 'video/mp4', buffer: mp4Bytes() });
      const card = picker.locator('[data-testid^=video-card-]').filter({ hasText: 'gioi-thieu.mp4' });
      await card.waitFor({ timeout: 20_000 });
      assert.match((await card.textContent()) ?? '', /MB/);
      await card.click();
      await own.screenshot({ path: shot('oa-content-video-picker-vi') });
      await own.getByTestId('video-picker-ok').click();
      await own.locator('label:has([data-testid=video-layout-vertical])').click();
      assert.equal(await own.getByTestId('video-picker-ok').textContent(), 'Thêm', '§4: OK reads add in step 2');
      await own.screenshot({ path: shot('oa-content-video-layout-vi') });
      await own.getByTestId('video-picker-ok').click();
      await picker.waitFor({ state: 'hidden' });
      await own.getByTestId('content-cover-video').click();
      await card.waitFor();
      await card.getByRole('button').click();
      await own.locator('.ant-popconfirm .ant-btn-dangerous').click();
      await card.waitFor({ state: 'detached', timeout: 15_000 });
      await own.keyboard.press('Escape');

      await shotsAt(own, 'oa-content-list', listUrl, 'content-table');
      await shotsAt(own, 'oa-content-detail', detailUrl, 'content-publish-card');
      await shotsAt(own, 'oa-content-create', `${BASE_URL}/tenant/zalo-oa/content/create?tenantId=${tenant.id}&type=post`, 'content-form');
      await shotsAt(own, 'oa-content-videos', `${BASE_URL}/tenant/zalo-oa/content/video?tenantId=${tenant.id}`, 'content-table');
    } finally {
      await ownContext.close();
      await modContext.close();
    }
  });
});
