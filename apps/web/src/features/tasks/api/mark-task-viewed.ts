import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskCardKey } from './get-task-card';
import { tasksKey } from './get-tasks';

/** PATCH merchant/task/{id} {status: 'viewed'}: the caller has opened the task (§4 new → viewed). */
export async function markTaskViewed({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
  await apiRequest(`merchant/task/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status: 'viewed' }, tenantId });
}

export function useMarkTaskViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTaskViewed,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksKey }), queryClient.invalidateQueries({ queryKey: taskCardKey })]);
    },
  });
}
