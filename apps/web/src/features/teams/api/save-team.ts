import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTeamBody, Team, updateTeamBody } from '@zc/shared/api/teams';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

export type CreateTeamInput = z.input<typeof createTeamBody>;
export type UpdateTeamInput = z.input<typeof updateTeamBody>;

/** POST merchant/team-manager/create. */
export async function createTeam(body: CreateTeamInput): Promise<Team> {
  return (await apiRequest<DataResponse<Team>>('merchant/team-manager/create', { method: 'POST', body })).data;
}

/** PUT merchant/team-manager/{id}: name, avatar, daily quotas (null: no cap). */
export async function updateTeam({ id, ...body }: UpdateTeamInput & { id: string }): Promise<Team> {
  return (await apiRequest<DataResponse<Team>>(`merchant/team-manager/${id}`, { method: 'PUT', body })).data;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey }) });
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey }) });
}
