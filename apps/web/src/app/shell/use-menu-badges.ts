import { useQueryClient } from '@tanstack/react-query';
import { taskCardKey, useTaskCard } from '../../features/tasks/api/get-task-card';
import { useLiveTasks } from '../../features/tasks/api/use-live-tasks';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { usePermissions, useScope } from '../../lib/scope-context';
import type { BadgeCounts } from './menu-badges';

const TICKET_EVENTS = ['ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.viewed'] as const;

/**
 * §2.2 My tasks badges: the unread requests and tickets of the task counter card (GET
 * merchant/task/card) in the current tenant, kept live by the review and ticket events. A refused
 * or failed card draws no badge.
 */
export function useMenuBadges(): BadgeCounts {
  const scope = useScope();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const tenantId = scope.level === 'tenant' ? (scope.tenant?.id ?? '') : '';
  // The card is a VIEW_TENANT_TASK call: without it no call is made (a refusal on every page would be noise).
  const card = useTaskCard(tenantId, can('VIEW_TENANT_TASK'));
  useLiveTasks(tenantId, 'card');
  useRealtimeEvent(TICKET_EVENTS, (event) => {
    if (tenantId && (event.tenantId === null || event.tenantId === tenantId)) void queryClient.invalidateQueries({ queryKey: taskCardKey });
  });
  if (!card.data) return {};
  return { requests: card.data.statusView, tickets: card.data.statusViewTicket };
}
