import { sendZaloRequest } from '@zc/zalo/transport';
import { readOaInfo } from '@zc/zalo/oa-info';
import { ZaloApiError, ZaloError, ZaloRequestError } from '@zc/zalo/errors';
import { HEADER_UNSAFE_MESSAGE, isHeaderSafe } from '@zc/shared/api/common';
import type { ZaloClient } from '@zc/zalo/client';
import type { CreateOaBody, UpdateOaBody, ZaloOa, ZaloOaDetail } from '@zc/shared/api/zalo-oa';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Cipher } from '../../platform/crypto';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { canRenameOa, canUpdateOaCredentials } from './policy';
import { presentOa, presentOaDetail } from './presenter';
import { findOaRow, findOasDueForRefresh, insertOa, isZoaConnected, listOaRows, markRefreshFailed, tenantUsersWith, updateOaRow, type OaRow } from './repo';

export type { OaRow } from './repo';

/** Turns a Zalo failure into the answer the OA dialog shows (explanation in vi and en). */
export function zaloFailure(err: unknown): AppError {
  if (err instanceof ZaloApiError) {
    return new AppError('ZALO_REJECTED', `${err.explanation.en.meaning} ${err.explanation.en.action}`, {
      zaloCode: err.code,
      zaloMessage: err.zaloMessage,
      vi: `${err.explanation.vi.meaning} ${err.explanation.vi.action}`,
    });
  }
  // Refused before sending (e.g. a stored credential HTTP cannot carry): our request is at fault, not Zalo.
  if (err instanceof ZaloRequestError) return new AppError('VALIDATION_FAILED', err.message);
  if (err instanceof ZaloError) return new AppError('ZALO_UNAVAILABLE', undefined, { reason: err.message });
  throw err;
}

/** The OA dialog's credentials that Zalo receives in HTTP headers (`access_token`, `secret_key`). */
const HEADER_CREDENTIALS = ['zoaAccessToken', 'zoaSecretKey'] as const;

/**
 * Refuses, with 400 naming each field, a pasted credential that cannot travel in an HTTP header
 * (CR/LF, controls, emoji, non-ASCII): checked before Zalo is called or anything is stored (ADR 0006).
 */
export function assertHeaderSafeCredentials(body: Partial<Record<(typeof HEADER_CREDENTIALS)[number], string>>): void {
  const fields = HEADER_CREDENTIALS.flatMap((name) => {
    const value = body[name];
    return value === undefined || isHeaderSafe(value) ? [] : [{ path: `body.${name}`, code: 'header_unsafe', message: HEADER_UNSAFE_MESSAGE }];
  });
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', undefined, { fields });
}

