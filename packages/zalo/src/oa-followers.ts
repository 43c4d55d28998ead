import { envelopeData, type ZaloClient, type ZaloCall } from './client';

/**
 * Followers, tags and calls on `openapi.zalo.me` (REFERENCE §3.2, §3.3, §13.1, §13.4). Field names are Zalo's.
 * Every function takes the OA key the client resolves tokens and the per-OA rate limit by.
 */

const get = (path: string, data?: Record<string, unknown>): ZaloCall => ({
  api: 'oa', host: 'openapi', method: 'GET', path, query: data === undefined ? undefined : { data: JSON.stringify(data) },
});
const post = (path: string, json: unknown, idempotent = false): ZaloCall => ({ api: 'oa', host: 'openapi', method: 'POST', path, json, idempotent });

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

export type CallType = 'audio' | 'video' | 'audio_and_video';
/** Why the OA asks to call (REFERENCE §13.4): 101, 103, 105, 106, 107. */
export type ConsentReason = 101 | 103 | 105 | 106 | 107;

export interface ConsentState {
  /** Whether the user currently accepts calls from the OA. */
  consent: boolean;
  /** `pending` after a request the user has not answered, `accepted`, `rejected`, `expired` or `none`. */
  status: string;
  /** Epoch ms the consent ends (a consent lasts 30 days), when granted. */
  expired_time?: number;
  call_type?: CallType;
}

/** POST /v2.0/oa/call/requestconsent `{phone, call_type, reason_code}` — asks the user for call consent. */
export async function requestCallConsent(client: ZaloClient, oaKey: string, p: { phone: string; call_type: CallType; reason_code: ConsentReason }): Promise<void> {
  await client.call(oaKey, post('/v2.0/oa/call/requestconsent', p));
}

/** GET /v2.0/oa/call/checkconsent `data={"phone"}` */
export async function checkCallConsent(client: ZaloClient, oaKey: string, phone: string): Promise<ConsentState> {
  return envelopeData(await client.call(oaKey, get('/v2.0/oa/call/checkconsent', { phone })));
}

export interface OutboundCall {
  call_link: string;
  qr_code: string;
  /** Seconds the link stays valid (172800). */
  ttl: number;
}

/** POST /v3.0/oa/call/outbound `{user_id, agent_id?, call_type}` — a link (and QR) to start the call. */
export async function startOutboundCall(client: ZaloClient, oaKey: string, p: { user_id: string; agent_id?: string; call_type: CallType }): Promise<OutboundCall> {
  return envelopeData(await client.call(oaKey, post('/v3.0/oa/call/outbound', p)));
}
