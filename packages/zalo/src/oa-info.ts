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

export interface FollowerQuery {
  offset?: number;
  /** ≤ 50 */
  count?: number;
  tag_name?: string;
  /** TODAY | YESTERDAY | L7D | L30D | YYYY_MM_DD:YYYY_MM_DD */
  last_interaction_period?: string;
  is_follower?: boolean;
}

/** GET /v3.0/oa/user/getlist (the `data=` JSON parameter). */
export async function getFollowers(client: ZaloClient, oaKey: string, q: FollowerQuery = {}): Promise<{ total: number; count: number; offset: number; users: Array<{ user_id: string }> }> {
  const data: Record<string, unknown> = { offset: q.offset ?? 0, count: q.count ?? 50 };
  if (q.tag_name) data.tag_name = q.tag_name;
  if (q.last_interaction_period) data.last_interaction_period = q.last_interaction_period;
  if (q.is_follower !== undefined) data.is_follower = String(q.is_follower);
  return envelopeData(await client.call(oaKey, get('/v3.0/oa/user/getlist', data)));
}

/** Shared info as user/detail answers it (city and district by name). */
export interface SharedInfo {
  name?: string;
  phone?: string;
  address?: string;
  city?: string;
  district?: string;
  user_dob?: string;
}

/** Shared info as user/update takes it: city and district are integer ids, `user_dob` dd/MM/yyyy from 01/01/1970. */
export interface SharedInfoUpdate {
  name?: string;
  phone?: string;
  address?: string;
  city_id?: number;
  district_id?: number;
  /** dd/MM/yyyy, not before 01/01/1970. */
  user_dob?: string;
}

/** Body of `POST /v3.0/oa/user/update` (REFERENCE §13.1): no notes field exists. */
export interface UserUpdateInput {
  user_id: string;
  user_alias?: string;
  user_external_id?: string;
  shared_info?: SharedInfoUpdate;
}

export interface UserDetail {
  user_id: string;
  user_id_by_app: string;
  user_external_id?: string;
  display_name: string;
  user_alias: string;
  is_sensitive: boolean;
  user_last_interaction_date: string;
  user_is_follower: boolean;
  avatar: string;
  avatars: Record<string, string>;
  tags_and_notes_info: { notes: string[]; tag_names: string[] };
  shared_info: SharedInfo | null;
}

/** GET /v3.0/oa/user/detail */
export async function getUserDetail(client: ZaloClient, oaKey: string, userId: string): Promise<UserDetail> {
  return envelopeData(await client.call(oaKey, get('/v3.0/oa/user/detail', { user_id: userId })));
}

/** POST /v3.0/oa/user/update — alias, external id and shared info. Repeating is harmless. */
export async function updateUserInfo(client: ZaloClient, oaKey: string, p: UserUpdateInput): Promise<void> {
  await client.call(oaKey, post('/v3.0/oa/user/update', p, true));
}

/** POST /v2.0/oa/deletefollowerinfo `{user_id}` — clears the follower's shared info. */
export async function deleteFollowerInfo(client: ZaloClient, oaKey: string, userId: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/oa/deletefollowerinfo', { user_id: userId }, true));
}

/** GET /v2.0/oa/tag/gettagsofoa */
export async function listTags(client: ZaloClient, oaKey: string): Promise<string[]> {
  return envelopeData(await client.call(oaKey, get('/v2.0/oa/tag/gettagsofoa')));
}

/** POST /v2.0/oa/tag/tagfollower (creates the tag when missing). Repeating is harmless. */
export async function tagFollower(client: ZaloClient, oaKey: string, userId: string, tagName: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/oa/tag/tagfollower', { user_id: userId, tag_name: tagName }, true));
}

/** POST /v2.0/oa/tag/rmfollowerfromtag */
export async function untagFollower(client: ZaloClient, oaKey: string, userId: string, tagName: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/oa/tag/rmfollowerfromtag', { user_id: userId, tag_name: tagName }, true));
}

/** POST /v2.0/oa/tag/rmtag */
export async function removeTag(client: ZaloClient, oaKey: string, tagName: string): Promise<void> {
  await client.call(oaKey, post('/v2.0/oa/tag/rmtag', { tag_name: tagName }, true));
}

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
