import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail, TeamRole } from '@zc/shared/api/teams';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** POST merchant/team-manager/add-member {teamId, userIds, role}. */
export async function addTeamMembers(body: { teamId: string; userIds: string[]; role?: TeamRole }): Promise<TeamDetail> {
  return (await apiRequest<DataResponse<TeamDetail>>('merchant/team-manager/add-member', { method: 'POST', body })).data;
}

/** POST merchant/team-manager/remove-member {teamId, userIds}. */
export async function removeTeamMembers(body: { teamId: string; userIds: string[] }): Promise<TeamDetail> {
  return (await apiRequest<DataResponse<TeamDetail>>('merchant/team-manager/remove-member', { method: 'POST', body })).data;
}

/** POST merchant/team-manager/update-member-role {teamId, userId, role}. */
export async function updateTeamMemberRole(body: { teamId: string; userId: string; role: TeamRole }): Promise<TeamDetail> {
  return (await apiRequest<DataResponse<TeamDetail>>('merchant/team-manager/update-member-role', { method: 'POST', body })).data;
}

function useTeamMutation<A>(fn: (a: A) => Promise<TeamDetail>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey }) });
}

export const useAddTeamMembers = () => useTeamMutation(addTeamMembers);
export const useRemoveTeamMembers = () => useTeamMutation(removeTeamMembers);
export const useUpdateTeamMemberRole = () => useTeamMutation(updateTeamMemberRole);
