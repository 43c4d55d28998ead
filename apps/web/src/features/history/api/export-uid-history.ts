import { useMutation } from '@tanstack/react-query';
import { apiGet, ApiError, toQueryString } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { toHistoryQuery, type HistoryParams } from './history-query';

/** The §7 headers of the download (fetch, not the API client: the answer is a file), x-oa-id as in the list. */
export function exportHeaders(tenantId: string, oaId: string | null): Headers {
  const h = new Headers({ Accept: 'text/csv' });
  const token = readSession('accessToken');
  if (token) h.set('Authorization', `Bearer ${token}`);
  const merchantId = readSession('merchantId');
  if (merchantId) h.set('x-merchant-id', merchantId);
  h.set('x-tenant-id', tenantId);
  const userId = readSession('userId');
  if (userId) h.set('x-user-id', userId);
  if (oaId) h.set('x-oa-id', oaId);
  return h;
}

/** GET merchant/uid/export (same filters as merchant/uid): the CSV file as a Blob plus its name. */
export async function exportUidHistory(params: HistoryParams): Promise<{ blob: Blob; fileName: string }> {
  // The export takes the list's filters, never its page position.
  const { page: _page, size: _size, cursor: _cursor, ...filters } = toHistoryQuery('OA', params);
  const url = `/api/merchant/uid/export${toQueryString(filters)}`;
  let response = await fetch(url, { headers: exportHeaders(params.tenantId, params.oaId) });
  if (response.status === 401) {
    // Lets the API client refresh the access token (or sign out), then tries once more.
    await apiGet('auth');
    response = await fetch(url, { headers: exportHeaders(params.tenantId, params.oaId) });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body as ConstructorParameters<typeof ApiError>[1]);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `uid-history-${new Date().toISOString().slice(0, 10)}.csv`;
  return { blob: await response.blob(), fileName };
}

/** Starts the browser download of a Blob. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function useExportUidHistory() {
  return useMutation({
    mutationFn: exportUidHistory,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
