import { useEffect, useRef, useSyncExternalStore } from 'react';
import { refreshOnce } from './api-client';
import { clearSession, readSession } from './session';
import { RealtimeConnection, RealtimeHub, type RealtimeEvent, type RealtimeEventType, type RealtimeState, type ResyncReason } from './realtime';

/** The console's one hub: useRealtimeConnection feeds it, the hooks below read it (one session per tab). */
const hub = new RealtimeHub();

/**
 * Holds the signed-in session's one realtime stream for the organisation (docs/realtime.md). Used
 * once, by the shell (app/realtime-connector.tsx): it opens when an organisation is known, moves to
 * another organisation with the switcher (a fresh stream) and closes on sign-out (the shell unmounts;
 * a refused refresh clears the session, which takes the shell to the login page). Hidden tabs keep it
 * open; coming back online or to the tab reconnects at once instead of waiting out a back-off.
 */
export function useRealtimeConnection(merchantId: string | null): void {
  useEffect(() => {
    if (!merchantId) return;
    const connection = new RealtimeConnection({ merchantId, hub, getToken: () => readSession('accessToken'), refresh: refreshOnce, signOut: clearSession });
    void connection.start();
    const nudge = () => connection.nudge();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') connection.nudge();
    };
    window.addEventListener('online', nudge);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', onVisibility);
      connection.close();
    };
  }, [merchantId]);
}

/** Calls `handler` for every event of these types the stream brings (the latest handler; no re-subscription per render). */
export function useRealtimeEvent<T extends RealtimeEventType>(types: T | readonly T[], handler: (event: RealtimeEvent<T>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = typeof types === 'string' ? types : types.join(' ');
  useEffect(() => {
    // key is the types joined by spaces (event types have none): a stable dependency for an array literal.
    const list = key.split(' ') as T[];
    return hub.on(list, (event) => latest.current(event));
  }, [key]);
}

/** Calls `handler` when events may have been missed (first stream, `reset`, a resume the server did not know): refetch what is shown. */
export function useRealtimeResync(handler: (reason: ResyncReason) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub.onResync((reason) => latest.current(reason)), []);
}

/** connecting · live · retrying · stopped (the history pages show 'live'). */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(
    (listener) => hub.onState(listener),
    () => hub.state,
    () => hub.state,
  );
}
