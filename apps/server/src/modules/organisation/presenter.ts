import type { MerchantRole } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { organisationActor, tenantAbilities } from './policy';
import type { MerchantRow, TenantRow } from './repo';

const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

/** Tenant fields (§3 Tenant) without abilities: what the audit entry keeps. */
export function tenantFields(t: TenantRow) {
  return {
    id: t.id,
    merchantId: t.merchantId,
    name: t.name,
    avatar: fileUrl(t.avatar),
    oaService: t.oaService,
    znsService: t.znsService,
    isMiniAppEnabled: t.isMiniAppEnabled,
    isMultiTeam: t.isMultiTeam,
    timeZone: t.timeZone,
    industry: t.industry,
    createdAt: t.createdAt.toISOString(),
  };
}

/** Tenant → API shape, with what the caller may do with it. */
export function presentTenant(t: TenantRow, actor: Actor) {
  return { ...tenantFields(t), abilities: tenantAbilities(actor) };
}

export function pickServices(t: TenantRow) {
  return { oaService: t.oaService, znsService: t.znsService, isMiniAppEnabled: t.isMiniAppEnabled, isMultiTeam: t.isMultiTeam };
}

/** Merchant → API shape (§3 Merchant) with the caller's role; its tenants carry the caller's abilities there. */
export function presentMerchant(userId: string, m: { merchant: MerchantRow; role: MerchantRole; tenants: TenantRow[] }) {
  const actor = organisationActor(userId, m.role);
  return {
    id: m.merchant.id,
    name: m.merchant.name,
    avatar: fileUrl(m.merchant.avatar),
    logo: fileUrl(m.merchant.logo ?? m.merchant.avatar),
    role: m.role,
    tenants: m.tenants.map((t) => presentTenant(t, actor)),
  };
}
