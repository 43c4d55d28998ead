import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskCardKey } from './get-task-card';
import { taskDetailKey } from './get-task';
import { tasksKey } from './get-tasks';

export type TaskDecision = 'APPROVAL' | 'DISAPPROVAL';

/** POST merchant/task/{id} {type, comment}: the current approver approves or rejects with a note (§5). */
export async function decideTask({ tenantId, id, type, comment }: { tenantId: string; id: string; type: TaskDecision; comment: string }): Promise<void> {
  await apiRequest(`merchant/task/${encodeURIComponent(id)}`, { method: 'POST', body: { type, comment }, tenantId });
}

/** After a decision the detail and the card refresh at once; the list follows (§4: after 3 s, see the page). */
export function useDecideTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTask,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: taskDetailKey }), queryClient.invalidateQueries({ queryKey: taskCardKey })]);
    },
  });
}

/** §4: the list refreshes three seconds after a decision (the server's lists settle by then). */
export const LIST_REFRESH_DELAY_MS = 3000;
export { tasksKey };
