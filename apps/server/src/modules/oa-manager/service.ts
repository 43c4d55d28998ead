import { getOaInfo, getQuotaAssets } from '@zc/zalo/oa-info';
import type { ZaloClient } from '@zc/zalo/client';
import type { OaInfo, OaQuota, OaUpdateRequest, OaUpdateRequestStatus } from '@zc/shared/api/oa-manager';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { can, type Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { zaloFailure } from '../zalo-oa/service';
import {
  findTenantOa,
  insertUpdateRequest,
  listQuotas,
  listTenantOas,
  listUpdateRequests,
  lockUpdateRequest,
  replaceQuotas,
  setUpdateRequestStatus,
  type QuotaRow,
  type UpdateRequestRow,
} from './repo';

async function requireOa(db: DbOrTx, scope: TenantScope, zaloOaId: string) {
  const oa = await findTenantOa(db, scope, zaloOaId);
  if (!oa) throw notFound();
  return oa;
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** getoa (REFERENCE §3.1) for one OA of the tenant, in the API's names. */
export async function fetchOaInfo(db: DbOrTx, zalo: ZaloClient, scope: TenantScope, zaloOaId: string): Promise<OaInfo> {
  await requireOa(db, scope, zaloOaId);
  const info = await getOaInfo(zalo, zaloOaId).catch((err: unknown) => {
    throw zaloFailure(err);
  });
  return {
    zaloOAId: zaloOaId,
    oaId: info.oaid,
    name: info.name ?? '',
    description: textOrNull(info.description),
    avatar: textOrNull(info.avatar),
    cover: textOrNull(info.cover),
    isVerified: Boolean(info.is_verified),
    oaType: typeof info.oa_type === 'number' ? info.oa_type : null,
    cateName: textOrNull(info.cate_name),
    numFollower: typeof info.num_follower === 'number' ? info.num_follower : null,
    packageName: textOrNull(info.package_name),
    packageValidThroughDate: textOrNull(info.package_valid_through_date),
  };
}

const abilitiesOf = (actor: Actor, r: Pick<UpdateRequestRow, 'status'>) => ({ cancel: r.status === 'PENDING' && can(actor, 'UPDATE_ZALO_OA_INFO') });

type ListedRow = Awaited<ReturnType<typeof listUpdateRequests>>['rows'][number];

function presentRequest(actor: Actor, x: ListedRow): OaUpdateRequest {
  const r = x.r;
  return {
    id: r.id,
    zaloOAId: r.zaloOaId,
    zaloOA: { id: r.zaloOaId, name: x.oaName, zaloOAvatar: x.oaAvatar },
    status: r.status,
    name: r.name,
    description: r.description,
    avatar: r.avatar,
    cover: r.cover,
    createdBy: r.createdBy ? { id: r.createdBy, displayName: x.creatorName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    abilities: abilitiesOf(actor, r),
  };
}

/**
 * Records a request to change the OA's name, description, avatar or cover (ADR 0014: reviewed by
 * the tenant's administrators, who make the change on oa.zalo.me — Zalo has no public API for it).
 * At least one change; announced as `oa_update_request.changed`.
 */
export async function createUpdateRequest(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  input: { zaloOAId: string; name?: string; description?: string; avatar?: string; cover?: string; current?: Record<string, unknown> | null },
): Promise<{ row: UpdateRequestRow; view: OaUpdateRequest }> {
  const oa = await requireOa(tx, scope, input.zaloOAId);
  if (!input.name && input.description === undefined && !input.avatar && !input.cover) throw fieldError('body.name', 'Change at least one of name, description, avatar or cover', 'required');
  const row = await insertUpdateRequest(tx, scope, {
    zaloOaId: oa.id,
    name: input.name ?? null,
    description: input.description ?? null,
    avatar: input.avatar ?? null,
    cover: input.cover ?? null,
    current: input.current ?? null,
    createdBy: actor.userId,
  });
  await emitEvent(tx, { type: 'oa_update_request.changed', tenantId: scopedTenantId(scope), data: { requestId: row.id, zaloOaId: oa.id, status: row.status } });
  return { row, view: presentRequest(actor, { r: row, oaName: oa.name, oaAvatar: oa.avatar, creatorName: null }) };
}

/** Cancels a PENDING request (404 for another tenant's, 409 once it is no longer pending). */
export async function cancelUpdateRequest(tx: Tx, actor: Actor, scope: TenantScope, id: string): Promise<{ before: UpdateRequestRow; after: UpdateRequestRow }> {
  const before = await lockUpdateRequest(tx, scope, id);
  if (!before) throw notFound();
  if (before.status !== 'PENDING') throw new AppError('CONFLICT', `Only a pending request can be cancelled (this one is ${before.status})`);
  const after = await setUpdateRequestStatus(tx, id, 'CANCELLED', actor.userId);
  await emitEvent(tx, { type: 'oa_update_request.changed', tenantId: scopedTenantId(scope), data: { requestId: id, zaloOaId: after.zaloOaId, status: after.status } });
  return { before, after };
}

export async function findUpdateRequests(db: DbOrTx, actor: Actor, scope: TenantScope, q: { zaloOAId?: string; status?: OaUpdateRequestStatus; limit: number; offset: number }) {
  const r = await listUpdateRequests(db, scope, q);
  return { items: r.rows.map((x) => presentRequest(actor, x)), total: r.total };
}

/** The product types and quota types read at each sync (REFERENCE §3.8, asset form). */
export const QUOTA_QUERIES = [
  { product_type: 'cs', quota_type: 'sub_quota' },
  { product_type: 'transaction', quota_type: 'sub_quota' },
  { product_type: 'promotion', quota_type: 'sub_quota' },
] as const;

function presentQuota(oa: { id: string; name: string; avatar: string | null }, rows: QuotaRow[]): OaQuota {
  const mine = rows.filter((r) => r.zaloOaId === oa.id);
  const syncedAt = mine.reduce<Date | null>((m, r) => (m === null || r.syncedAt > m ? r.syncedAt : m), null);
  return {
    zaloOAId: oa.id,
    name: oa.name,
    zaloOAvatar: oa.avatar,
    syncedAt: syncedAt?.toISOString() ?? null,
    assets: mine.map((r) => ({ assetId: r.assetId, productType: r.productType, quotaType: r.quotaType, validThrough: r.validThrough, total: r.total, remain: r.remain })),
  };
}

/** The stored quotas of one OA (404 when not the tenant's) or of every OA of the tenant. */
export async function findQuotas(db: DbOrTx, scope: TenantScope, zaloOaId?: string): Promise<OaQuota[]> {
  const oas = zaloOaId ? [await requireOa(db, scope, zaloOaId)] : await listTenantOas(db, scope);
  const rows = await listQuotas(db, scope, zaloOaId);
  return oas.map((oa) => presentQuota(oa, rows));
}

/**
 * Reads the quotas of one OA (or each of the tenant's) from Zalo and stores them with the time read.
 * Zalo is called outside any transaction; each OA stands alone: one failing is reported, the others stored.
 */
export async function syncQuotas(db: Db, zalo: ZaloClient, scope: TenantScope, zaloOaId?: string) {
  const oas = zaloOaId ? [await requireOa(db, scope, zaloOaId)] : await listTenantOas(db, scope);
  const synced: OaQuota[] = [];
  const failed: Array<{ zaloOAId: string; message: string }> = [];
  for (const oa of oas) {
    try {
      const now = new Date();
      const assets = [];
      for (const q of QUOTA_QUERIES) {
        const answer = await getQuotaAssets(zalo, oa.id, { quota_owner: 'OA', ...q });
        for (const a of Array.isArray(answer) ? answer : []) {
          if (typeof a.total !== 'number' || typeof a.remain !== 'number') continue;
          assets.push({
            assetId: String(a.asset_id ?? `${q.product_type}-${q.quota_type}`),
            productType: String(a.product_type ?? q.product_type),
            quotaType: String(a.quota_type ?? q.quota_type),
            validThrough: typeof a.valid_through === 'string' ? a.valid_through : null,
            total: Math.trunc(a.total),
            remain: Math.trunc(a.remain),
            syncedAt: now,
          });
        }
      }
      // Two queries may name the same asset: keep its first answer.
      const unique = [...new Map(assets.map((a) => [`${a.productType}|${a.quotaType}|${a.assetId}`, a])).values()];
      await db.transaction((tx) => replaceQuotas(tx, scope, oa.id, unique));
      synced.push(presentQuota(oa, unique.map((a) => ({ ...a, id: '', tenantId: scopedTenantId(scope), zaloOaId: oa.id }))));
    } catch (err) {
      failed.push({ zaloOAId: oa.id, message: zaloFailure(err).message });
    }
  }
  return { synced, failed };
}
