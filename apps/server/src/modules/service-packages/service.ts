import type { ServicePackage, ServicePackageInput, TenantPackage, TenantPackageAssignment } from '@zc/shared/api/service-packages';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { auditView, presentPackage, presentTenantPackage } from './presenter';
import {
  assignPackage,
  currentAssignment,
  deletePackageRow,
  findOrgTenant,
  findPackage,
  findPackageByName,
  insertPackage,
  listPackages,
  packagePricesOf,
  tenantPackageOf,
  tenantsOnPackages,
  updatePackageRow,
  type PackageValues,
} from './repo';

import { packageListPrice, type PackagePrices } from './pricing';
import type { MessageType } from '@zc/shared/api/messaging';
import type { DbOrTx } from '../../db/client';

export { packageListPrice, type PackagePrices } from './pricing';

/** The tenant's package prices (null: no package), read for sends outside the public API's context read (playground, campaigns, chat, fallback). */
export async function tenantPackagePrices(db: DbOrTx, tenantId: string): Promise<PackagePrices | null> {
  return packagePricesOf(db, tenantId);
}

/** The list price of one message of the tenant (ADR 0025): its package's price of the kind, else `standard`. */
export async function tenantListPrice(db: DbOrTx, tenantId: string, module: 'ZNS' | 'OA', type: MessageType, standard: number): Promise<number> {
  return packageListPrice(await packagePricesOf(db, tenantId), module, type, standard);
}

function values(body: ServicePackageInput): PackageValues {
  return {
    name: body.name.trim(),
    description: body.description?.trim() ? body.description.trim() : null,
    znsPrice: body.prices.zns,
    oaCsPrice: body.prices.oaCs,
    oaTransactionPrice: body.prices.oaTransaction,
    oaPromotionPrice: body.prices.oaPromotion,
  };
}

async function assertNameFree(db: Db | Tx, merchantId: string, name: string, exceptId?: string): Promise<void> {
  const other = await findPackageByName(db, merchantId, name);
  if (other && other.id !== exceptId) throw new AppError('SERVICE_PACKAGE_NAME_TAKEN', undefined, { fields: [{ path: 'name', code: 'taken', message: 'another package has this name' }] });
}

async function changed(tx: Tx, merchantId: string, packageId: string): Promise<void> {
  await emitEvent(tx, { type: 'service_package.changed', tenantId: null, merchantId, data: { packageId } });
}

export async function listServicePackages(db: Db, actor: Actor, merchantId: string): Promise<ServicePackage[]> {
  const rows = await listPackages(db, merchantId);
  const tenants = await tenantsOnPackages(db, rows.map((r) => r.id));
  return rows.map((r) => presentPackage(actor, r, tenants.get(r.id) ?? []));
}

export async function getServicePackage(db: Db, actor: Actor, merchantId: string, id: string): Promise<ServicePackage> {
  const row = await findPackage(db, merchantId, id);
  if (!row) throw notFound();
  const tenants = await tenantsOnPackages(db, [row.id]);
  return presentPackage(actor, row, tenants.get(row.id) ?? []);
}

export async function createServicePackage(tx: Tx, actor: Actor, merchantId: string, body: ServicePackageInput) {
  const v = values(body);
  await assertNameFree(tx, merchantId, v.name);
  const row = await insertPackage(tx, merchantId, v, actor.userId);
  await changed(tx, merchantId, row.id);
  return { row, view: presentPackage(actor, row, []), audit: auditView(row) };
}

export async function updateServicePackage(tx: Tx, actor: Actor, merchantId: string, id: string, body: ServicePackageInput) {
  const before = await findPackage(tx, merchantId, id);
  if (!before) throw notFound();
  const v = values(body);
  await assertNameFree(tx, merchantId, v.name, id);
  const row = await updatePackageRow(tx, merchantId, id, v);
  if (!row) throw notFound();
  await changed(tx, merchantId, row.id);
  const tenants = await tenantsOnPackages(tx, [row.id]);
  // Tenants on the package pay its new prices from the next send: their settings tab follows live.
  for (const t of tenants.get(row.id) ?? []) await emitEvent(tx, { type: 'tenant.settings_changed', tenantId: t.id, data: { tenantId: t.id, fields: ['servicePackage'] } });
  return { view: presentPackage(actor, row, tenants.get(row.id) ?? []), before: auditView(before), after: auditView(row) };
}

/** A package assigned to tenants is not deleted: 409 SERVICE_PACKAGE_IN_USE naming them. */
export async function deleteServicePackage(tx: Tx, merchantId: string, id: string) {
  const row = await findPackage(tx, merchantId, id);
  if (!row) throw notFound();
  const users = (await tenantsOnPackages(tx, [id])).get(id) ?? [];
  if (users.length > 0) {
    throw new AppError('SERVICE_PACKAGE_IN_USE', `Assigned to ${users.map((t) => t.name).join(', ')}`, { tenants: users });
  }
  await deletePackageRow(tx, merchantId, id);
  await changed(tx, merchantId, id);
  return { before: auditView(row) };
}

/** Puts a tenant of the organisation on a package (null: back to standard prices). */
export async function assignTenantPackage(tx: Tx, actor: Actor, merchantId: string, body: TenantPackageAssignment) {
  const tenant = await findOrgTenant(tx, merchantId, body.tenantId);
  if (!tenant) throw notFound();
  if (body.packageId !== null && !(await findPackage(tx, merchantId, body.packageId))) {
    throw new AppError('NOT_FOUND', 'No such service package', { fields: [{ path: 'packageId', code: 'not_found', message: 'no such package in this organisation' }] });
  }
  const before = await currentAssignment(tx, tenant.id);
  await assignPackage(tx, tenant.id, body.packageId, actor.userId);
  await emitEvent(tx, { type: 'tenant.settings_changed', tenantId: tenant.id, data: { tenantId: tenant.id, fields: ['servicePackage'] } });
  for (const pid of new Set([before?.packageId, body.packageId])) if (pid) await changed(tx, merchantId, pid);
  return { tenant, before: { packageId: before?.packageId ?? null }, after: { packageId: body.packageId } };
}

export async function getTenantPackage(db: Db, tenantId: string): Promise<TenantPackage> {
  const r = await tenantPackageOf(db, tenantId);
  return presentTenantPackage(r.pkg, r.assignedAt, r.discountPercent);
}
