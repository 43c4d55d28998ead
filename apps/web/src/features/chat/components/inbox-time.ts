import type { TFunction } from 'i18next';

const pad = (n: number) => String(n).padStart(2, '0');
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 86_400_000;

/**
 * The list's short time of the last activity: "now", "5 min", the hour today, "Yesterday", the
 * weekday within a week, the day and month this year, else the full date (DD/MM/YYYY, §9).
 */
export function relativeTime(iso: string | null | undefined, t: TFunction, now: Date = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  const ms = now.getTime() - d.getTime();
  if (ms < 60_000) return t('time.now');
  if (ms < 3_600_000) return t('time.minutes', { count: Math.floor(ms / 60_000) });
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY);
  if (days <= 0) return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (days === 1) return t('time.yesterday');
  if (days < 7) return t(`time.weekday.${d.getDay()}`);
  if (d.getFullYear() === now.getFullYear()) return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}`;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** The separator above a day's first message: "Today", "Yesterday", or the weekday and date. */
export function dayLabel(iso: string, t: TFunction, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY);
  if (days === 0) return t('time.today');
  if (days === 1) return t('time.yesterday');
  return `${t(`time.weekday.${d.getDay()}`)}, ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** True when both times fall on the same local day. */
export function sameDay(a: string, b: string): boolean {
  return startOfDay(new Date(a)) === startOfDay(new Date(b));
}

/** Initials of a display name for an avatar without a picture ("Nguyễn Văn An" → "NA"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase();
}
