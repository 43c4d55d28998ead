import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (token screenMD, 768 px) the shell takes its phone layout. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * True on a phone-sized viewport. Read synchronously from matchMedia (antd's useBreakpoint starts
 * empty and would render the desktop shell once before switching, a visible jump on phones).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
