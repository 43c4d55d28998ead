import { ApiError, refreshOnce, toQueryString, type QueryValue } from '../../../lib/api-client';
import { downloadHeaders, saveBlob } from '../../../lib/download';
import { readSession } from '../../../lib/session';

/**
 * A mini-app CSV export (`…/export`): the §7 headers with the current app's x-zma-id, the file saved
 * under the server's name. A 401 refreshes the access token once; other failures throw the API error.
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
  if (response.status === 401 && (await refreshOnce())) response = await fetch(url, { headers: headers() });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body as ConstructorParameters<typeof ApiError>[1]);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), fileName);
}
