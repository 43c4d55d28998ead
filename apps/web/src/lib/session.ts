import { useSyncExternalStore } from 'react';

/** Every key the web keeps in localStorage lives under this one fixed prefix (spec §3). */
export const STORAGE_PREFIX = 'zc.';

export type SessionKey =
  | 'accessToken'
  | 'refreshToken'
  | 'userId'
  | 'merchantId'
  | 'tenantId'
  | 'oaId'
  | 'zmaId'
  | 'euRole'
  | 'language';

const listeners = new Set<() => void>();
let version = 0;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads one persisted value (null when absent). */
export function readSession(key: SessionKey): string | null {
  return storage()?.getItem(STORAGE_PREFIX + key) ?? null;
}

/** Writes (or, with null, removes) persisted values and notifies subscribers once. */
export function writeSession(values: Partial<Record<SessionKey, string | null>>): void {
  const s = storage();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) s?.removeItem(STORAGE_PREFIX + key);
    else s?.setItem(STORAGE_PREFIX + key, value);
  }
  version += 1;
  for (const l of listeners) l();
}

/** Forgets the signed-in user and the current selection (the language stays). */
export function clearSession(): void {
  writeSession({
    accessToken: null,
    refreshToken: null,
    userId: null,
    merchantId: null,
    tenantId: null,
    oaId: null,
    zmaId: null,
    euRole: null,
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of one persisted value; re-renders when it changes through writeSession. */
export function useSessionValue(key: SessionKey): string | null {
  useSyncExternalStore(subscribe, () => version, () => version);
  return readSession(key);
}

export function isSignedIn(): boolean {
  return readSession('accessToken') !== null;
}
