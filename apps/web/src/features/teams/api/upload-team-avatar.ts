import { useMutation } from '@tanstack/react-query';
import type { Team } from '@zc/shared/api/teams';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

/** POST form merchant/team-manager/upload-avatar (file, optional teamId): the avatar URL to save with the team. */
export async function uploadTeamAvatar(file: File): Promise<{ avatar: string; team: Team | null }> {
  const form = new FormData();
  form.append('file', file);
  return (await apiRequest<DataResponse<{ avatar: string; team: Team | null }>>('merchant/team-manager/upload-avatar', { method: 'POST', body: form })).data;
}

export function useUploadTeamAvatar() {
  return useMutation({ mutationFn: uploadTeamAvatar });
}
