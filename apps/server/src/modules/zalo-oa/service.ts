import { and, desc, eq, lt, isNull, or, sql } from 'drizzle-orm';
import { sendZaloRequest } from '@zc/zalo/transport';
import { readOaInfo } from '@zc/zalo/oa-info';
import { ZaloApiError, ZaloError, ZaloRequestError } from '@zc/zalo/errors';
import { HEADER_UNSAFE_MESSAGE, isHeaderSafe } from '@zc/shared/api/common';
import type { ZaloClient } from '@zc/zalo/client';
import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { zaloOas } from '../../db/schema/zalo-oa';
import { AppError } from '../../platform/errors';
import type { Cipher } from '../../platform/crypto';
import { emitEvent } from '../../platform/events';

export type OaRow = typeof zaloOas.$inferSelect;

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

export async function findOa(db: DbOrTx, tenantId: string, id: string): Promise<OaRow | null> {
  const [row] = await db.select().from(zaloOas).where(and(eq(zaloOas.tenantId, tenantId), eq(zaloOas.id, id)));
  return row ?? null;
}

export async function listOas(db: DbOrTx, tenantId: string, limit = 999, offset = 0) {
  const rows = await db.select().from(zaloOas).where(eq(zaloOas.tenantId, tenantId)).orderBy(desc(zaloOas.createdAt)).limit(limit).offset(offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(zaloOas).where(eq(zaloOas.tenantId, tenantId));
  return { rows, total: c?.n ?? 0 };
}

const mask = (cipher: Cipher, enc: string) => {
  const plain = cipher.decrypt(enc);
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
};

export function presentOa(row: OaRow) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    zaloOAvatar: row.avatar,
    zappId: row.zappId,
    zoaId: row.zoaId,
    tokenStatus: row.tokenStatus as 'ACTIVE' | 'REFRESH_FAILED',
    accessTokenExpiresAt: row.accessTokenExpiresAt?.toISOString() ?? null,
    lastRefreshError: row.lastRefreshError,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentOaDetail(row: OaRow, cipher: Cipher, withCredentials: boolean, publicUrl: string) {
  return {
    ...presentOa(row),
    credentials: withCredentials
      ? {
          zoaSecretKey: mask(cipher, row.secretKeyEnc),
          zoaWebhookSecretKey: mask(cipher, row.webhookSecretEnc),
          zoaAccessToken: mask(cipher, row.accessTokenEnc),
          zoaRefreshToken: mask(cipher, row.refreshTokenEnc),
        }
      : null,
    webhookUrl: `${publicUrl}/api/webhooks/zalo`,
  };
}

/** Users of the tenant who hold `permission` there (organisation-wide roles or through their group). */
export async function tenantUsersWith(db: DbOrTx, tenantId: string, permission: string): Promise<Array<{ id: string; email: string }>> {
  const [tenant] = await db.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, role: merchantMembers.role, groupPermissions: userGroups.permissions, member: tenantMembers.userId })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.tenantId, tenantId)))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(eq(merchantMembers.merchantId, tenant.merchantId));
  return rows
    .filter((r) => {
      const role = r.role as MerchantRole;
      const reaches = ORGANISATION_WIDE_ROLES.includes(role) || r.member !== null;
      const perms = new Set<string>([...MERCHANT_ROLE_PERMISSIONS[role], ...(r.groupPermissions ?? [])]);
      return reaches && perms.has(permission);
    })
    .map((r) => ({ id: r.id, email: r.email }));
}

/**
 * Refreshes OA tokens that expire within `aheadMs` (or whose expiry is unknown). A failure marks
 * the OA REFRESH_FAILED and announces `zalo_oa.token_refresh_failed` once; its handler alerts the
 * tenant's OA administrators in-app and by mail (alerts.ts).
 */
export async function refreshExpiringTokens(db: Db, zalo: ZaloClient, opts: { now?: Date; aheadMs?: number } = {}): Promise<{ refreshed: number; failed: number }> {
  const now = opts.now ?? new Date();
  const horizon = new Date(now.getTime() + (opts.aheadMs ?? 2 * 3600_000));
  const due = await db
    .select()
    .from(zaloOas)
    .where(and(eq(zaloOas.tokenStatus, 'ACTIVE'), or(isNull(zaloOas.accessTokenExpiresAt), lt(zaloOas.accessTokenExpiresAt, horizon))))
    .limit(200);
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
        const [row] = await tx
          .update(zaloOas)
          .set({ tokenStatus: 'REFRESH_FAILED', lastRefreshError: reason.slice(0, 500), updatedAt: new Date() })
          .where(and(eq(zaloOas.id, oa.id), eq(zaloOas.tokenStatus, 'ACTIVE')))
          .returning();
        if (!row) return;
        // The alert to the OA's administrators (in-app + mail) is a handler of this event (events/handlers.ts).
        await emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId: oa.tenantId, data: { zaloOaId: oa.id } });
      });
    }
  }
  return { refreshed, failed };
}

