import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@zc/shared/api/auth';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export async function getProfile(): Promise<Profile> {
  return (await apiGet<DataResponse<Profile>>('auth')).data;
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 60_000 });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
