import type { ApiRateLimitValues, TenantApiRateLimits, TenantApiRateLimitsBody } from '@zc/shared/api/api-rate-limits';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { RecordAudit } from '../../platform/mutation';
import { can, type Actor } from '../../platform/policy';
import { findOverride, findTenantOfMerchant, upsertOverride, type TenantApiRateLimitRow } from './repo';

/** Changing a tenant's public API limits is a tenant setting of the organisation (UPDATE_TENANT). */
export function canUpdateRateLimits(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT');
}

type Override = TenantApiRateLimits['override'];

function overrideOf(row: TenantApiRateLimitRow | null): Override {
  return { keyPerSecond: row?.keyPerSecond ?? null, tenantPerSecond: row?.tenantPerSecond ?? null, burstSeconds: row?.burstSeconds ?? null };
}

function present(tenantId: string, defaults: ApiRateLimitValues, row: TenantApiRateLimitRow | null, actor: Actor): TenantApiRateLimits {
  const override = overrideOf(row);
  return {
    tenantId,
    defaults,
    override,
    effective: {
      keyPerSecond: override.keyPerSecond ?? defaults.keyPerSecond,
      tenantPerSecond: override.tenantPerSecond ?? defaults.tenantPerSecond,
      burstSeconds: override.burstSeconds ?? defaults.burstSeconds,
    },
    updatedAt: row ? row.updatedAt.toISOString() : null,
    abilities: { update: canUpdateRateLimits(actor) },
  };
}

/** A tenant's limits as its organisation sees them; another organisation's tenant is 404. */
export async function getTenantRateLimits(db: DbOrTx, actor: Actor, defaults: ApiRateLimitValues, merchantId: string, tenantId: string): Promise<TenantApiRateLimits> {
  const tenant = await findTenantOfMerchant(db, merchantId, tenantId);
  if (!tenant) throw notFound();
  return present(tenant.id, defaults, await findOverride(db, tenant.id), actor);
}

/** Sets (or, with null, returns to the default) each of a tenant's limits; effective on the next request of any process. */
export async function updateTenantRateLimits(tx: Tx, actor: Actor, defaults: ApiRateLimitValues, merchantId: string, tenantId: string, body: TenantApiRateLimitsBody, record: RecordAudit): Promise<TenantApiRateLimits> {
  const tenant = await findTenantOfMerchant(tx, merchantId, tenantId, true);
  if (!tenant) throw notFound();
  if (!canUpdateRateLimits(actor)) throw new AppError('FORBIDDEN');
  const before = await findOverride(tx, tenant.id);
  const saved = await upsertOverride(tx, { tenantId: tenant.id, keyPerSecond: body.keyPerSecond, tenantPerSecond: body.tenantPerSecond, burstSeconds: body.burstSeconds, updatedBy: actor.userId });
  await record({ tenantId: tenant.id, targetType: 'tenant', targetId: tenant.id, before: overrideOf(before), after: overrideOf(saved) });
  return present(tenant.id, defaults, saved, actor);
}
