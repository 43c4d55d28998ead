import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createTrailingThrottle, MESSAGE_EVENTS } from '../../../lib/realtime';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { orgStatsKey, tenantStatsKey } from './stats-api';

/**
 * The statistics fold runs every 2 s (ADR 0024): a refetch waits 3 s after the first event of a
 * burst, so it reads the folded counters, and a campaign's thousands of events cost one refetch per
 * window.
 */
export const LIVE_STATS_DELAY_MS = 3000;

/** The review and ticket events that move the tenant dashboard's pending reviews and open tickets. */
const TENANT_EVENTS = ['task.submitted', 'task.decided', 'task.voided', 'ticket.created', 'ticket.updated', 'wallet.threshold_crossed'] as const;

function useThrottledInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  const throttle = useMemo(() => createTrailingThrottle(() => void queryClient.invalidateQueries({ queryKey: key }), LIVE_STATS_DELAY_MS), [queryClient, key]);
  useEffect(() => () => throttle.cancel(), [throttle]);
  return throttle.call;
}

/**
 * Live organisation dashboards, from the realtime stream (no polling): message.status_changed and
 * message.failed_permanently reach the caller for every tenant where it holds VIEW_HISTORY (every
 * tenant for an owner or admin); each refetches the organisation's statistics (overview, tenants,
 * breakdowns, OAs) once per window. A caller without VIEW_HISTORY anywhere receives no message
 * events: its figures refresh on navigation, a range change or a resync.
 */
export function useLiveOrgStats(): void {
  const refetch = useThrottledInvalidate(orgStatsKey);
  useRealtimeEvent(MESSAGE_EVENTS, () => refetch());
  useRealtimeResync(() => refetch());
}

/**
 * Live tenant dashboard, from the realtime stream (no polling): a message event of this tenant
 * (VIEW_HISTORY) moves today's and the period's sends and the spend; review, ticket and wallet
 * events move pending reviews, open tickets and the balance. One refetch per window.
 */
export function useLiveTenantStats(tenantId: string): void {
  const refetch = useThrottledInvalidate(tenantStatsKey);
  useRealtimeEvent(MESSAGE_EVENTS, (event) => {
    if (event.tenantId === tenantId) refetch();
  });
  useRealtimeEvent(TENANT_EVENTS, (event) => {
    if (event.tenantId === null || event.tenantId === tenantId) refetch();
  });
  useRealtimeResync(() => refetch());
}
