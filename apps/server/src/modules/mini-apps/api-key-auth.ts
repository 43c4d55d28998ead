import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ZMA_API_KEY_HEADER, ZMA_API_KEY_SECRET_PREFIX } from '@zc/shared/api/zma-apps';
import type { DbOrTx } from '../../db/client';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { findLiveKeyByHash, touchKey } from './repo';

/** Who is calling `/api/zma/v1/*`: the mini app of the key, its tenant, the key. */
export interface ZmaApiKeyCaller {
  zmaAppId: string;
  tenantId: string;
  keyId: string;
}

/** A key is `zma_live_` + 43 base64url characters; anything else is refused without a read. */
const KEY_SHAPE = new RegExp(`^${ZMA_API_KEY_SECRET_PREFIX}[A-Za-z0-9_-]{20,100}$`);
const ONE_MINUTE_MS = 60_000;

const resolved = new WeakMap<FastifyRequest, Promise<ZmaApiKeyCaller>>();

function presentedKey(request: FastifyRequest): string | null {
  const v = request.headers[ZMA_API_KEY_HEADER];
  const direct = (Array.isArray(v) ? v[0] : v)?.trim();
  if (direct) return direct;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null;
}

async function resolve(request: FastifyRequest, db: DbOrTx): Promise<ZmaApiKeyCaller> {
  const secret = presentedKey(request);
  if (!secret || !KEY_SHAPE.test(secret)) throw new AppError('API_KEY_INVALID');
  const key = await findLiveKeyByHash(db, sha256(secret));
  if (!key) throw new AppError('API_KEY_INVALID');
  if (!key.moduleOn) throw new AppError('MODULE_NOT_ENABLED');
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= ONE_MINUTE_MS) await touchKey(db, key.id);
  return { zmaAppId: key.zmaAppId, tenantId: key.tenantId, keyId: key.id };
}

/**
 * The tenant's backend calling `/api/zma/v1/*` with a mini-app API key (`x-api-key`, or
 * `Authorization: Bearer`): 401 API_KEY_INVALID for a missing, malformed, unknown or revoked key;
 * 403 MODULE_NOT_ENABLED when the tenant's mini-app service is off. Marks the key used at most once
 * a minute. Resolved once per request: call it in the route's `onRequest` (so a bad key is refused
 * before the body is read — `zmaApiKeyOnRequest`) and again in the handler for the caller.
 */
export function requireZmaApiKey(request: FastifyRequest, db: DbOrTx): Promise<ZmaApiKeyCaller> {
  let p = resolved.get(request);
  if (!p) {
    p = resolve(request, db);
    resolved.set(request, p);
  }
  return p;
}

/** The `onRequest` hook of a `/api/zma/v1/*` route: the key is checked before the body is read. */
export function zmaApiKeyOnRequest(db: DbOrTx): onRequestAsyncHookHandler {
  return async (request) => {
    await requireZmaApiKey(request, db);
  };
}

/** Requests per minute one mini-app API key may make to `/api/zma/v1/*`, per API process (429 with Retry-After beyond). */
export const ZMA_API_PER_KEY_PER_MINUTE = 600;

/**
 * The route `config` part that limits `/api/zma/v1/*` per key (by the hash of the key presented,
 * else the client address), so one tenant's runaway backend cannot crowd out the others.
 */
export const zmaApiRateLimit = {
  rateLimit: {
    max: ZMA_API_PER_KEY_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const key = presentedKey(request);
      return key ? `zma-key:${sha256(key)}` : `zma-ip:${request.ip}`;
    },
  },
};
