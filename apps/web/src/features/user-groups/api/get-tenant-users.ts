import type { TenantMember } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export type { TenantMember } from '@zc/shared/api/organisation';

/** What mutations invalidate: every page of every tenant's member list. */
export const tenantUsersKey = ['tenant-users'] as const;

/** GET merchant/tenant/list-user-by-tenant: members of the tenant with their user group and abilities. */
export async function getTenantUsers(tenantId: string, query: { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<TenantMember>> {
  return apiGet<ListResponse<TenantMember>>('merchant/tenant/list-user-by-tenant', query, { tenantId, signal });
}

/** The tenant's members, paged; `enabled` false makes no call (the caller lacks VIEW_USER_GROUPS). */
export function useTenantUsers(tenantId: string, enabled = true) {
  return usePagedList({ key: [...tenantUsersKey, tenantId], filters: {}, fetch: (query, signal) => getTenantUsers(tenantId, query, signal), enabled });
}
