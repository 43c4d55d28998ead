import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** DELETE merchant/team-manager/{id} (never the default team; 409 while reviews are pending). */
export async function deleteTeam(id: string): Promise<void> {
  await apiRequest(`merchant/team-manager/${id}`, { method: 'DELETE' });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey }) });
}
