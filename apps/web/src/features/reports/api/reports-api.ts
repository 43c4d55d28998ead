import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgReportGroupBy, Report, ReportExport, ReportExportBody, ReportFailure, ReportGroupBy, ReportSchedule, ReportScheduleBody } from '@zc/shared/api/reports';
import { apiGet, apiRequest, ApiError, type DataResponse } from '../../../lib/api-client';
import { apiDownload, downloadHeaders, saveBlob } from '../../../lib/download';

/** The prefix of every report query. */
export const reportsKey = ['reports'] as const;

/** Organisation-level calls: the organisation of the session (x-merchant-id), never a tenant header. */
const ORG = { tenantId: null, oaId: null } as const;

/** A refusal (403), a bad range (422) or a missing row (404) will not change on a retry. */
function retry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return count < 2;
}

export interface ReportFilter<G extends string> {
  from: string;
  to: string;
  groupBy: G;
}

/** GET merchant/report: the tenant's rows and totals. */
export function useTenantReport(tenantId: string | null, f: ReportFilter<ReportGroupBy>, lang: string) {
  return useQuery({
    queryKey: [...reportsKey, 'tenant', tenantId, f.from, f.to, f.groupBy, lang],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Report>>('merchant/report', { from: f.from, to: f.to, groupBy: f.groupBy }, { tenantId, oaId: null, signal })).data,
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET merchant/report/failures: failed messages by Zalo error code with both languages' explanations. */
export function useTenantFailures(tenantId: string | null, f: Pick<ReportFilter<string>, 'from' | 'to'>) {
  return useQuery({
    queryKey: [...reportsKey, 'failures', tenantId, f.from, f.to],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ReportFailure[]>>('merchant/report/failures', { from: f.from, to: f.to }, { tenantId, oaId: null, signal })).data,
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET merchant/report/organisation: every tenant of the organisation, per tenant, day or type. */
export function useOrganisationReport(merchantId: string | null, f: ReportFilter<OrgReportGroupBy>) {
  return useQuery({
    queryKey: [...reportsKey, 'org', merchantId, f.from, f.to, f.groupBy],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Report>>('merchant/report/organisation', { from: f.from, to: f.to, groupBy: f.groupBy }, { ...ORG, signal })).data,
    enabled: Boolean(merchantId),
    placeholderData: keepPreviousData,
    retry,
  });
}

export type ExportStart = { kind: 'file'; fileName: string } | { kind: 'async'; exportId: string; rows: number };

/**
 * POST merchant/report/export (tenant) or merchant/report/organisation/export: a small export comes
 * back as the file and is saved at once; a large one answers 202 with the id of the background job.
 */
export async function startExport(body: ReportExportBody & { scope: 'tenant' | 'organisation' }, tenantId: string | null): Promise<ExportStart> {
  const path = body.scope === 'organisation' ? 'merchant/report/organisation/export' : 'merchant/report/export';
  const headers = downloadHeaders(body.scope === 'organisation' ? null : tenantId, null);
  headers.set('Accept', '*/*');
  headers.set('Content-Type', 'application/json');
  const send = () => fetch(`/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  let res = await send();
  if (res.status === 401) {
    // Lets the API client refresh the access token (or sign out), then once more.
    await apiGet('auth').catch(() => undefined);
    const again = downloadHeaders(body.scope === 'organisation' ? null : tenantId, null);
    again.forEach((v, k) => headers.set(k, v));
    res = await send();
  }
  if (res.status === 202) {
    const accepted = (await res.json()) as { data: { exportId: string; rows: number } };
    return { kind: 'async', exportId: accepted.data.exportId, rows: accepted.data.rows };
  }
  if (!res.ok) {
    const err: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, err as ConstructorParameters<typeof ApiError>[1]);
  }
  const fileName = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `report.${body.format}`;
  saveBlob(await res.blob(), fileName);
  return { kind: 'file', fileName };
}

/** GET merchant/report/exports/:id: the state of one of the caller's background exports. */
export function useReportExport(exportId: string | null) {
  return useQuery({
    queryKey: [...reportsKey, 'export', exportId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ReportExport>>(`merchant/report/exports/${encodeURIComponent(exportId ?? '')}`, undefined, { ...ORG, signal })).data,
    enabled: Boolean(exportId),
    retry,
  });
}

/** Saves the file of a READY background export. */
export async function downloadExport(id: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`merchant/report/exports/${encodeURIComponent(id)}/download`, {}, { tenantId: null, oaId: null }, fallbackName);
  saveBlob(blob, fileName);
}

const schedulesKey = (tenantId: string | null) => [...reportsKey, 'schedules', tenantId] as const;

/** GET merchant/report/schedules: the tenant's report mails. */
export function useReportSchedules(tenantId: string | null) {
  return useQuery({
    queryKey: schedulesKey(tenantId),
    queryFn: async ({ signal }) => (await apiGet<{ data: ReportSchedule[] }>('merchant/report/schedules', undefined, { tenantId, oaId: null, signal })).data,
    enabled: Boolean(tenantId),
    retry,
  });
}

/** Create (no id), change (id) or delete a report mail; the list reloads after each. */
export function useScheduleMutations(tenantId: string | null) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: schedulesKey(tenantId) });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ReportScheduleBody }) =>
      (await apiRequest<DataResponse<ReportSchedule>>(id ? `merchant/report/schedules/${encodeURIComponent(id)}` : 'merchant/report/schedules', { method: id ? 'PUT' : 'POST', body, tenantId, oaId: null })).data,
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => apiRequest(`merchant/report/schedules/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId, oaId: null }),
    onSuccess: done,
  });
  return { save, remove };
}
