import type { z } from 'zod';
import type { AuditEntry, auditQuery } from '@zc/shared/api/audit';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

/** The log's filters (auditQuery without paging; the list is always newest first). */
export type AuditFilters = Pick<z.input<typeof auditQuery>, 'action' | 'actorEmail' | 'from' | 'to'>;

/** Whose log: the organisation's or one tenant's. */
export interface AuditLogOwner {
  level: 'merchant' | 'tenant';
  merchantId: string | null;
  tenantId: string | null;
}

/** GET merchant/audit-log/by-merchant or by-tenant with the filters of auditQuery. */
export async function getAuditLog(owner: AuditLogOwner, query: AuditFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<AuditEntry>> {
  return apiGet<ListResponse<AuditEntry>>(`merchant/audit-log/by-${owner.level}`, { ...query, orderBy: 'createdAt=desc' }, {
    merchantId: owner.merchantId,
    tenantId: owner.level === 'tenant' ? owner.tenantId : null,
    signal,
  });
}

export function useAuditLog(owner: AuditLogOwner, filters: AuditFilters) {
  return usePagedList({
    key: ['audit-log', owner.level, owner.merchantId, owner.tenantId],
    filters,
    fetch: (query, signal) => getAuditLog(owner, query, signal),
  });
}
