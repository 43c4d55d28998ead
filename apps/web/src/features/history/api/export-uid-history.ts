import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/download';
import { toHistoryQuery, type HistoryParams } from './history-query';

/** GET merchant/uid/export (same filters as merchant/uid, the same x-oa-id): the CSV file as a Blob plus its name. */
export async function exportUidHistory(params: HistoryParams): Promise<{ blob: Blob; fileName: string }> {
  // The export takes the list's filters, never its page position.
  const { page: _page, size: _size, cursor: _cursor, ...filters } = toHistoryQuery('OA', params);
  return apiDownload('merchant/uid/export', filters, { tenantId: params.tenantId, oaId: params.oaId }, `uid-history-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportUidHistory() {
  return useMutation({
    mutationFn: exportUidHistory,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
