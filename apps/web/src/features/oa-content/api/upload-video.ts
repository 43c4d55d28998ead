import { apiUpload, type DataResponse } from '../../../lib/api-client';
import type { OaVideoItem } from './types';

/** POST form merchant/oa-content/uploadVideo (file, zaloOAIds comma-joined): the upload, then Zalo converts it per OA (oa_video.changed). */
export async function uploadVideo({ tenantId, file, zaloOAIds, onProgress }: { tenantId: string; file: File; zaloOAIds: readonly string[]; onProgress: (percent: number) => void }): Promise<OaVideoItem> {
  const form = new FormData();
  form.append('zaloOAIds', zaloOAIds.join(','));
  form.append('file', file);
  return (await apiUpload<DataResponse<OaVideoItem>>('merchant/oa-content/uploadVideo', form, onProgress, { tenantId })).data;
}
