import { envelopeData, type ZaloClient, type ZaloCall } from './client';

/** Uploads, articles, videos and conversations (REFERENCE §3.5, §3.7, §3.9). Field names are Zalo's. */

export interface UploadFile {
  data: Uint8Array;
  filename: string;
  contentType?: string;
}

function multipart(f: UploadFile): FormData {
  const form = new FormData();
  form.append('file', new Blob([f.data], { type: f.contentType ?? 'application/octet-stream' }), f.filename);
  return form;
}

// An upload that failed ambiguously may have been stored; repeating only costs an orphan asset.
const upload = (path: string, f: UploadFile): ZaloCall => ({ api: 'oa', host: 'openapi', method: 'POST', path, multipart: multipart(f), idempotent: true });

/** POST /v2.0/oa/upload/image (jpg/png ≤ 1 MB) → attachment id, valid 7 days. */
export async function uploadImage(client: ZaloClient, oaKey: string, f: UploadFile): Promise<{ attachment_id: string }> {
  return envelopeData(await client.call(oaKey, upload('/v2.0/oa/upload/image', f)));
}

/** POST /v2.0/oa/upload/gif (≤ 5 MB). */
export async function uploadGif(client: ZaloClient, oaKey: string, f: UploadFile): Promise<{ attachment_id: string }> {
  return envelopeData(await client.call(oaKey, upload('/v2.0/oa/upload/gif', f)));
}

/** POST /v2.0/oa/upload/file (PDF/DOC/DOCX/CSV ≤ 5 MB) → file token. */
export async function uploadFile(client: ZaloClient, oaKey: string, f: UploadFile): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, upload('/v2.0/oa/upload/file', f)));
}

export type ArticleBodyItem = { type: 'text'; content: string } | { type: 'image'; url: string; caption?: string } | { type: 'video'; url: string; thumb?: string };

export type ArticleInput =
  | {
      type: 'normal';
      /** 1–150 chars */
      title: string;
      /** ≤ 50 chars */
      author: string;
      cover: { cover_type: 'photo'; photo_url: string; status: 'show' | 'hide' };
      /** ≤ 300 chars */
      description: string;
      body: ArticleBodyItem[];
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

/** POST /v2.0/article/verify */
export async function verifyArticle(client: ZaloClient, oaKey: string, token: string): Promise<{ id: string }> {
  return envelopeData(await client.call(oaKey, post('/v2.0/article/verify', { token }, true)));
}

/** POST /v2.0/article/update */
export async function updateArticle(client: ZaloClient, oaKey: string, id: string, a: ArticleInput): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, post('/v2.0/article/update', { ...a, id }, true)));
}

/** POST /v2.0/article/remove */
export async function removeArticle(client: ZaloClient, oaKey: string, id: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/article/remove', { id }, true));
}

/** GET /v2.0/article/getslice (plain query parameters; limit ≤ 10). */
export async function listArticles(client: ZaloClient, oaKey: string, p: { offset?: number; limit?: number; type?: 'normal' | 'video' } = {}): Promise<{ medias: Article[]; total: number }> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/getslice', query: { offset: p.offset ?? 0, limit: p.limit ?? 10, type: p.type ?? 'normal' } }));
}

/** GET /v2.0/article/getdetail */
export async function getArticle(client: ZaloClient, oaKey: string, id: string): Promise<Article> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/getdetail', query: { id } }));
}

/** POST /v2.0/article/upload_video/preparevideo (AVI/MP4 ≤ 50 MB) → video token. */
export async function prepareVideo(client: ZaloClient, oaKey: string, f: UploadFile): Promise<{ token: string }> {
  return envelopeData(await client.call(oaKey, { ...upload('/v2.0/article/upload_video/preparevideo', f), idempotent: false }));
}

export interface VideoStatus {
  /** 0 unknown, 1 ready, 2 locked, 3 converting, 4 failed, 5 deleted */
  status: number;
  video_id: string;
  convert_percent: number;
}

/** GET /v2.0/article/upload_video/verify (the token goes in a `token` header, as the official SDK does). */
export async function verifyVideo(client: ZaloClient, oaKey: string, token: string): Promise<VideoStatus> {
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/article/upload_video/verify', headers: { token } }));
}

export interface ConversationMessage {
  /** 0 = OA → user, 1 = user → OA */
  src: 0 | 1;
  time: number;
  type: string;
  message: string;
  message_id: string;
  from_id: string;
  to_id: string;
  from_display_name: string;
  from_avatar: string;
  to_display_name: string;
  to_avatar: string;
  url?: string;
  thumb?: string;
}

/** GET /v2.0/oa/listrecentchat (count ≤ 10). */
export async function listRecentChats(client: ZaloClient, oaKey: string, p: { offset?: number; count?: number } = {}): Promise<ConversationMessage[]> {
  const data = JSON.stringify({ offset: p.offset ?? 0, count: p.count ?? 10 });
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/listrecentchat', query: { data } }));
}

/** GET /v2.0/oa/conversation (count ≤ 10), newest first. */
export async function getConversation(client: ZaloClient, oaKey: string, p: { userId: string; offset?: number; count?: number }): Promise<ConversationMessage[]> {
  const data = JSON.stringify({ user_id: p.userId, offset: p.offset ?? 0, count: p.count ?? 10 });
  return envelopeData(await client.call(oaKey, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/conversation', query: { data } }));
}
