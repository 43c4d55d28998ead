import { createHmac } from 'node:crypto';
import { ZaloResponseParseError } from './errors';
import { sendZaloRequest, type Transport, type ZaloBody } from './transport';

/**
 * Social / Mini App graph (`graph.zalo.me/v2.0`, REFERENCE §1, §10, §13.6): who a mini-app user is
 * (`/me`, with `appsecret_proof`) and the phone number behind a zmp-sdk `getPhoneNumber()` token
 * (`/me/info`). Errors come back as ZaloApiError with api 'graph' (catalogue: error-catalog-graph.ts).
 * The end user's access token is the mini app's: nothing is stored or refreshed here.
 */

/** Lowercase hex HMAC-SHA256 of the access token keyed by the app secret (Zalo's PHP/Java SDKs). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export interface GraphMe {
  /** Zalo's user id for the app (a string: ids exceed 2^53). */
  id: string;
  name: string;
  /** `picture.data.url`, or null when Zalo sent none. */
  avatar: string | null;
}

const idOf = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);

/** Reads `/me`'s flat body `{ id, name, picture: { data: { url } }, error: 0 }`. */
export function readGraphMe(body: ZaloBody): GraphMe {
  const id = idOf(body.id);
  if (!id) throw new ZaloResponseParseError('/me answer has no id', JSON.stringify(body).slice(0, 300));
  const picture = body.picture as { data?: { url?: unknown } } | undefined;
  const url = picture?.data?.url;
  return { id, name: typeof body.name === 'string' ? body.name : '', avatar: typeof url === 'string' && url ? url : null };
}

/** GET `/me?fields=id,name,picture` with headers `access_token` and `appsecret_proof`. */
export async function getMe(transport: Transport, accessToken: string, appSecret: string): Promise<GraphMe> {
  const body = await sendZaloRequest(transport, {
    api: 'graph',
    host: 'graph',
    method: 'GET',
    path: '/me',
    query: { fields: 'id,name,picture' },
    headers: { access_token: accessToken, appsecret_proof: appSecretProof(accessToken, appSecret) },
  });
  return readGraphMe(body);
}

/**
 * GET `/me/info` with headers `access_token`, `code` (the getPhoneNumber token: 2 minutes, single use)
 * and `secret_key` (the app secret) → the number as Zalo gives it (`84…`). Not repeated after an
 * ambiguous failure: the code may have been consumed.
 */
export async function getPhoneNumber(transport: Transport, accessToken: string, code: string, appSecret: string): Promise<string> {
  const body = await sendZaloRequest(transport, {
    api: 'graph',
    host: 'graph',
    method: 'GET',
    path: '/me/info',
    idempotent: false,
    headers: { access_token: accessToken, code, secret_key: appSecret },
  });
  const data = body.data as { number?: unknown } | undefined;
  const number = idOf(data?.number);
  if (!number) throw new ZaloResponseParseError('/me/info answer has no data.number', JSON.stringify(body).slice(0, 300));
  return number;
}
