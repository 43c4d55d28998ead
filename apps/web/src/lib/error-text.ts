import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** The `errors` key of a rejected call and the values it interpolates (`seconds` of a 429 wait). */
export function errorTextKey(error: unknown): { key: string; values: { seconds?: number } } {
  if (!(error instanceof ApiError)) return { key: 'INTERNAL', values: {} };
  const retry = error.body?.error.details?.retryAfterSeconds;
  const parsed = /after\s+(\d+)/i.exec(error.message)?.[1];
  const seconds = typeof retry === 'number' ? retry : parsed ? Number(parsed) : undefined;
  return { key: error.code, values: seconds === undefined ? {} : { seconds } };
}

/**
 * Turns a rejected call into the text to show in the current language: the server's stable code
 * mapped through locales/<lng>/errors.json (the en texts keep the §8 wording); a code the web
 * does not know yet shows the server message, anything that is not an API answer the generic text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return (error) => {
    const { key, values } = errorTextKey(error);
    if (i18n.exists(`errors:${key}`)) return t(key, values);
    return error instanceof ApiError ? error.message : t('INTERNAL');
  };
}
