import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { i18n, toLanguage } from '../lib/i18n';
import { antdViLocale, subscribeAntdLocale } from '../lib/signed-in-resources';

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

function LocalisedConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = toLanguage(instance.resolvedLanguage);
  const vi = useSyncExternalStore(subscribeAntdLocale, antdViLocale);
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
