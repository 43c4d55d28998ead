import { useMutation } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

/** POST form uid/upload-file-playground {file, type (IMAGE|FILE), apiKeyId}: the Zalo attachment id / file token. */
export async function uploadPlaygroundFile({ file, type, apiKeyId }: { file: File; type: 'IMAGE' | 'FILE'; apiKeyId: string }): Promise<string> {
  const form = new FormData();
  form.set('type', type);
  form.set('apiKeyId', apiKeyId);
  form.set('file', file);
  return (await apiRequest<DataResponse<{ token: string }>>('uid/upload-file-playground', { method: 'POST', body: form })).data.token;
}

export function useUploadPlaygroundFile() {
  return useMutation({ mutationFn: uploadPlaygroundFile });
}
