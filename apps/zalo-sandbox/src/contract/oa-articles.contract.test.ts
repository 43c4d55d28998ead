import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import { createArticle, getArticle, listArticles, prepareVideo, removeArticle, updateArticle, verifyArticle, verifyVideo, type ArticleInput } from '@zc/zalo/oa-articles';
import { SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '../seed';
import { startHarness, type Harness } from './harness';

const h: Harness = await startHarness();
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('/reset', {});
});
const OA = SANDBOX_OA_ID;
const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));
const MP4 = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 1, 2, 3, 4]);
const post: ArticleInput = {
  type: 'normal', title: 'Bản tin', author: 'Sen Việt', description: 'Mô tả',
  cover: { cover_type: 'photo', photo_url: 'https://example.vn/c.jpg', status: 'show' },
  body: [{ type: 'text', content: '<p>Xin chào</p>' }, { type: 'image', url: 'https://example.vn/i.jpg', caption: 'Ảnh' }, { type: 'product', id: 'p1' }],
  status: 'show',
};
const arts = () => h.control('/articles') as Promise<{ oas: Array<{ oaId: string; created: number; quota: number }>; jobs: Array<{ token: string; done: boolean }> }>;

describe('articles and videos (REFERENCE §13.2) against the sandbox', () => {
  it('create answers a token, verify -214 while processing, then a 20-hex id; getslice has views and link', async () => {
    const { token } = await createArticle(h.client, OA, post);
    expect(await codeOf(verifyArticle(h.client, OA, token))).toBe(-214);
    const { id } = await verifyArticle(h.client, OA, token);
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    const slice = await listArticles(h.client, OA, { limit: 10, type: 'normal' });
    expect(slice.medias[0]).toMatchObject({ id, title: 'Bản tin', total_view: 0, total_share: 0, link_view: expect.stringContaining(id) as string });
    expect(await codeOf(listArticles(h.client, OA, { limit: 11 }))).toBe(-201);
    const { token: t2 } = await updateArticle(h.client, OA, id, { ...post, title: 'Bản tin mới' });
    await h.control(`/articles/jobs/${t2}`, { action: 'approve' });
    expect((await verifyArticle(h.client, OA, t2)).id).toBe(id);
    expect((await getArticle(h.client, OA, id)).title).toBe('Bản tin mới');
    await removeArticle(h.client, OA, id);
    expect(await codeOf(getArticle(h.client, OA, id))).toBe(-201);
  });

  it('an unverified article is not listed; another OA cannot verify its token', async () => {
    const before = (await listArticles(h.client, OA)).total;
    const { token } = await createArticle(h.client, OA, post);
    expect((await listArticles(h.client, OA)).total).toBe(before);
    expect(await codeOf(verifyArticle(h.client, SANDBOX_SECOND_OA_ID, token))).toBe(-201);
  });

  it('-223 once the OA used its article quota (per OA)', async () => {
    await h.control(`/articles/oa/${OA}`, { quota: 1 });
    await createArticle(h.client, OA, post);
    const e = await createArticle(h.client, OA, post).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ZaloApiError);
    expect((e as ZaloApiError).code).toBe(-223);
    expect((e as ZaloApiError).zaloMessage).toBe('Your OA has reach the limit quota create article');
    await expect(createArticle(h.client, SANDBOX_SECOND_OA_ID, post)).resolves.toHaveProperty('token');
    expect((await arts()).oas.find((o) => o.oaId === OA)).toMatchObject({ created: 1, quota: 1 });
  });

  it('control: hold then approve, fail a job, and fail the next verify of an OA', async () => {
    await h.control(`/articles/oa/${OA}`, { hold: true });
    const { token } = await createArticle(h.client, OA, post);
    expect(await codeOf(verifyArticle(h.client, OA, token))).toBe(-214);
    expect(await codeOf(verifyArticle(h.client, OA, token))).toBe(-214);
    await h.control(`/articles/jobs/${token}`, { action: 'approve' });
    expect((await verifyArticle(h.client, OA, token)).id).toMatch(/^[0-9a-f]{20}$/);
    await h.control(`/articles/oa/${OA}`, { hold: false, failNext: { code: -201, message: 'body is invalid!' } });
    const { token: t2 } = await createArticle(h.client, OA, post);
    expect(await codeOf(verifyArticle(h.client, OA, t2))).toBe(-201);
    await h.control(`/articles/jobs/${t2}`, { action: 'fail', code: -224, message: 'Article rejected' });
    expect(await codeOf(verifyArticle(h.client, OA, t2))).toBe(-224);
  });

  it('video: preparevideo (mp4 ≤ 50 MB) then conversion 3 → 1 over a few verifies; a video article uses it', async () => {
    const { token } = await prepareVideo(h.client, OA, { data: MP4, filename: 'clip.mp4', contentType: 'video/mp4' });
    const a = await verifyVideo(h.client, OA, token);
    expect(a).toMatchObject({ status: 3, convert_percent: 0, video_name: 'clip.mp4', video_size: MP4.length });
    expect(await codeOf(createArticle(h.client, OA, { type: 'video', title: 'V', description: 'd', video_id: a.video_id, avatar: 'https://example.vn/t.jpg' }))).toBe(-201);
    expect(await verifyVideo(h.client, OA, token)).toMatchObject({ status: 3, convert_percent: 50 });
    const done = await verifyVideo(h.client, OA, token);
    expect(done).toMatchObject({ status: 1, convert_percent: 100 });
    const { token: at } = await createArticle(h.client, OA, { type: 'video', title: 'V', description: 'd', video_id: done.video_id, avatar: 'https://example.vn/t.jpg' });
    await h.control(`/articles/jobs/${at}`, { action: 'approve' });
    const { id } = await verifyArticle(h.client, OA, at);
    expect((await listArticles(h.client, OA, { type: 'video' })).medias[0]).toMatchObject({ id, type: 'video' });
  });

  it('video: wrong type refused, control can fail a conversion (status 4)', async () => {
    expect(await codeOf(prepareVideo(h.client, OA, { data: Uint8Array.from([1, 2, 3]), filename: 'x.txt', contentType: 'text/plain' }))).toBe(-201);
    const { token } = await prepareVideo(h.client, OA, { data: MP4, filename: 'clip.mp4' });
    await h.control(`/articles/videos/${token}`, { action: 'fail' });
    expect(await verifyVideo(h.client, OA, token)).toMatchObject({ status: 4 });
  });
});
