import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { OaStatsResult, StatisticPeriod } from '@zc/shared/api/oa-analytics';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { apiDownload, saveBlob } from '../../../lib/download';

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

/** GET merchant/oa-analytics/export: the same statistics as a CSV file. */
function exportOaStats(p: OaStatsParams): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload('merchant/oa-analytics/export', query(p), { tenantId: p.tenantId, oaId: null }, `oa-statistics-${p.from}-${p.to}.csv`);
}

export function useExportOaStats() {
  return useMutation({ mutationFn: exportOaStats, onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
}
