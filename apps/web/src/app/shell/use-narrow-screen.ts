import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (token screenMD, 768 px) the shell takes its phone layout. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Below antd's `lg` breakpoint (992 px) the header has no room for the user's name. */
export const BELOW_LG_QUERY = '(max-width: 991.98px)';

/** Whether a media query matches now, kept current as the viewport changes. */
export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(media);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(media).matches,
    () => false,
  );
}

/**
 * True on a phone-sized viewport. Read synchronously from matchMedia (antd's useBreakpoint starts
 * empty and would render the desktop shell once before switching, a visible jump on phones).
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
