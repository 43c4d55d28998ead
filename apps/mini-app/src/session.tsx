import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, ApiError, setCustomerToken, setRenew, type Me, type SessionResult } from './api';
import { platform } from './platform';

/**
 * Signs the customer in (`POST /api/zma/app/session` with Zalo's access token) and keeps the
 * customer token in memory and sessionStorage (a reload inside the same Zalo session skips the
 * sign-in; a token the server refuses signs in again once).
 */
interface SessionState {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  session: SessionResult | null;
  me: Me | null;
  accessToken: string | null;
  refresh: () => Promise<void>;
  retry: () => void;
  patchCustomer: (patch: Partial<Me>) => void;
}

const SessionContext = createContext<SessionState | null>(null);

const storageKey = (zaloAppId: string, accessToken: string) => `zma-session:${zaloAppId}:${accessToken.slice(-16)}`;

function readStored(key: string): SessionResult | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as SessionResult) : null;
  } catch {
    return null;
  }
}

async function signIn(): Promise<{ session: SessionResult; accessToken: string; me: Me }> {
  const zaloAppId = platform.zaloAppId();
  if (!zaloAppId) throw new ApiError(0, 'OTHER', undefined, 'zaloAppId missing');
  const accessToken = await platform.accessToken();
  const key = storageKey(zaloAppId, accessToken);
  const stored = readStored(key);
  if (stored) {
    setCustomerToken(stored.token);
    try {
      return { session: stored, accessToken, me: await api.me() };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      sessionStorage.removeItem(key);
    }
  }
  const session = await newSession(zaloAppId, accessToken, key);
  return { session, accessToken, me: await api.me() };
}

async function newSession(zaloAppId: string, accessToken: string, key: string): Promise<SessionResult> {
  const ref = platform.ref();
  const session = await api.session({ zaloAppId, accessToken, ...(ref ? { ref } : {}) });
  setCustomerToken(session.token);
  try {
    sessionStorage.setItem(key, JSON.stringify(session));
  } catch {
    // storage full or disabled: the token stays in memory only
  }
  return session;
}

// An expired customer token mid-session: sign in again with a fresh Zalo access token.
setRenew(async () => {
  const zaloAppId = platform.zaloAppId();
  if (!zaloAppId) return;
  const accessToken = await platform.accessToken();
  await newSession(zaloAppId, accessToken, storageKey(zaloAppId, accessToken));
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<SessionState, 'status' | 'error' | 'session' | 'me' | 'accessToken'>>({
    status: 'loading',
    error: null,
    session: null,
    me: null,
    accessToken: null,
  });

  useEffect(() => {
    let live = true;
    signIn().then(
      ({ session, accessToken, me }) => live && setState({ status: 'ready', error: null, session, me, accessToken }),
      (error: unknown) => live && setState((s) => ({ ...s, status: 'error', error })),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const refresh = useCallback(async () => {
    const me = await api.me();
    setState((s) => ({ ...s, me }));
  }, []);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    setAttempt((n) => n + 1);
  }, []);
  const patchCustomer = useCallback((patch: Partial<Me>) => setState((s) => (s.me ? { ...s, me: { ...s.me, ...patch } } : s)), []);

  const value = useMemo<SessionState>(() => ({ ...state, refresh, retry, patchCustomer }), [state, refresh, retry, patchCustomer]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** A signed-in session (pages render only once the sign-in is done). */
export function useReadySession(): SessionState & { session: SessionResult; me: Me; accessToken: string } {
  const s = useSession();
  if (!s.session || !s.me || !s.accessToken) throw new Error('session not ready');
  return s as SessionState & { session: SessionResult; me: Me; accessToken: string };
}
