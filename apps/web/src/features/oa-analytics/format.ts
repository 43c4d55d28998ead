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

/** The bucket label of the answer (YYYY-MM-DDTHH:00, YYYY-MM-DD, YYYY-MM) in the §9 display formats. */
export function formatBucket(time: string): string {
  const h = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(time);
  if (h) return `${h[3]}/${h[2]} ${h[4]}`;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(time);
  if (d) return `${d[3]}/${d[2]}/${d[1]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(time);
  return m ? `${m[2]}/${m[1]}` : time;
}
