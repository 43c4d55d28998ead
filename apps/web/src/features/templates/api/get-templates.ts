import type { z } from 'zod';
import type { templateListQuery, ZnsTemplate } from '@zc/shared/api/templates';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

/** The library's filters (page and size come from the paged-list hook). */
export type TemplatesFilters = Omit<z.input<typeof templateListQuery>, 'page' | 'size'>;

/** What a sync invalidates: every page of the library. */
export const templatesKey = ['templates', 'list'] as const;

/** GET merchant/template (templateZNSType, status, zaloOAId, name); rows carry their abilities. */
export async function getTemplates(tenantId: string, query: TemplatesFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<ZnsTemplate>> {
  return apiGet<ListResponse<ZnsTemplate>>('merchant/template', { ...query }, { tenantId, signal });
}

export function useTemplates(tenantId: string, filters: TemplatesFilters) {
  return usePagedList({ key: [...templatesKey, tenantId], filters, fetch: (query, signal) => getTemplates(tenantId, query, signal), enabled: Boolean(tenantId) });
}
