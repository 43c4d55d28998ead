import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@zc/shared/api/audit';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export interface AuditQuery {
  level: 'merchant' | 'tenant';
  merchantId: string | null;
  tenantId: string | null;
  page: number;
  size: number;
  action?: string;
  actorEmail?: string;
  from?: string;
  to?: string;
}

/** GET merchant/audit-log/by-merchant or by-tenant with the filters of auditQuery. */
export async function getAuditLog({ level, merchantId, tenantId, ...query }: AuditQuery): Promise<ListResponse<AuditEntry>> {
  return apiGet<ListResponse<AuditEntry>>(`merchant/audit-log/by-${level}`, { ...query, orderBy: 'createdAt=desc' }, {
    merchantId,
    tenantId: level === 'tenant' ? tenantId : null,
  });
}

export function getAuditLogQueryOptions(query?: AuditQuery) {
  return queryOptions({
    queryKey: query ? ['audit-log', query] : ['audit-log'],
    queryFn: () => (query ? getAuditLog(query) : Promise.resolve({ data: [], meta: { total: 0 } })),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery(getAuditLogQueryOptions(query));
}
