import { ZMA_PROBABILITY_SCALE } from '@zc/shared/api/zma';

/**
 * The prize editor's arithmetic (issue 14 #6): the console shows probabilities in per cent with four
 * decimals, the server stores integers out of ZMA_PROBABILITY_SCALE (parts per million), and a draw
 * may be saved only when they sum to exactly 100 % (the server refuses anything else with 422).
 */

export const MIN_PRIZES = 2;
export const MAX_PRIZES = 12;
/** 1 % in parts per million. */
const PPM_PER_PERCENT = ZMA_PROBABILITY_SCALE / 100;

/** A per-cent value typed in the editor (4 decimals kept) → parts per million. */
export function percentToPpm(percent: number | null | undefined): number {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return 0;
  return Math.round(percent * PPM_PER_PERCENT);
}

/** Parts per million → per cent (a number, exact to 4 decimals). */
export function ppmToPercent(ppm: number): number {
  return ppm / PPM_PER_PERCENT;
}

/** Parts per million as the console shows it: "12.5000" (always 4 decimals, no rounding drift). */
export function formatPercent(ppm: number): string {
  const sign = ppm < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ppm));
  const whole = Math.floor(abs / PPM_PER_PERCENT);
  const rest = String(abs % PPM_PER_PERCENT).padStart(4, '0');
  return `${sign}${whole}.${rest}`;
}

export interface PrizeDraft {
  /** An existing prize (an update keeps its `won`). */
  id?: string;
  giftItemId: string | null;
  label: string;
  /** Parts per million. */
  probability: number;
  /** null: unlimited. */
  stock: number | null;
  color: string;
  /** Won so far (an existing prize): the stock may not go below it. */
  won?: number;
}

export interface ProbabilityTotal {
  /** Sum in parts per million. */
  total: number;
  /** What is left to reach 100 % (negative when over). */
  remaining: number;
  ok: boolean;
}

export function probabilityTotal(prizes: readonly Pick<PrizeDraft, 'probability'>[]): ProbabilityTotal {
  const total = prizes.reduce((sum, p) => sum + (Number.isFinite(p.probability) ? p.probability : 0), 0);
  return { total, remaining: ZMA_PROBABILITY_SCALE - total, ok: total === ZMA_PROBABILITY_SCALE };
}

/** A problem with the prize list, named like the server names its fields (`prizes`, `prizes.N.stock`). */
export interface PrizeIssue {
  path: string;
  code: 'COUNT' | 'TOTAL' | 'LABEL' | 'PROBABILITY' | 'STOCK' | 'STOCK_BELOW_WON';
}

/** Everything that stops the editor from saving; empty when the list may be sent. */
export function prizeIssues(prizes: readonly PrizeDraft[]): PrizeIssue[] {
  const issues: PrizeIssue[] = [];
  if (prizes.length < MIN_PRIZES || prizes.length > MAX_PRIZES) issues.push({ path: 'prizes', code: 'COUNT' });
  prizes.forEach((p, i) => {
    if (!p.label.trim()) issues.push({ path: `prizes.${i}.label`, code: 'LABEL' });
    if (!Number.isInteger(p.probability) || p.probability < 0 || p.probability > ZMA_PROBABILITY_SCALE) issues.push({ path: `prizes.${i}.probability`, code: 'PROBABILITY' });
    if (p.stock !== null && (!Number.isInteger(p.stock) || p.stock < 0)) issues.push({ path: `prizes.${i}.stock`, code: 'STOCK' });
    else if (p.stock !== null && p.won !== undefined && p.stock < p.won) issues.push({ path: `prizes.${i}.stock`, code: 'STOCK_BELOW_WON' });
  });
  if (!probabilityTotal(prizes).ok) issues.push({ path: 'prizes', code: 'TOTAL' });
  return issues;
}

/** `n` probabilities summing to exactly 100 % (the remainder goes to the first ones). */
export function evenSplit(n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(ZMA_PROBABILITY_SCALE / n);
  const extra = ZMA_PROBABILITY_SCALE - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The list with prize `index` taking whatever the others leave to reach 100 % (never below 0). */
export function fillRemainder<T extends Pick<PrizeDraft, 'probability'>>(prizes: readonly T[], index: number): T[] {
  const others = prizes.reduce((sum, p, i) => (i === index ? sum : sum + p.probability), 0);
  return prizes.map((p, i) => (i === index ? { ...p, probability: Math.max(0, ZMA_PROBABILITY_SCALE - others) } : p));
}

/** Slice colours offered to new rows, in turn. */
export const PRIZE_PALETTE = ['#F5222D', '#FA8C16', '#FADB14', '#52C41A', '#13C2C2', '#1677FF', '#722ED1', '#EB2F96', '#A0D911', '#2F54EB', '#FA541C', '#8C8C8C'] as const;

export function paletteColor(index: number): string {
  return PRIZE_PALETTE[index % PRIZE_PALETTE.length] ?? '#1677FF';
}

/** Two rows for a new draw: a prize and "no prize", 10 % / 90 %. */
export function defaultPrizes(noPrizeLabel: string, prizeLabel: string): PrizeDraft[] {
  return [
    { giftItemId: null, label: prizeLabel, probability: 100_000, stock: null, color: paletteColor(0) },
    { giftItemId: null, label: noPrizeLabel, probability: 900_000, stock: null, color: paletteColor(11) },
  ];
}
