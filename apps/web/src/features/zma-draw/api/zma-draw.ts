import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateCampaign, AffiliateCampaignBody, CreateDrawBody, Draw, Referral, ReferralStatus, Rule, RuleBody, RuleTestResult, UpdateDrawBody } from '@zc/shared/api/zma-draw';
import type { ZmaCustomer, ZmaCustomerDetail } from '@zc/shared/api/zma-customer';
import type { ZmaGiftItem } from '@zc/shared/api/zma-loyalty';
import type { ZmaGender, ZmaStatus } from '@zc/shared/api/zma';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/**
 * The lucky draw, rules, affiliate campaigns and customers of one mini app (issue 14 #6–#8;
 * /tmp/zma-api.md §3, §4). Every call carries x-zma-id from the session (the mini-app layout selects
 * the app); query keys start with `zma` so that switching app drops them (lib/zma-scope).
 */
export const zmaDrawKey = ['zma-draw'] as const;
export const zmaCustomersKey = ['zma-customers'] as const;

const enc = encodeURIComponent;

// ----- Draws -----------------------------------------------------------------------------------

export function useDraws(zmaAppId: string, filters: { status?: ZmaStatus | undefined }) {
  return usePagedList({
    key: [...zmaDrawKey, 'draws', zmaAppId],
    filters,
    fetch: (q, signal) => apiGet<ListResponse<Draw>>('zma/merchant/lucky-draw', { page: q.page, pageSize: q.size, status: q.status }, { signal }),
    enabled: Boolean(zmaAppId),
  });
}

/** Every draw (for pickers: rules, tester): the first 100. */
export function useAllDraws(zmaAppId: string) {
  return useQuery({
    queryKey: [...zmaDrawKey, 'draws-all', zmaAppId],
    queryFn: async ({ signal }) => (await apiGet<ListResponse<Draw>>('zma/merchant/lucky-draw', { page: 1, pageSize: 100 }, { signal })).data,
    enabled: Boolean(zmaAppId),
  });
}

export function useDraw(zmaAppId: string, id: string | undefined) {
  return useQuery({
    queryKey: [...zmaDrawKey, 'draw', zmaAppId, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Draw>>(`zma/merchant/lucky-draw/${enc(id ?? '')}`, undefined, { signal })).data,
    enabled: Boolean(zmaAppId && id),
    retry: false,
  });
}

function useInvalidate(key: readonly unknown[] = zmaDrawKey) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

export function useSaveDraw() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: CreateDrawBody | UpdateDrawBody }) =>
      (await apiRequest<DataResponse<Draw>>(id ? `zma/merchant/lucky-draw/${enc(id)}` : 'zma/merchant/lucky-draw', { method: id ? 'PATCH' : 'POST', body })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteDraw() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => apiRequest(`zma/merchant/lucky-draw/${enc(id)}`, { method: 'DELETE' }), onSuccess: invalidate });
}

/** Active gifts and vouchers a prize may give (the first 100 of each). */
export function useGiftOptions(zmaAppId: string) {
  return useQuery({
    queryKey: ['zma-draw', 'gift-options', zmaAppId],
    queryFn: async ({ signal }) => (await apiGet<ListResponse<ZmaGiftItem>>('zma/merchant/gift', { status: 'ACTIVE', page: 1, pageSize: 100 }, { signal })).data,
    enabled: Boolean(zmaAppId),
    staleTime: 30_000,
  });
}

/** Draws, prizes and spins move with the mini app's activity (a spin, a won gift): refetch what is shown. */
export function useLiveDraws(zmaAppId: string): void {
  const invalidate = useInvalidate();
  useRealtimeEvent('zma.activity', (event) => {
    if (event.data.zmaAppId === zmaAppId && ['SPIN', 'GIFT_WON', 'CODE_ALLOCATED'].includes(event.data.kind)) void invalidate();
  });
  useRealtimeResync(() => void invalidate());
}

// ----- Rules -----------------------------------------------------------------------------------

export function useRules(zmaAppId: string, drawId?: string) {
  return useQuery({
    queryKey: [...zmaDrawKey, 'rules', zmaAppId, drawId ?? null],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Rule[]> | ListResponse<Rule>>('zma/merchant/rule', { drawId }, { signal })).data,
    enabled: Boolean(zmaAppId),
    placeholderData: keepPreviousData,
  });
}

