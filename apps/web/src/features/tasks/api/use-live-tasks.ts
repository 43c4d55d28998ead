import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { taskCardKey } from './get-task-card';
import { taskDetailKey } from './get-task';
import { tasksKey } from './get-tasks';

/** The review events that change what My tasks shows (lists, detail, counter card, menu badges). */
export const TASK_EVENTS = ['task.submitted', 'task.advanced', 'task.decided', 'task.voided', 'task.viewed'] as const;

/**
 * Keeps My tasks live: a review event of the current tenant refetches the task queries (a burst of
 * events refetches once, 300 ms after the first); a resync refetches whatever is shown.
 */
export function useLiveTasks(tenantId: string, scope: 'all' | 'card' = 'all'): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: taskCardKey });
      if (scope === 'all') {
        void queryClient.invalidateQueries({ queryKey: tasksKey });
        void queryClient.invalidateQueries({ queryKey: taskDetailKey });
      }
    }, 300);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeEvent(TASK_EVENTS, (event) => {
    if (event.tenantId === null || event.tenantId === tenantId) refetch();
  });
  useRealtimeResync(refetch);
}
