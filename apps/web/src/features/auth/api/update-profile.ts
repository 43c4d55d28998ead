import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Profile, updateProfileBody } from '@zc/shared/api/auth';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

export async function updateProfile(input: z.input<typeof updateProfileBody>): Promise<Profile> {
  return (await apiRequest<DataResponse<Profile>>('auth/profile', { method: 'PATCH', body: input })).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions().queryKey, profile),
  });
}
