import { useContext } from 'react';
import { useParams } from 'react-router';
import { satisfies, type Requirement } from '../../lib/access';
import { ZmaScopeContext, selectZmaApp, useZmaMe } from '../../lib/zma-scope';

/**
 * The mini app these pages act on and the caller's §6 union for it: from the mini-app layout when it
 * provides the scope, else from the address (`:id`) and `GET zma/merchant/me` — so the pages also
 * stand on their own (the app is selected before any call, so every call carries its x-zma-id).
 */
export function useDrawScope(): { zmaAppId: string; can: (requirement: Requirement) => boolean } {
  const scope = useContext(ZmaScopeContext);
  const { id } = useParams();
  const fallbackId = scope ? null : (id ?? null);
  // Idempotent: writes the session only when another app was selected.
  if (fallbackId) selectZmaApp(fallbackId);
  const me = useZmaMe(fallbackId);
  const held: ReadonlySet<string> = scope?.permissions ?? new Set(me.data?.permissions ?? []);
  return { zmaAppId: scope?.zmaAppId ?? fallbackId ?? '', can: (requirement) => satisfies(held, requirement) };
}
