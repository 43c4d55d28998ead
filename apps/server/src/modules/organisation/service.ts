import { TENANT_PERMISSIONS } from '@zc/shared/permissions';
import { SERVICE_BLOCKERS_PER_KIND, type ServiceBlocker, type ServiceBlockerKind, type TenantSettingsBody } from '@zc/shared/api/settings';
import type { TENANT_SERVICES } from '@zc/shared/api/organisation';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { inFlightBroadcasts } from '../broadcasts/service';
import { inFlightCampaigns } from '../campaigns/service';
import { inFlightContents } from '../oa-content/service';
import { inFlightTemplateRequests } from '../templates/service';
import { runningCodeBatchesOfTenant } from '../zma-loyalty/service';
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
  setMerchantLogo,
  setMerchantName,
  updateTenantRow,
  type TenantRow,
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

type TenantService = (typeof TENANT_SERVICES)[number];
type InFlightReader = (db: DbOrTx, tenantId: string) => Promise<Array<{ id: string; name: string; status: string }>>;

/**
 * What holds each service on (issue 16 #5): the work still in flight in it, read through the owning
 * modules' services. Multi-team has none: its teams, members and quotas are kept while it is off.
 */
const IN_FLIGHT: Record<TenantService, ReadonlyArray<{ kind: ServiceBlockerKind; read: InFlightReader }>> = {
  znsService: [
    { kind: 'ZNS_CAMPAIGN', read: (db, id) => inFlightCampaigns(db, trustedTenantScope(id), SERVICE_BLOCKERS_PER_KIND) },
    { kind: 'ZNS_TEMPLATE', read: (db, id) => inFlightTemplateRequests(db, trustedTenantScope(id), SERVICE_BLOCKERS_PER_KIND) },
  ],
  oaService: [
    { kind: 'OA_BROADCAST', read: (db, id) => inFlightBroadcasts(db, trustedTenantScope(id), SERVICE_BLOCKERS_PER_KIND) },
    { kind: 'OA_CONTENT', read: (db, id) => inFlightContents(db, trustedTenantScope(id), SERVICE_BLOCKERS_PER_KIND) },
  ],
  isMiniAppEnabled: [{ kind: 'ZMA_CODE_BATCH', read: (db, id) => runningCodeBatchesOfTenant(db, id, SERVICE_BLOCKERS_PER_KIND) }],
  isMultiTeam: [],
};

/** The work in flight in each service the patch switches off (empty when nothing blocks). */
export async function serviceBlockers(db: DbOrTx, before: TenantRow, patch: TenantServicesPatch): Promise<ServiceBlocker[]> {
  const out: ServiceBlocker[] = [];
  for (const service of Object.keys(IN_FLIGHT) as TenantService[]) {
    if (patch[service] !== false || !before[service]) continue;
    for (const { kind, read } of IN_FLIGHT[service]) {
      for (const item of await read(db, before.id)) out.push({ service, kind, id: item.id, name: item.name, status: item.status });
    }
  }
  return out;
}

/**
 * Enables or disables services of the scoped tenant. Switching one off while its work is in flight
 * answers 409 SERVICE_IN_USE listing each item (details.items) and changes nothing.
 */
export async function updateTenantServices(tx: Tx, actor: Actor, scope: TenantScope, patch: TenantServicesPatch, record: RecordAudit) {
  const before = await findScopedTenant(tx, scope, true);
  if (!before) throw notFound();
  if (!canManageTenantServices(actor)) throw new AppError('FORBIDDEN');
  const blockers = await serviceBlockers(tx, before, patch);
  if (blockers.length > 0) {
    const names = [...new Set(blockers.map((b) => b.service))].join(', ');
    throw new AppError('SERVICE_IN_USE', `${names}: ${blockers.length} item(s) in flight must be finished or cancelled first`, { items: blockers });
  }
  const row = await updateTenantRow(tx, before.id, patch);
  if (!row) throw notFound();
  const changed = (Object.keys(IN_FLIGHT) as TenantService[]).filter((k) => before[k] !== row[k]);
  if (changed.length > 0) await emitEvent(tx, { type: 'tenant.settings_changed', tenantId: row.id, data: { tenantId: row.id, fields: changed } });
  await record({ tenantId: row.id, targetType: 'tenant', targetId: row.id, before: pickServices(before), after: pickServices(row) });
  return pickServices(row);
}

/** The general tab: the tenant's time zone (statements are cut at its month ends) and industry. */
export async function updateTenantSettings(tx: Tx, actor: Actor, merchantId: string, tenantId: string, body: TenantSettingsBody, record: RecordAudit) {
  const before = await lockTenantOfMerchant(tx, merchantId, tenantId);
  if (!before) throw notFound();
  if (!canUpdateTenant(actor)) throw new AppError('FORBIDDEN');
  const after = await updateTenantRow(tx, before.id, {
    ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
    ...(body.industry !== undefined ? { industry: body.industry } : {}),
  });
  if (!after) throw notFound();
  const changed = (['timeZone', 'industry'] as const).filter((k) => before[k] !== after[k]);
  if (changed.length > 0) await emitEvent(tx, { type: 'tenant.settings_changed', tenantId: after.id, data: { tenantId: after.id, fields: [...changed] } });
  await record({
    tenantId: after.id,
    targetType: 'tenant',
    targetId: after.id,
    before: { timeZone: before.timeZone, industry: before.industry },
    after: { timeZone: after.timeZone, industry: after.industry },
  });
  return presentTenant(after, actor);
}

/** Renames the organisation. */
export async function updateOrganisationName(tx: Tx, merchantId: string, name: string, record: RecordAudit): Promise<void> {
  const before = await lockMerchant(tx, merchantId);
  if (!before) throw notFound();
  await setMerchantName(tx, merchantId, name);
  await record({ targetType: 'merchant', targetId: merchantId, before: { name: before.name }, after: { name } });
}

/** Replaces the organisation's logo (the avatar is its own: updateAvatar). */
export async function updateOrganisationLogo(tx: Tx, merchantId: string, key: string, record: RecordAudit): Promise<void> {
  const before = await lockMerchant(tx, merchantId);
  if (!before) throw notFound();
  await setMerchantLogo(tx, merchantId, key);
  await record({ targetType: 'merchant', targetId: merchantId, before: { logo: before.logo }, after: { logo: key } });
}
