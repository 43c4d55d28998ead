import { useEffect } from 'react';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { useSessionValue, writeSession } from './session';
import { useScope } from './scope-context';
import { useOaList } from './oa-list';

/** The synthetic §3 entry offered when the tenant has 2 or more OAs. */
export const ALL_OA = '__all__';

export interface CurrentOa {
  oas: ZaloOa[];
  isLoading: boolean;
  isError: boolean;
  /** The selected OA, or null for 'All' (2+ OAs) or when the tenant has none. */
  current: ZaloOa | null;
  /** Value of the selector: an OA id or ALL_OA. */
  selection: string | null;
  showsAll: boolean;
  select: (value: string) => void;
}

/** Which OA is current: persisted as `zc.oaId` (sent as x-oa-id); 'All' is the absence of one. */
export function resolveCurrentOa(oas: readonly ZaloOa[], stored: string | null): { current: ZaloOa | null; selection: string | null } {
  const match = stored ? oas.find((o) => o.id === stored) : undefined;
  if (match) return { current: match, selection: match.id };
  if (oas.length === 1 && oas[0]) return { current: oas[0], selection: oas[0].id };
  if (oas.length >= 2) return { current: null, selection: ALL_OA };
  return { current: null, selection: null };
}

export function useCurrentOa(): CurrentOa {
  const scope = useScope();
  const tenantId = scope.level === 'tenant' ? (scope.tenant?.id ?? null) : null;
  const list = useOaList(tenantId);
  const stored = useSessionValue('oaId');
  const oas = list.data ?? [];
  const { current, selection } = resolveCurrentOa(oas, stored);

  // Keep the persisted value in line with what is shown (single OA, or a stale id of another tenant).
  useEffect(() => {
    if (!list.data || list.isFetching) return;
    const want = current?.id ?? null;
    if (want !== stored) writeSession({ oaId: want });
  }, [list.data, list.isFetching, current, stored]);

  return {
    oas,
    isLoading: list.isPending && list.fetchStatus !== 'idle',
    isError: list.isError,
    current,
    selection,
    showsAll: oas.length >= 2,
    select: (value) => writeSession({ oaId: value === ALL_OA ? null : value }),
  };
}
