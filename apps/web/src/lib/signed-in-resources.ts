import type { Locale } from 'antd/es/locale';
import { loadAppResources } from './i18n';

// antd's vi locale (table, pagination, pickers, modal buttons) only shows on signed-in pages; the
// public pages use no antd text. It loads with loadSignedInResources(); en_US is antd's own default.
let viVN: Locale | undefined;
const localeListeners = new Set<() => void>();
let antdLocales: Promise<void> | null = null;

function loadAntdLocales(): Promise<void> {
  antdLocales ??= import('antd/es/locale/vi_VN').then(
    ({ default: locale }) => {
      viVN = locale;
      localeListeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      antdLocales = null;
      throw error;
    },
  );
  return antdLocales;
}

export function subscribeAntdLocale(listener: () => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

/**
 * Texts and locales of the signed-in pages (i18n namespaces, dayjs and antd vi locales), kept out
 * of the login route's first load. main.tsx awaits it before a signed-in page's first render;
 * login and register before they navigate in; the public pages prefetch it when idle.
 */
export function loadSignedInResources(): Promise<void> {
  return Promise.all([loadAppResources(), loadAntdLocales()]).then(() => undefined);
}

/** antd's vi locale once loaded (undefined before): read with useSyncExternalStore(subscribeAntdLocale, …). */
export function antdViLocale(): Locale | undefined {
  return viVN;
}
