import type { MerchantRole } from '@zc/shared/permissions';
import type { MerchantRow, TenantRow } from './repo';

const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

/** Tenant → API shape (§3 Tenant). */
export function presentTenant(t: TenantRow) {
  return {
    id: t.id,
    merchantId: t.merchantId,
    name: t.name,
    avatar: fileUrl(t.avatar),
    oaService: t.oaService,
    znsService: t.znsService,
    isMiniAppEnabled: t.isMiniAppEnabled,
    isMultiTeam: t.isMultiTeam,
    createdAt: t.createdAt.toISOString(),
  };
}

/** Merchant → API shape (§3 Merchant) with the caller's role. */
export function presentMerchant(m: { merchant: MerchantRow; role: MerchantRole; tenants: TenantRow[] }) {
  return {
    id: m.merchant.id,
    name: m.merchant.name,
    avatar: fileUrl(m.merchant.avatar),
    logo: fileUrl(m.merchant.logo ?? m.merchant.avatar),
    role: m.role,
    tenants: m.tenants.map(presentTenant),
  };
}
