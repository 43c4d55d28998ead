import { apiUpload, type DataResponse } from '../../../lib/api-client';

/** POST form upload (file): the stored image's public URL (§7: response data.avatar). */
export async function uploadImage(file: File, onProgress: (percent: number) => void = () => undefined): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiUpload<DataResponse<{ avatar: string }>>('upload', form, onProgress)).data.avatar;
}
