/**
 * The bottom navigation's icons as inline SVG: zmp-ui's icon font comes from Zalo's CDN, which the
 * console server's CSP (font-src 'self') and an offline development machine both refuse.
 */
const paths = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1v-9.5Z',
  wheel: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2v8l5.66-5.66A8 8 0 0 0 12 4Zm0 8H4a8 8 0 0 0 2.34 5.66L12 12Zm0 0v8a8 8 0 0 0 5.66-2.34L12 12Z',
  gift: 'M20 7h-2.18A3 3 0 0 0 12 3.76 3 3 0 0 0 6.18 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 1-1h1ZM9 5h1a1 1 0 0 1 1 1v1H9a1 1 0 1 1 0-2Zm-4 4h6v2H5V9Zm1 4h5v6H6v-6Zm7 6v-6h5v6h-5Zm6-8h-6V9h6v2Z',
} as const;

export type IconName = keyof typeof paths;

export function NavIcon({ name }: { name: IconName }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d={paths[name]} fillRule="evenodd" />
    </svg>
  );
}

const status = {
  ok: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z',
  fail: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.5 12.1-1.4 1.4L12 13.4l-2.1 2.1-1.4-1.4 2.1-2.1-2.1-2.1 1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1Z',
} as const;

/** The snackbar's status icon (zmp-ui's own comes from the icon font). */
export function StatusIcon({ kind }: { kind: keyof typeof status }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill={kind === 'ok' ? '#22c55e' : '#f87171'}>
      <path d={status[kind]} />
    </svg>
  );
}
