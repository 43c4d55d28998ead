import { envelopeData, type ZaloClient, type ZaloCall } from './client';

/** Uploads and conversations (REFERENCE §3.5, §3.7). Field names are Zalo's. Articles: oa-articles.ts. */

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

// Articles and article videos moved to oa-articles.ts; re-exported for existing callers.
export {
  createArticle, getArticle, listArticles, prepareVideo, removeArticle, updateArticle, verifyArticle, verifyVideo,
  type Article, type ArticleBodyItem, type ArticleInput, type VideoStatus,
} from './oa-articles';

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
