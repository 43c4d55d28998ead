import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerateStatementsBody, GenerateStatementsResult, PayStatementBody, Statement, StatementStatus } from '@zc/shared/api/statements';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { apiDownload, saveBlob } from '../../../lib/download';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/** What statement mutations and live events invalidate (every list, month and detail). */
export const statementsKey = ['statements'] as const;

/**
 * Whose eyes a call is made with: the organisation's (no x-tenant-id: the organisation's billing
 * permissions) or one tenant's (x-tenant-id: its own statements).
 */
export type StatementScope = { kind: 'organisation' } | { kind: 'tenant'; tenantId: string };

function tenantHeader(scope: StatementScope): string | null {
  return scope.kind === 'tenant' ? scope.tenantId : null;
}

/** One statement's path: the organisation's routes, or the tenant's own (its permission alone suffices there). */
function statementPath(scope: StatementScope, id: string): string {
  return `merchant/${scope.kind === 'tenant' ? 'tenant-statements' : 'statements'}/${encodeURIComponent(id)}`;
}

/** Filters of the organisation's bills list (GET /merchant/statements). */
export interface StatementFilters {
  period?: string | undefined;
  /** A tenant id, or 'organisation' for the organisation's own wallet. */
  tenantId?: string | undefined;
  status?: StatementStatus | undefined;
}

/** GET merchant/statements (page, size, period, tenantId, status): every tenant's and the organisation's. */
export function getStatements(query: StatementFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<Statement>> {
  return apiGet<ListResponse<Statement>>('merchant/statements', { ...query }, { tenantId: null, signal });
}

/** GET merchant/tenant-statements (page, size, period, status): the tenant's own. */
export function getTenantStatements(tenantId: string, query: Omit<StatementFilters, 'tenantId'> & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<Statement>> {
  return apiGet<ListResponse<Statement>>('merchant/tenant-statements', { ...query }, { tenantId, signal });
}

/** The bills list: §9 paging (10 per page, size changer at 10 or more). */
export function useStatementList(filters: StatementFilters, enabled = true) {
  return usePagedList({ key: [...statementsKey, 'list'], filters, fetch: (q, signal) => getStatements(q, signal), enabled });
}

/** A tenant's own statements, newest month first. */
export function useTenantStatementList(tenantId: string, filters: Omit<StatementFilters, 'tenantId'>) {
  return usePagedList({ key: [...statementsKey, 'tenant', tenantId], filters, fetch: (q, signal) => getTenantStatements(tenantId, q, signal), enabled: Boolean(tenantId) });
}

/**
 * The month view of /billing: every statement of `period` at once (the organisation's and one per
 * tenant, a few hundred at most: one page of the largest size the API takes), for the totals row.
 */
export const MONTH_VIEW_SIZE = 1000;

export function useMonthStatements(period: string, enabled = true) {
  return useQuery({
    queryKey: [...statementsKey, 'month', period],
    queryFn: ({ signal }) => getStatements({ period, page: 1, size: MONTH_VIEW_SIZE }, signal),
    enabled: enabled && Boolean(period),
  });
}

/** GET merchant/statements/{id} (organisation) or merchant/tenant-statements/{id} (the tenant's own). */
export function useStatement(scope: StatementScope, id: string | null) {
  return useQuery({
    queryKey: [...statementsKey, 'detail', scope.kind, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Statement>>(statementPath(scope, id ?? ''), undefined, { tenantId: tenantHeader(scope), signal })).data,
    enabled: Boolean(id),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: statementsKey }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]);
}

/** POST merchant/statements/generate {period, tenantId?}: (re)generates the month's statements. */
export function useGenerateStatements() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: GenerateStatementsBody) => (await apiRequest<DataResponse<GenerateStatementsResult>>('merchant/statements/generate', { method: 'POST', body, tenantId: null })).data,
    onSuccess: invalidate,
  });
}

/** POST merchant/statements/{id}/issue. */
export function useIssueStatement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<DataResponse<Statement>>(`merchant/statements/${encodeURIComponent(id)}/issue`, { method: 'POST', tenantId: null })).data,
    onSuccess: invalidate,
  });
}

/** POST merchant/statements/{id}/pay {amount, note}: recorded as a top-up of the statement's wallet. */
export function usePayStatement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, ...body }: PayStatementBody & { id: string }) =>
      (await apiRequest<DataResponse<Statement>>(`merchant/statements/${encodeURIComponent(id)}/pay`, { method: 'POST', body, tenantId: null })).data,
    onSuccess: invalidate,
  });
}

export type StatementFileFormat = 'pdf' | 'csv';

/** GET …/{id}/pdf|csv?lang= (organisation or tenant path): the file in the console's language, saved under the server's name. */
export async function downloadStatement(scope: StatementScope, statement: Pick<Statement, 'id' | 'period' | 'tenantName'>, format: StatementFileFormat, lang: 'vi' | 'en'): Promise<void> {
  const fallback = `statement-${statement.period}.${format}`;
  const { blob, fileName } = await apiDownload(`${statementPath(scope, statement.id)}/${format}`, { lang }, { tenantId: tenantHeader(scope), oaId: null }, fallback);
  saveBlob(blob, fileName);
}

/**
 * Refetches what the billing pages show when a statement changes (statement.changed) or events may
 * have been missed; a tenant page only listens to its own tenant's statements.
 */
export function useLiveStatements(tenantId: string | null = null): void {
  const invalidate = useInvalidate();
  useRealtimeEvent('statement.changed', (event) => {
    if (tenantId === null || event.tenantId === tenantId) void invalidate();
  });
  useRealtimeResync(() => void invalidate());
}
