import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { i18n, loadAppResources, toLanguage } from '../lib/i18n';

/** Primary colour teal (§9 theme). */
export const PRIMARY_COLOR = '#0d9488';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only network failures and 5xx once.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

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

function subscribeLocale(listener: () => void): () => void {
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

function LocalisedConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = toLanguage(instance.resolvedLanguage);
  const vi = useSyncExternalStore(subscribeLocale, () => viVN);
  return (
    <ConfigProvider
      locale={language === 'vi' ? (vi ?? enUS) : enUS}
      theme={{ token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR, borderRadius: 8 } }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * Query cache, i18n, antd theme + locale. The antd App context (message, modal) lives in the lazy
 * shell so that its modal/notification code stays out of the entry chunk.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedConfig>{children}</LocalisedConfig>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
