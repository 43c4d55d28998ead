import { useCallback, useState } from 'react';
import { STORAGE_PREFIX } from './session';

/** Display preferences kept across reloads and sign-outs (the sidebar state, hidden table columns). */
export type PreferenceKey = 'siderCollapsed' | `columns.${string}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a JSON preference; the fallback when absent, unreadable or rejected by `accept`. */
export function readPreference<T>(key: PreferenceKey, fallback: T, accept: (value: unknown) => value is T): T {
  const raw = storage()?.getItem(STORAGE_PREFIX + key);
  if (raw === null || raw === undefined) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Stores a JSON preference (a full or private-mode storage just forgets it). */
export function writePreference(key: PreferenceKey, value: unknown): void {
  try {
    storage()?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the preference lasts for this page only.
  }
}

/** React state backed by one preference: initialised from storage, written on every change. */
export function usePreference<T>(key: PreferenceKey, fallback: T, accept: (value: unknown) => value is T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readPreference(key, fallback, accept));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writePreference(key, next);
    },
    [key],
  );
  return [value, update];
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
