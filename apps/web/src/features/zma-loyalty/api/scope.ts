import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useSessionValue } from '../../../lib/session';
import { getZmaMe, useZmaPermissions, zmaMeKey } from '../../../lib/zma-scope';

/**
 * The mini app of the page (`/tenant/mini-app/:id/*`) and whether the session already sends it as
 * x-zma-id (the mini-app layout selects it): calls wait for that, so they never run against the
 * previously opened app.
 */
export function useZmaApp(): { zmaAppId: string; ready: boolean } {
  const { id = '' } = useParams();
  const current = useSessionValue('zmaId');
  return { zmaAppId: id, ready: Boolean(id) && current === id };
}

/**
 * The §6 union (tenant ∪ merchant ∪ the caller's role in this app) the buttons read: the layout's
 * scope, else the same `zma/merchant/me` query the layout and the sidebar share.
 */
export function useZmaCan(): { can: (permission: string) => boolean; loaded: boolean } {
  const scoped = useZmaPermissions();
  const { zmaAppId } = useZmaApp();
  const me = useQuery({
    queryKey: zmaMeKey(zmaAppId),
    queryFn: ({ signal }) => getZmaMe(zmaAppId, signal),
    enabled: !scoped.isLoaded && Boolean(zmaAppId),
    retry: false,
    staleTime: 30_000,
  });
  if (scoped.isLoaded) return { can: (p) => scoped.permissions.has(p), loaded: true };
  const held = new Set(me.data?.permissions ?? []);
  return { can: (p) => held.has(p), loaded: me.isSuccess };
}
