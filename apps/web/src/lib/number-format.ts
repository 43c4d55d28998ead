import { currencySymbol, formatCompact, formatMoney, formatThousands } from './formatters';

/**
 * §9 numbers of the dashboards, statements and reports: one place for counts, compact figures,
 * rates and money, so every chart, card and table reads the same in vi and en.
 *
 * - tables: whole numbers with comma thousands (1,234,567);
 * - cards and chart axes: compact, a K suffix above 1,000 (1.2K, 12K, 3.4M);
 * - rates: a percentage with at most one decimal (97.5%);
 * - money: comma thousands and the currency sign of the translations (the console's one money format, the same function
 *   the wallet pages import as formatVnd from features/wallet/components/wallet-rules.ts).
 */

/** A count in a table: 1234567 → '1,234,567'. */
export function formatCount(value: number): string {
  return formatThousands(value);
}

/** A count on a card or an axis: 999 → '999', 1234 → '1.2K', 12_345 → '12K', 3_400_000 → '3.4M'. */
export function formatCompactCount(value: number): string {
  return formatCompact(value);
}

/** Money in VND: 1234567 → '1,234,567 ₫' (re-exported under the wallet pages' name). */
export const formatVnd: (value: number) => string = formatMoney;

/** Money on a card or an axis: 1_250_000 → '1.3M ₫', 950 → '950 ₫'. */
export function formatCompactVnd(value: number): string {
  return `${formatCompact(value)} ${currencySymbol()}`;
}

/**
 * A ratio (0…1) as a percentage with at most `digits` decimals: 0.975 → '97.5%', 1 → '100%',
 * 0 → '0%'. Not-a-number (a rate of nothing) shows as '—'.
 */
export function formatPercent(ratio: number, digits = 1): string {
  if (!Number.isFinite(ratio)) return '—';
  const pct = ratio * 100;
  const rounded = Number(pct.toFixed(digits));
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(digits).replace(/0+$/, '');
  return `${text.startsWith('-') ? `−${text.slice(1)}` : text}%`;
}

/** delivered / sent as a ratio, 0 when nothing was sent (the server's deliveryRate rule). */
export function deliveryRatio(delivered: number, sent: number): number {
  return sent > 0 ? delivered / sent : 0;
}
