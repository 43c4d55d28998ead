import type { ReactNode } from 'react';
import { formatCompact, formatThousands } from '../lib/formatters';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarRow {
  key: string;
  /** The row's name (text or a link). */
  label: ReactNode;
  /** Plain text of the label for the tooltip and screen readers. */
  title: string;
  /** One value per series, in the order of `series`. */
  values: number[];
}

/**
 * Horizontal stacked bars, one row per item (a tenant, an OA, a type, a template): the label above
 * its bar so long names wrap on a phone instead of widening the page. Plain HTML (no charting
 * library); each bar's length is its total against the largest row, its segments the series.
 * `formatValue` writes the total at the end of the bar and the segments' tooltip.
 */
export function BarChart({
  rows,
  series,
  ariaLabel,
  testId = 'bar-chart',
  formatValue = formatCompact,
}: {
  rows: BarRow[];
  series: BarSeries[];
  ariaLabel: string;
  testId?: string;
  formatValue?: (value: number) => string;
}) {
  const totals = rows.map((r) => r.values.reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  return (
    <div role="figure" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%' }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
        {rows.map((row, i) => {
          const total = totals[i] ?? 0;
          const tip = `${row.title}: ${series.map((s, j) => `${s.label} ${formatThousands(row.values[j] ?? 0)}`).join(' · ')}`;
          return (
            <div key={row.key} title={tip} data-testid={`${testId}-row`}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 12, marginBottom: 2, minWidth: 0 }}>
                <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{row.label}</span>
                <span style={{ color: '#595959', whiteSpace: 'nowrap' }}>{formatValue(total)}</span>
              </div>
              <div style={{ display: 'flex', height: 10, width: '100%', background: '#f5f5f5', borderRadius: 5, overflow: 'hidden' }} aria-label={tip}>
                {series.map((s, j) => {
                  const v = row.values[j] ?? 0;
                  return v > 0 ? <span key={s.key} style={{ width: `${(v / max) * 100}%`, background: s.color, display: 'block' }} /> : null;
                })}
              </div>
            </div>
          );
        })}
      </div>
      {series.length > 1 ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', marginTop: 10, fontSize: 12 }}>
          {series.map((s) => (
            <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: 'inline-block' }} />
              {s.label}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
