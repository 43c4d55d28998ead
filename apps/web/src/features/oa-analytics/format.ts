/** The compact number of the chart axes and summary cards (kept with the shared chart in lib/formatters). */
export { formatCompact } from '../../lib/formatters';

/** The bucket label of the answer (YYYY-MM-DDTHH:00, YYYY-MM-DD, YYYY-MM) in the §9 display formats. */
export function formatBucket(time: string): string {
  const h = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(time);
  if (h) return `${h[3]}/${h[2]} ${h[4]}`;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(time);
  if (d) return `${d[3]}/${d[2]}/${d[1]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(time);
  return m ? `${m[2]}/${m[1]}` : time;
}