/** Reads the OA profile with a pasted access token before anything is stored. */
export async function fetchOaProfile(zalo: ZaloClient, accessToken: string): Promise<{ oaId: string; name: string; avatar: string | null }> {
  try {
    const body = await sendZaloRequest(zalo.transport, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/getoa', headers: { access_token: accessToken } });
    const data = (body.data ?? {}) as Record<string, unknown>;
    // `oaid` is the documented key; older answers said `oa_id` (readOaInfo takes either).
    const oaId = readOaInfo(data).oaid;
    return { oaId, name: String(data.name ?? ''), avatar: typeof data.avatar === 'string' ? data.avatar : null };
  } catch (err) {
    throw zaloFailure(err);
  }
}

/**
 * The tenant's OA row, or null (another tenant's ids answer 404 upstream). `tenant` is a request's
 * scope, or the id of the tenant the access hook authorised (requireTenant) for callers not yet on scopes.
 */
export async function findOa(db: DbOrTx, scope: TenantScope, id: string): Promise<OaRow | null> {
  return findOaRow(db, scope, id);
}

/** The tenant's OAs, newest first, each with the actor's abilities. */
export async function findOas(db: DbOrTx, actor: Actor, scope: TenantScope, limit = 999, offset = 0): Promise<{ rows: ZaloOa[]; total: number }> {
  const r = await listOaRows(db, scope, limit, offset);
  return { rows: r.rows.map((row) => presentOa(actor, row)), total: r.total };
}

export async function findOaDetail(db: DbOrTx, actor: Actor, scope: TenantScope, cipher: Cipher, publicUrl: string, id: string): Promise<ZaloOaDetail> {
  const row = await findOaRow(db, scope, id);
  if (!row) throw notFound();
  return presentOaDetail(actor, row, cipher, publicUrl);
}

export interface OaDeps {
  db: Db;
  zalo: ZaloClient;
  cipher: Cipher;
}

/**
 * Connects an OA with its seven credentials: header-safe credentials, not connected anywhere yet, and an
 * access token Zalo accepts for this OA (getoa) — checked before the transaction; `record` audits it.
 */
export async function connectOa(deps: OaDeps, actor: Actor, scope: TenantScope, body: CreateOaBody, run: (work: (tx: Tx) => Promise<OaRow>) => Promise<OaRow>): Promise<OaRow> {
  assertHeaderSafeCredentials(body);
  const taken = () => new AppError('OA_ALREADY_CONNECTED', undefined, { fields: [{ path: 'zoaId', code: 'taken', message: 'This Official Account is already connected' }] });
  if (await isZoaConnected(deps.db, body.zoaId)) throw taken();
  const profile = await fetchOaProfile(deps.zalo, body.zoaAccessToken);
  if (profile.oaId && profile.oaId !== body.zoaId) throw fieldError('zoaId', `The access token belongs to OA ${profile.oaId}, not ${body.zoaId}`, 'mismatch');
  return run(async (tx) => {
    const created = await insertOa(tx, scope, {
      name: body.name,
      avatar: profile.avatar,
      zappId: body.zappId,
      zoaId: body.zoaId,
      secretKeyEnc: deps.cipher.encrypt(body.zoaSecretKey),
      webhookSecretEnc: deps.cipher.encrypt(body.zoaWebhookSecretKey),
      accessTokenEnc: deps.cipher.encrypt(body.zoaAccessToken),
      refreshTokenEnc: deps.cipher.encrypt(body.zoaRefreshToken),
      createdBy: actor.userId,
    });
    if (!created) throw new AppError('OA_ALREADY_CONNECTED');
    return created;
  });
}

/**
 * Renames the OA and/or replaces credentials, as its abilities say (rename, updateCredentials: 403
 * otherwise). A new access token is checked with Zalo first and must belong to this OA.
 */
export async function changeOa(deps: OaDeps, actor: Actor, scope: TenantScope, id: string, body: UpdateOaBody, run: (work: (tx: Tx) => Promise<{ before: OaRow; after: OaRow }>) => Promise<{ before: OaRow; after: OaRow }>) {
  const touchesCredentials = Boolean(body.zoaSecretKey || body.zoaWebhookSecretKey || body.zoaAccessToken || body.zoaRefreshToken);
  if (touchesCredentials && !canUpdateOaCredentials(actor)) throw new AppError('FORBIDDEN');
  if (body.name && !canRenameOa(actor)) throw new AppError('FORBIDDEN');
  assertHeaderSafeCredentials(body);
  const existing = await findOaRow(deps.db, scope, id);
  if (!existing) throw notFound();
  if (body.zoaAccessToken) {
    const profile = await fetchOaProfile(deps.zalo, body.zoaAccessToken);
    if (profile.oaId && profile.oaId !== existing.zoaId) throw fieldError('zoaAccessToken', `The access token belongs to OA ${profile.oaId}`, 'mismatch');
  }
  const { cipher } = deps;
  const r = await run(async (tx) => {
    const after = await updateOaRow(tx, scope, existing.id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.zoaSecretKey ? { secretKeyEnc: cipher.encrypt(body.zoaSecretKey) } : {}),
      ...(body.zoaWebhookSecretKey ? { webhookSecretEnc: cipher.encrypt(body.zoaWebhookSecretKey) } : {}),
      ...(body.zoaAccessToken ? { accessTokenEnc: cipher.encrypt(body.zoaAccessToken), accessTokenExpiresAt: null, tokenStatus: 'ACTIVE', lastRefreshError: null } : {}),
      ...(body.zoaRefreshToken ? { refreshTokenEnc: cipher.encrypt(body.zoaRefreshToken), tokenStatus: 'ACTIVE', lastRefreshError: null } : {}),
    });
    if (!after) throw notFound();
    return { before: existing, after };
  });
  return { ...r, touchesCredentials };
}

/** Users of the tenant who hold `permission` there (the token-refresh alert's receivers). */
export function tenantUsersWithPermission(db: DbOrTx, tenantId: string, permission: string) {
  return tenantUsersWith(db, trustedTenantScope(tenantId), permission);
}

/**
 * Refreshes OA tokens that expire within `aheadMs` (or whose expiry is unknown). A failure marks
 * the OA REFRESH_FAILED and announces `zalo_oa.token_refresh_failed` once; its handler alerts the
 * tenant's OA administrators in-app and by mail (alerts.ts).
 */
export async function refreshExpiringTokens(db: Db, zalo: ZaloClient, opts: { now?: Date; aheadMs?: number } = {}): Promise<{ refreshed: number; failed: number }> {
  const now = opts.now ?? new Date();
  const horizon = new Date(now.getTime() + (opts.aheadMs ?? 2 * 3600_000));
  const due = await findOasDueForRefresh(db, horizon, 200);
  let refreshed = 0;
  let failed = 0;
  for (const oa of due) {
    try {
      const current = await zalo.tokenStore.get(oa.id);
      await zalo.refreshTokens(oa.id, current?.accessToken);
      refreshed += 1;
    } catch (err) {
      failed += 1;
      const reason = err instanceof ZaloApiError ? `${err.code}: ${err.explanation.en.meaning}` : err instanceof Error ? err.message : 'refresh failed';
      await db.transaction(async (tx) => {
        const row = await markRefreshFailed(tx, trustedTenantScope(oa.tenantId), oa.id, reason);
        if (!row) return;
        // The alert to the OA's administrators (in-app + mail) is a handler of this event (events/handlers.ts).
        await emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId: oa.tenantId, data: { zaloOaId: oa.id } });
      });
    }
  }
  return { refreshed, failed };
}

