import { envelopeData, type ZaloCall, type ZaloClient } from './client';

/** A file for preparevideo (same shape as oa-media's UploadFile). */
export interface VideoFile {
  data: Uint8Array;
  filename: string;
  contentType?: string;
}

function videoForm(f: VideoFile): FormData {
  const form = new FormData();
  form.append('file', new Blob([f.data], { type: f.contentType ?? 'application/octet-stream' }), f.filename);
  return form;
}

/**
 * Articles (posts) and article videos (REFERENCE §3.9, §13.2). Field names are Zalo's.
 * Create and update are asynchronous: they answer a token; `verifyArticle` answers the 20-hex
 * article id when done and fails with `-214` while Zalo is still processing. `-223`: the OA reached
 * its article quota.
 */

export type ArticleBodyItem =
  | { type: 'text'; content: string }
  | { type: 'image'; url: string; caption?: string }
  | { type: 'video'; url: string; thumb?: string }
  | { type: 'video'; video_id: string; thumb?: string }
  | { type: 'product'; id: string };

export type ArticleCover =
  | { cover_type: 'photo'; photo_url: string; status: 'show' | 'hide' }
  | { cover_type: 'video'; video_id: string; cover_view: 'horizontal' | 'vertical' | 'square'; status: 'show' | 'hide' };

export type ArticleInput =
  | {
      type: 'normal';
      /** 1–150 chars */
      title: string;
      /** ≤ 50 chars */
      author: string;
      cover: ArticleCover;
      /** ≤ 300 chars */
      description: string;
      body: ArticleBodyItem[];
      related_medias?: string[];
      tracking_link?: string;
      cite?: { url: string; label: string };
      status?: 'show' | 'hide';
      comment?: 'show' | 'hide';
    }
  | { type: 'video'; title: string; description: string; video_id: string; avatar: string; status?: 'show' | 'hide'; comment?: 'show' | 'hide' };

export interface Article {
  id: string;
  type: 'normal' | 'video';
  title: string;
  author: string;
  description: string;
  status: string;
  comment: string;
  thumb: string;
  body: ArticleBodyItem[];
  video_id?: string;
  create_date: number;
  update_date: number;
  total_view: number;
  total_share: number;
  link_view: string;
}

const post = (path: string, json: unknown, idempotent = false): ZaloCall => ({ api: 'oa', host: 'openapi', method: 'POST', path, json, idempotent });

/** POST /v2.0/article/create → a processing token; call `verifyArticle` until it yields the id (-214 meanwhile). */
export async function createArticle(client: ZaloClient, oaKey: string, a: ArticleInput): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, post('/v2.0/article/create', a)));
}

/** POST /v2.0/article/verify → `{id}` (some answers name it `article_id`; both are read). */
export async function verifyArticle(client: ZaloClient, oaKey: string, token: string): Promise<{ id: string }> {
  const data = envelopeData<{ id?: string; article_id?: string }>(await client.call(oaKey, post('/v2.0/article/verify', { token }, true)));
  return { id: String(data.id ?? data.article_id ?? '') };
}

/** POST /v2.0/article/update (create body + id) → a processing token. */
export async function updateArticle(client: ZaloClient, oaKey: string, id: string, a: ArticleInput): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, post('/v2.0/article/update', { ...a, id }, true)));
}

/** POST /v2.0/article/remove */
export async function removeArticle(client: ZaloClient, oaKey: string, id: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/article/remove', { id }, true));
}

/** GET /v2.0/article/getslice (plain query parameters; limit ≤ 10, -201 beyond). */
export async function listArticles(client: ZaloClient, oaKey: string, p: { offset?: number; limit?: number; type?: 'normal' | 'video' } = {}): Promise<{ medias: Article[]; total: number }> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/getslice', query: { offset: p.offset ?? 0, limit: p.limit ?? 10, type: p.type ?? 'normal' } }));
}

/** GET /v2.0/article/getdetail */
export async function getArticle(client: ZaloClient, oaKey: string, id: string): Promise<Article> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/getdetail', query: { id } }));
}

/** POST /v2.0/article/upload_video/preparevideo (multipart `file`, AVI/MP4 ≤ 50 MB) → video token. Not repeated: a retry would upload twice. */
export async function prepareVideo(client: ZaloClient, oaKey: string, f: VideoFile): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'POST', path: '/v2.0/article/upload_video/preparevideo', multipart: videoForm(f), idempotent: false }));
}

export interface VideoStatus {
  /** 0 unknown, 1 ready, 2 locked, 3 converting, 4 failed, 5 deleted */
  status: number;
  status_message?: string;
  video_id: string;
  video_name?: string;
  video_size?: number;
  convert_percent: number;
  convert_error_code?: number;
}

/** GET /v2.0/article/upload_video/verify (the token goes in a `token` header, as the official SDK does). */
export async function verifyVideo(client: ZaloClient, oaKey: string, token: string): Promise<VideoStatus> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/upload_video/verify', headers: { token } }));
}
