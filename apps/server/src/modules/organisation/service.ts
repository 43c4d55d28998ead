import { TENANT_PERMISSIONS } from '@zc/shared/permissions';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { canManageTenantServices, canUpdateTenant } from './policy';
import { pickServices, presentMerchant, presentTenant, tenantFields } from './presenter';
import {
  countMerchantsOfUser,
  findMerchantsOfUser,
  findScopedTenant,
  insertTenant,
  lockMerchant,
  lockTenantOfMerchant,
  setMerchantAvatar,
  updateTenantRow,
  type TenantServicesPatch,
} from './repo';

/** The user groups every new tenant starts with (tenant roles). */
export const DEFAULT_USER_GROUPS = [
  { name: 'Quản trị viên', permissions: [...TENANT_PERMISSIONS], isDefault: false },
  {
    name: 'Nhân viên',
    permissions: ['VIEW_DASHBOARD_AND_CHART', 'VIEW_TENANT_NOTIFICATION', 'VIEW_TENANT_TASK', 'VIEW_TICKET', 'CREATE_TICKET', 'VIEW_HISTORY'],
    isDefault: true,
  },
];

/** Serialises membership changes of one organisation (invitations, last-owner checks). */
export async function lockOrganisation(tx: Tx, merchantId: string): Promise<{ id: string; name: string }> {
  const org = await lockMerchant(tx, merchantId);
  if (!org) throw notFound();
  return { id: org.id, name: org.name };
}

/** The caller's organisations (each with the tenants they may open), presented. */
export async function listMerchantsOfUser(db: DbOrTx, userId: string, page?: { limit: number; offset: number }) {
  const rows = await findMerchantsOfUser(db, userId, page);
  return rows.map((r) => presentMerchant(userId, r));
}

export async function countOrganisationsOfUser(db: DbOrTx, userId: string): Promise<number> {
  return countMerchantsOfUser(db, userId);
}

/** One of the caller's organisations, presented; 404 when the caller is not a member. */
export async function getMerchantOfUser(db: DbOrTx, userId: string, merchantId: string) {
  const [row] = await findMerchantsOfUser(db, userId, { merchantId });
  if (!row) throw notFound();
  return presentMerchant(userId, row);
}

/** Whether the user is an end user (EU) somewhere, and where to send them. */
export async function findEndUserHome(db: DbOrTx, userId: string) {
  const rows = await findMerchantsOfUser(db, userId);
  const eu = rows.find((r) => r.role === 'EU');
  return { isEU: Boolean(eu), merchantId: eu?.merchant.id ?? null, tenantId: eu?.tenants[0]?.id ?? null };
}

export async function updateOrganisationAvatar(tx: Tx, merchantId: string, key: string, record: RecordAudit): Promise<void> {
  const before = await lockMerchant(tx, merchantId);
  if (!before) throw notFound();
  await setMerchantAvatar(tx, merchantId, key);
  await record({ targetType: 'merchant', targetId: merchantId, before: { avatar: before.avatar }, after: { avatar: key } });
}

/** A new tenant with the default user groups. */
export async function createTenant(tx: Tx, actor: Actor, input: { merchantId: string; name: string; avatar: string }, record: RecordAudit) {
  const row = await insertTenant(tx, input, DEFAULT_USER_GROUPS);
  await record({ tenantId: row.id, targetType: 'tenant', targetId: row.id, after: tenantFields(row) });
  return presentTenant(row, actor);
}

/** Renames a tenant of the organisation or changes its avatar. */
export async function updateTenant(tx: Tx, actor: Actor, merchantId: string, tenantId: string, patch: { name?: string; avatar?: string }, record: RecordAudit) {
  const before = await lockTenantOfMerchant(tx, merchantId, tenantId);
  if (!before) throw notFound();
  if (!canUpdateTenant(actor)) throw new AppError('FORBIDDEN');
  const after = await updateTenantRow(tx, before.id, { ...(patch.name ? { name: patch.name } : {}), ...(patch.avatar ? { avatar: patch.avatar } : {}) });
  if (!after) throw notFound();
  await record({ tenantId: after.id, targetType: 'tenant', targetId: after.id, before: tenantFields(before), after: tenantFields(after) });
  return presentTenant(after, actor);
}

export async function getTenantServices(db: DbOrTx, scope: TenantScope) {
  const row = await findScopedTenant(db, scope);
  if (!row) throw notFound();
  return pickServices(row);
}

/** Enables or disables services of the scoped tenant. */
export async function updateTenantServices(tx: Tx, actor: Actor, scope: TenantScope, patch: TenantServicesPatch, record: RecordAudit) {
  const before = await findScopedTenant(tx, scope, true);
  if (!before) throw notFound();
  if (!canManageTenantServices(actor)) throw new AppError('FORBIDDEN');
  const row = await updateTenantRow(tx, before.id, patch);
  if (!row) throw notFound();
  await record({ tenantId: row.id, targetType: 'tenant', targetId: row.id, before: pickServices(before), after: pickServices(row) });
  return pickServices(row);
}
