import { envelopeData, type ZaloClient, type ZaloCall } from './client';

/** OA info, followers, tags and quota on `openapi.zalo.me` (REFERENCE §3.1–3.3, §3.8). Field names are Zalo's. */

const get = (path: string, data?: Record<string, unknown>): ZaloCall => ({
  api: 'oa', host: 'openapi', method: 'GET', path, query: data === undefined ? undefined : { data: JSON.stringify(data) },
});
const post = (path: string, json: unknown, idempotent = false): ZaloCall => ({ api: 'oa', host: 'openapi', method: 'POST', path, json, idempotent });

export interface OaInfo {
  /** The OA id under its documented key (REFERENCE §13.1). */
  oaid: string;
  /** Older answers used this key; kept when Zalo sends it. */
  oa_id?: string;
  name: string;
  description: string;
  oa_alias: string;
  is_verified: boolean;
  oa_type: number;
  cate_name: string;
  num_follower: number;
  avatar: string;
  cover: string;
  package_name: string;
  package_valid_through_date: string;
}

/** Reads getoa's `data`: the id under the documented `oaid`, or the older `oa_id`. */
export function readOaInfo(data: Record<string, unknown>): OaInfo {
  const id = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
  return { ...(data as unknown as OaInfo), oaid: id(data.oaid) ?? id(data.oa_id) ?? '' };
}

/** GET /v2.0/oa/getoa */
export async function getOaInfo(client: ZaloClient, oaKey: string): Promise<OaInfo> {
  return readOaInfo(envelopeData<Record<string, unknown>>(await client.call(oaKey, get('/v2.0/oa/getoa'))));
}

// Follower and tag calls live in ./oa-followers (REFERENCE §3.2, §3.3, §13.1); re-exported for existing callers.
export {
  getFollowers, getUserDetail, updateUserInfo, deleteFollowerInfo, listTags, tagFollower, untagFollower, removeTag,
  type FollowerQuery, type SharedInfo, type SharedInfoUpdate, type UserUpdateInput, type UserDetail,
} from './oa-followers';

export interface UserMessageQuota {
  last_interaction: string;
  cs_reply: { remain: number; total: number };
  promotion: { daily_remain: number; daily_total: number; monthly_remain: number; monthly_total: number };
}

/** POST /v3.0/oa/quota/message `{user_id}` — the consultation window and promotion quota of one user. */
export async function getUserMessageQuota(client: ZaloClient, oaKey: string, userId: string): Promise<UserMessageQuota> {
  return envelopeData(await client.call(oaKey, post('/v3.0/oa/quota/message', { user_id: userId }, true)));
}

export interface QuotaAsset {
  asset_id: string;
  product_type: string;
  quota_type: string;
  valid_through: string;
  total: number;
  remain: number;
}

/** POST /v3.0/oa/quota/message `{quota_owner, product_type, quota_type}` — purchased / reward quota assets. */
export async function getQuotaAssets(
  client: ZaloClient,
  oaKey: string,
  p: { quota_owner?: 'OA' | 'APP'; product_type?: string; quota_type?: 'sub_quota' | 'purchase_quota' | 'reward_quota' } = {},
): Promise<QuotaAsset[]> {
  return envelopeData(await client.call(oaKey, post('/v3.0/oa/quota/message', { quota_owner: p.quota_owner ?? 'OA', product_type: p.product_type ?? 'cs', quota_type: p.quota_type ?? 'sub_quota' }, true)));
}
