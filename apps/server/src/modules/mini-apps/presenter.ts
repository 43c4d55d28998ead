import type { MiniApp, ZmaActivityRow, ZmaApiKey, ZmaRole } from '@zc/shared/api/zma-apps';
import type { Permission } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { canDeleteRole, canManageMiniApps, canRevokeKey, canUpdateRole } from './policy';
import type { ActivityDbRow, ZmaApiKeyRow, ZmaAppRow, ZmaRoleRow } from './repo';

/** Row → response whitelists. The app secret (sealed or not) and key hashes never pass here. */

export function presentMiniApp(row: ZmaAppRow, customers: number, tenantPermissions: ReadonlySet<Permission>): MiniApp {
  const manage = canManageMiniApps(tenantPermissions);
  return {
    id: row.id,
    name: row.name,
    logo: row.logoUrl,
    zaloAppId: row.zaloAppId,
    zaloOaId: row.zaloOaId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    hasSecret: true,
    customers,
    abilities: { update: manage, delete: manage },
  };
}

/** What the audit log keeps of a mini app: never the secret. */
export function miniAppAuditView(row: ZmaAppRow) {
  return { name: row.name, zaloAppId: row.zaloAppId, zaloOaId: row.zaloOaId, status: row.status, logo: row.logoUrl };
}

export function presentApiKey(actor: Actor, row: ZmaApiKeyRow): ZmaApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    abilities: { revoke: canRevokeKey(actor, row) },
  };
}

export function apiKeyAuditView(row: ZmaApiKeyRow) {
  return { zmaAppId: row.zmaAppId, name: row.name, keyPrefix: row.keyPrefix, revokedAt: row.revokedAt?.toISOString() ?? null };
}

export function presentRole(actor: Actor, row: ZmaRoleRow, members: number): ZmaRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    members,
    createdAt: row.createdAt.toISOString(),
    abilities: { update: canUpdateRole(actor), delete: canDeleteRole(actor) },
  };
}

export function roleAuditView(row: ZmaRoleRow) {
  return { zmaAppId: row.zmaAppId, name: row.name, description: row.description, permissions: row.permissions };
}

export function presentActivity(r: ActivityDbRow): ZmaActivityRow {
  return {
    id: String(r.id),
    zmaAppId: r.zmaAppId,
    appName: r.appName,
    kind: r.kind,
    customer: r.customerId ? { id: r.customerId, name: r.customerName, avatar: r.customerAvatar } : null,
    branch: r.branchId && r.branchName !== null ? { id: r.branchId, name: r.branchName } : null,
    giftItem: r.giftItemId && r.giftItemName !== null && r.giftItemType !== null ? { id: r.giftItemId, name: r.giftItemName, type: r.giftItemType } : null,
    code: r.code,
    actor: r.actorId && r.actorName !== null ? { id: r.actorId, displayName: r.actorName } : null,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  };
}

export const ACTIVITY_CSV_HEADER = ['createdAt', 'miniApp', 'kind', 'customerId', 'customer', 'branch', 'gift', 'giftType', 'code', 'actor', 'detail'] as const;

export function activityCsvCells(r: ZmaActivityRow): unknown[] {
  return [
    r.createdAt,
    r.appName,
    r.kind,
    r.customer?.id ?? null,
    r.customer?.name ?? null,
    r.branch?.name ?? null,
    r.giftItem?.name ?? null,
    r.giftItem?.type ?? null,
    r.code,
    r.actor?.displayName ?? null,
    Object.keys(r.detail).length ? r.detail : null,
  ];
}
