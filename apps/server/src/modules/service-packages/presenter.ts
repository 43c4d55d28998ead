import { STANDARD_OA_PRICES, type ServicePackage, type TenantPackage } from '@zc/shared/api/service-packages';
import type { Actor } from '../../platform/policy';
import { packageAbilities } from './policy';
import type { ServicePackageRow } from './repo';

export function presentPackage(actor: Actor, row: ServicePackageRow, tenants: Array<{ id: string; name: string }>): ServicePackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prices: { zns: row.znsPrice, oaCs: row.oaCsPrice, oaTransaction: row.oaTransactionPrice, oaPromotion: row.oaPromotionPrice },
    tenants,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: packageAbilities(actor, tenants.length > 0),
  };
}

/** What the audit log keeps of a package. */
export function auditView(row: ServicePackageRow): Record<string, unknown> {
  return { name: row.name, description: row.description, znsPrice: row.znsPrice, oaCsPrice: row.oaCsPrice, oaTransactionPrice: row.oaTransactionPrice, oaPromotionPrice: row.oaPromotionPrice };
}

export function presentTenantPackage(pkg: ServicePackageRow | null, assignedAt: Date | null, discountPercent: number): TenantPackage {
  return {
    package: pkg && assignedAt ? { id: pkg.id, name: pkg.name, description: pkg.description, assignedAt: assignedAt.toISOString() } : null,
    prices: {
      zns: pkg?.znsPrice ?? null,
      oaCs: pkg?.oaCsPrice ?? STANDARD_OA_PRICES.oaCs,
      oaTransaction: pkg?.oaTransactionPrice ?? STANDARD_OA_PRICES.oaTransaction,
      oaPromotion: pkg?.oaPromotionPrice ?? STANDARD_OA_PRICES.oaPromotion,
    },
    discountPercent,
  };
}
