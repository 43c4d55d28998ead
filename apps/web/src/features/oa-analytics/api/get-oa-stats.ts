import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { OaStatsResult, StatisticPeriod } from '@zc/shared/api/oa-analytics';
import { apiGet, ApiError, toQueryString, type DataResponse } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';

export interface OaStatsParams {
  tenantId: string;
  /** An OA id, or 'all'. */
  zaloOAId: string;
  from: string;
  to: string;
  period: StatisticPeriod;
}

const query = (p: OaStatsParams) => ({ zaloOAId: p.zaloOAId, from: p.from, to: p.to, period: p.period });

/** GET merchant/oa-analytics/statistics: every bucket of the range and the totals. */
export function useOaStats(p: OaStatsParams) {
  return useQuery({
    queryKey: ['oa-analytics', p.tenantId, p.zaloOAId, p.from, p.to, p.period],
    queryFn: async () => (await apiGet<DataResponse<OaStatsResult>>('merchant/oa-analytics/statistics', query(p), { tenantId: p.tenantId, oaId: null })).data,
    enabled: Boolean(p.tenantId),
    placeholderData: keepPreviousData,
  });
}

function downloadHeaders(tenantId: string): Headers {
  const h = new Headers({ Accept: 'text/csv' });
  const token = readSession('accessToken');
  if (token) h.set('Authorization', `Bearer ${token}`);
  const merchantId = readSession('merchantId');
  if (merchantId) h.set('x-merchant-id', merchantId);
  const userId = readSession('userId');
  if (userId) h.set('x-user-id', userId);
  h.set('x-tenant-id', tenantId);
  return h;
}

/** GET merchant/oa-analytics/export: the same statistics as a CSV file (fetch: the answer is a file). */
async function exportOaStats(p: OaStatsParams): Promise<{ blob: Blob; fileName: string }> {
  const url = `/api/merchant/oa-analytics/export${toQueryString(query(p))}`;
  let response = await fetch(url, { headers: downloadHeaders(p.tenantId) });
  if (response.status === 401) {
    // Lets the API client refresh the access token (or sign out), then tries once more.
    await apiGet('auth');
    response = await fetch(url, { headers: downloadHeaders(p.tenantId) });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body as ConstructorParameters<typeof ApiError>[1]);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `oa-statistics-${p.from}-${p.to}.csv`;
  return { blob: await response.blob(), fileName };
}

function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function useExportOaStats() {
  return useMutation({ mutationFn: exportOaStats, onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
}
