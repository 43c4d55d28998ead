import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ZmaMe } from '@zc/shared/api/zma-apps';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { useSessionValue } from '../../../lib/session';

/**
 * The mini app of the page (`/tenant/mini-app/:id/*`) and whether the session already sends it as
 * x-zma-id (the mini-app layout writes it): calls wait for that, so they never run against the
 * previously opened app.
 */
export function useZmaApp(): { zmaAppId: string; ready: boolean } {
  const { id = '' } = useParams();
  const current = useSessionValue('zmaId');
  return { zmaAppId: id, ready: Boolean(id) && current === id };
}

/** GET zma/merchant/me: the §6 union (tenant ∪ merchant ∪ the caller's role in this app) the buttons read. */
export function useZmaCan(): { can: (permission: string) => boolean; loaded: boolean } {
  const { zmaAppId, ready } = useZmaApp();
  const me = useQuery({
    queryKey: ['zma-me', zmaAppId],
    queryFn: ({ signal }) => apiGet<DataResponse<ZmaMe>>('zma/merchant/me', undefined, { signal }).then((r) => r.data),
    enabled: ready,
    staleTime: 60_000,
  });
  const held = new Set(me.data?.permissions ?? []);
  return { can: (p) => held.has(p), loaded: me.isSuccess };
}
