import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList, NotificationPreference } from '@zc/shared/api/notifications';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/** Everything notifications: lists of both scopes, the bell, the preferences. */
export const notificationsKey = ['notifications'] as const;

/** Which list: the organisation's (all tenants) or the current tenant's. */
export type NotificationScope = { level: 'organisation'; merchantId: string } | { level: 'tenant'; tenantId: string };

/** GET merchant/notification/getList/by-merchant | by-tenant (page, size ≤ 100, default 20). */
export function getNotifications(scope: NotificationScope, query: { page: number; size: number; status?: 'new' | 'viewed' }, signal?: AbortSignal): Promise<NotificationList> {
  return scope.level === 'organisation'
    ? apiGet<NotificationList>('merchant/notification/getList/by-merchant', query, { merchantId: scope.merchantId, tenantId: null, signal })
    : apiGet<NotificationList>('merchant/notification/getList/by-tenant', query, { tenantId: scope.tenantId, signal });
}

const scopeKey = (scope: NotificationScope) => (scope.level === 'organisation' ? scope.merchantId : scope.tenantId);

export function useNotifications(scope: NotificationScope | null, page: number, size: number) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', scope?.level, scope ? scopeKey(scope) : null, page, size],
    queryFn: ({ signal }) => getNotifications(scope!, { page, size }, signal),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Keeps every notification query fresh: a notification created for or viewed by the caller (the
 * stream carries only the caller's), or events possibly missed, refetch what is shown.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKey });
  useRealtimeEvent(['notification.created', 'notification.viewed'], refresh);
  useRealtimeResync(refresh);
}

/** PATCH merchant/notification/{id} {status: viewed}. */
export function useMarkViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: Pick<Notification, 'id'> & { merchantId: string }) =>
      apiRequest(`merchant/notification/${encodeURIComponent(n.id)}`, { method: 'PATCH', body: { status: 'viewed' }, merchantId: n.merchantId, tenantId: null }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** POST merchant/notification/mark-all-viewed: the organisation's, or the tenant's only. */
export function useMarkAllViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: NotificationScope) =>
      apiRequest<DataResponse<{ updated: number }>>('merchant/notification/mark-all-viewed', {
        method: 'POST',
        body: { tenantOnly: scope.level === 'tenant' },
        ...(scope.level === 'tenant' ? { tenantId: scope.tenantId } : { merchantId: scope.merchantId, tenantId: null }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

const preferencesKey = [...notificationsKey, 'preferences'] as const;

/** GET merchant/notification/preferences: every kind with the caller's choice or its default. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => apiGet<DataResponse<NotificationPreference[]>>('merchant/notification/preferences', undefined, { signal, tenantId: null, merchantId: null }) });
}

/** PUT merchant/notification/preferences: the kinds named change. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) => apiRequest<DataResponse<NotificationPreference[]>>('merchant/notification/preferences', { method: 'PUT', body: { preferences }, tenantId: null, merchantId: null }),
    onSuccess: (res) => queryClient.setQueryData(preferencesKey, res),
  });
}
