import { ApiError } from './api';
import { formatDate, t, tMaybe } from './i18n';

/** The user refused in Zalo's dialog (-201 / -202, REFERENCE §10). */
export class PlatformDenied extends Error {}

/** What to tell the customer about a failed call: a 409 spin's reason first, then the error code. */
export function errorText(err: unknown): string {
  if (err instanceof PlatformDenied) return t('err_DENIED');
  if (err instanceof ApiError) {
    const reason = err.details?.reason;
    const next = err.details?.nextTurnsAt;
    const when = typeof next === 'string' ? ` ${t('nextTurnsAt')} ${formatDate(next)}.` : '';
    if (typeof reason === 'string') {
      const text = tMaybe(`reason_${reason}`);
      if (text) return text + when;
    }
    return (tMaybe(`err_${err.code}`) ?? t('err_OTHER')) + (err.code === 'ZMA_NO_TURNS' ? when : '');
  }
  return t('err_OTHER');
}
