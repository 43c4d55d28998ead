import { apiGet, ApiError, toQueryString, type QueryValue } from './api-client';
import { readSession } from './session';

/** The §7 headers of a file download (fetch, not the API client: the answer is a file); x-tenant-id, x-oa-id and x-zma-id when given (null: an organisation-level file). */
export function downloadHeaders(tenantId: string | null, oaId: string | null, zmaId: string | null = null): Headers {
  const h = new Headers({ Accept: 'text/csv' });
  const token = readSession('accessToken');
  if (token) h.set('Authorization', `Bearer ${token}`);
  const merchantId = readSession('merchantId');
  if (merchantId) h.set('x-merchant-id', merchantId);
  if (tenantId) h.set('x-tenant-id', tenantId);
  const userId = readSession('userId');
  if (userId) h.set('x-user-id', userId);
  if (oaId) h.set('x-oa-id', oaId);
  if (zmaId) h.set('x-zma-id', zmaId);
  return h;
}

/**
 * GET `/api/<path>?<query>` as a file: the Blob and the name from Content-Disposition (else
 * `fallbackName`). A 401 lets the API client refresh the access token (or sign out), then tries once
 * more; any other failure throws the API's error.
 */
export async function apiDownload(path: string, query: Record<string, QueryValue>, scope: { tenantId: string | null; oaId: string | null; zmaId?: string | null }, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const url = `/api/${path}${toQueryString(query)}`;
  const headers = () => downloadHeaders(scope.tenantId, scope.oaId, scope.zmaId ?? null);
  let response = await fetch(url, { headers: headers() });
  if (response.status === 401) {
    await apiGet('auth');
    response = await fetch(url, { headers: headers() });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body as ConstructorParameters<typeof ApiError>[1]);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** A mini-app CSV export (`/api/zma/merchant/…/export`) for the mini app the session has open (x-zma-id), saved under the server's name. */
export async function downloadZmaCsv(path: string, query: Record<string, QueryValue>, tenantId: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(path, query, { tenantId, oaId: null, zmaId: readSession('zmaId') }, fallbackName);
  saveBlob(blob, fileName);
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
