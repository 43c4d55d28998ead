import dayjs from 'dayjs';
import i18next from 'i18next';
import viCommon from '../locales/vi/common.json';
import { DATE_FORMATS } from '@zc/shared/limits';

/** DD/MM/YYYY HH:mm:ss display of an ISO time (the §9 date-time variant with seconds). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(DATE_FORMATS.displayDateTime) : '';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(DATE_FORMATS.display) : '';
}

/** §9 id display: first and last 5 characters with an ellipsis (short values stay whole). */
export function shortenId(id: string): string {
  return id.length <= 13 ? id : `${id.slice(0, 5)}…${id.slice(-5)}`;
}

/**
 * The money unit's sign (§9: currency from the translations), `common:currency.symbol` of the
 * current language; before i18n has started (unit tests, the first render) the bundled vi text.
 */
export function currencySymbol(): string {
  const text = i18next.isInitialized ? i18next.t('currency.symbol', { ns: 'common' }) : undefined;
  return typeof text === 'string' && text && text !== 'currency.symbol' ? text : viCommon.currency.symbol;
}

/** Comma thousands of a whole number (the §9 table convention): 1234567 → '1,234,567'. */
export function formatThousands(value: number): string {
  const whole = Math.round(Math.abs(value));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `−${digits}` : digits;
}

/**
 * Money, everywhere in the console (tables, dialogs, history detail, header wallet): comma
 * thousands and the translated currency sign, e.g. '1,234,567 ₫' (§9: unit prices with the
 * currency symbol).
 */
export function formatMoney(value: number): string {
  return `${formatThousands(value)} ${currencySymbol()}`;
}

/**
 * §9 numbers: a K suffix above 1,000 (one decimal below 10K: 1.2K, 12K), M above a million; comma
 * thousands below. Used for chart axes and the summary cards; tables show the whole number.
 */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '−' : '';
  const fixed = (n: number) => (n < 10 ? n.toFixed(1).replace(/\.0$/, '') : String(Math.round(n)));
  if (abs >= 1_000_000) return `${sign}${fixed(abs / 1_000_000)}M`;
  if (abs > 1000) return `${sign}${fixed(abs / 1000)}K`;
  return `${sign}${Math.round(abs)}`;
}