export function useSaveRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: RuleBody }) =>
      (await apiRequest<DataResponse<Rule>>(id ? `zma/merchant/rule/${enc(id)}` : 'zma/merchant/rule', { method: id ? 'PATCH' : 'POST', body })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => apiRequest(`zma/merchant/rule/${enc(id)}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useTestRule() {
  return useMutation({
    mutationFn: async (body: { drawId: string; customerId: string; at?: string }) => (await apiRequest<DataResponse<RuleTestResult>>('zma/merchant/rule/test', { method: 'POST', body })).data,
  });
}

// ----- Affiliate campaigns ---------------------------------------------------------------------

export function useAffiliateCampaigns(zmaAppId: string, filters: { status?: ZmaStatus | undefined }) {
  return usePagedList({
    key: [...zmaDrawKey, 'affiliate', zmaAppId],
    filters,
    fetch: (q, signal) => apiGet<ListResponse<AffiliateCampaign>>('zma/merchant/affiliate-campaign', { page: q.page, pageSize: q.size, status: q.status }, { signal }),
    enabled: Boolean(zmaAppId),
  });
}

export function useSaveAffiliateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: AffiliateCampaignBody }) =>
      (await apiRequest<DataResponse<AffiliateCampaign>>(id ? `zma/merchant/affiliate-campaign/${enc(id)}` : 'zma/merchant/affiliate-campaign', { method: id ? 'PATCH' : 'POST', body })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteAffiliateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => apiRequest(`zma/merchant/affiliate-campaign/${enc(id)}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useReferrals(zmaAppId: string, campaignId: string | null, filters: { status?: ReferralStatus | undefined }) {
  return usePagedList({
    key: [...zmaDrawKey, 'referrals', zmaAppId, campaignId],
    filters,
    fetch: (q, signal) => apiGet<ListResponse<Referral>>(`zma/merchant/affiliate-campaign/${enc(campaignId ?? '')}/referrals`, { page: q.page, pageSize: q.size, status: q.status }, { signal }),
    enabled: Boolean(zmaAppId && campaignId),
  });
}

// ----- Customers -------------------------------------------------------------------------------

export interface CustomerFilters {
  search?: string | undefined;
  isFollower?: boolean | undefined;
  hasPhone?: boolean | undefined;
  gender?: ZmaGender | undefined;
}

export function useCustomers(zmaAppId: string, filters: CustomerFilters) {
  return usePagedList({
    key: [...zmaCustomersKey, 'list', zmaAppId],
    filters,
    fetch: (q, signal) =>
      apiGet<ListResponse<ZmaCustomer>>('zma/merchant/customer', { page: q.page, pageSize: q.size, search: q.search, isFollower: q.isFollower, hasPhone: q.hasPhone, gender: q.gender }, { signal }),
    enabled: Boolean(zmaAppId),
  });
}

/** Customers matching a search (the tester's picker): the first 20. */
export function useCustomerSearch(zmaAppId: string, search: string) {
  return useQuery({
    queryKey: [...zmaCustomersKey, 'search', zmaAppId, search],
    queryFn: async ({ signal }) => (await apiGet<ListResponse<ZmaCustomer>>('zma/merchant/customer', { page: 1, pageSize: 20, search: search || undefined }, { signal })).data,
    enabled: Boolean(zmaAppId),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(zmaAppId: string, id: string | null) {
  return useQuery({
    queryKey: [...zmaCustomersKey, 'detail', zmaAppId, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaCustomerDetail>>(`zma/merchant/customer/${enc(id ?? '')}`, undefined, { signal })).data,
    enabled: Boolean(zmaAppId && id),
    retry: false,
  });
}

export function useGrantTurns() {
  const invalidate = useInvalidate(zmaCustomersKey);
  return useMutation({
    mutationFn: async ({ customerId, turns, note }: { customerId: string; turns: number; note?: string }) =>
      (await apiRequest<DataResponse<{ customerId: string; bonusTurns: number }>>(`zma/merchant/customer/${enc(customerId)}/turns`, { method: 'POST', body: note ? { turns, note } : { turns } })).data,
    onSuccess: invalidate,
  });
}

/** Customers' rows move with their activity (spins, gifts, phone shared, follow): refetch the shown ones. */
export function useLiveCustomers(zmaAppId: string): void {
  const invalidate = useInvalidate(zmaCustomersKey);
  useRealtimeEvent('zma.activity', (event) => {
    if (event.data.zmaAppId === zmaAppId) void invalidate();
  });
  useRealtimeResync(() => void invalidate());
}
