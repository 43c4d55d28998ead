import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** Turns a rejected call into the text to show: the translated code, else the server message. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return (error) => {
    if (error instanceof ApiError) {
      if (i18n.exists(`errors:${error.code}`)) return t(error.code);
      return error.message;
    }
    return t('INTERNAL');
  };
}
