import { ApiError, apiGet, toQueryString, type QueryValue } from '../../../lib/api-client';
import { downloadHeaders, saveBlob } from '../../../lib/download';
import { readSession } from '../../../lib/session';

/**
 * A mini-app CSV export (`/api/zma/merchant/...`): the tenant's download headers plus x-zma-id, a
 * 401 refreshed once; the file is saved under the server's name.
 */
export async function downloadZmaCsv(path: string, query: Record<string, QueryValue>, tenantId: string, fallbackName: string): Promise<void> {
  const url = `/api/${path}${toQueryString(query)}`;
  const headers = () => {
    const h = downloadHeaders(tenantId, null);
    const zmaId = readSession('zmaId');
    if (zmaId) h.set('x-zma-id', zmaId);
    return h;
  };
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
  saveBlob(await response.blob(), fileName);
}
