import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '@zc/shared/api/audit';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/audit-log/action-enums. */
export async function getActionEnums(): Promise<AuditAction[]> {
  return (await apiGet<DataResponse<AuditAction[]>>('merchant/audit-log/action-enums')).data;
}

export function getActionEnumsQueryOptions() {
  return queryOptions({ queryKey: ['audit-log-actions'], queryFn: getActionEnums, staleTime: Infinity });
}

export function useActionEnums() {
  return useQuery(getActionEnumsQueryOptions());
}
