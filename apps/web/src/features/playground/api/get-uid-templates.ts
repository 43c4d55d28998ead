import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { uidTemplateGroup } from '@zc/shared/api/playground';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type UidTemplateGroup = z.infer<typeof uidTemplateGroup>;

/** GET merchant/uid/list-template (page 1, size 1000): message families with their sample messages. */
export async function getUidTemplates(tenantId: string): Promise<UidTemplateGroup[]> {
  return (await apiGet<DataResponse<UidTemplateGroup[]>>('merchant/uid/list-template', { page: 1, size: 1000 }, { tenantId })).data;
}

export function getUidTemplatesQueryOptions(tenantId?: string) {
  return queryOptions({
    queryKey: ['playground', 'templates', tenantId ?? ''],
    queryFn: () => getUidTemplates(tenantId ?? ''),
    enabled: Boolean(tenantId),
    staleTime: 5 * 60_000,
  });
}

export function useUidTemplates(tenantId: string) {
  return useQuery(getUidTemplatesQueryOptions(tenantId));
}
