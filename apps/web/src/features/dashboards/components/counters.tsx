import type { TFunction } from 'i18next';
import type { TableProps } from 'antd/es/table';
import type { StatCounters, StatSeriesPoint } from '@zc/shared/api/stats';
import type { ChartSeries } from '../../../components/line-chart';
import type { BarSeries } from '../../../components/bar-chart';
import { formatCount, formatPercent, formatVnd } from '../../../lib/number-format';

/** The chart palette (teal primary, §9 theme) of the message counters. */
export const COUNTER_COLORS = { total: '#8c8c8c', sent: '#1677ff', delivered: '#13a8a8', failed: '#f5222d', pending: '#faad14' } as const;

/** Sent, delivered and failed per bucket (the messages chart). */
export function messageSeries(points: StatSeriesPoint[], t: TFunction<'dashboards'>): ChartSeries[] {
  return (['sent', 'delivered', 'failed'] as const).map((k) => ({ key: k, label: t(`counters.${k}`), color: COUNTER_COLORS[k], values: points.map((p) => p[k]) }));
}

/**
 * The segments of a breakdown bar: delivered, sent but not (yet) delivered, failed, pending. Their
 * sum is the row's total, so the bar's length is its total.
 */
export function barSeries(t: TFunction<'dashboards'>): BarSeries[] {
  return [
    { key: 'delivered', label: t('counters.delivered'), color: COUNTER_COLORS.delivered },
    { key: 'sent', label: t('counters.sent'), color: COUNTER_COLORS.sent },
    { key: 'failed', label: t('counters.failed'), color: COUNTER_COLORS.failed },
    { key: 'pending', label: t('counters.pending'), color: COUNTER_COLORS.pending },
  ];
}

/** The values of a row in barSeries' order (sent minus delivered: accepted by Zalo, not yet received). */
export function barValues(c: StatCounters): number[] {
  return [c.delivered, Math.max(0, c.sent - c.delivered), c.failed, c.pending];
}

/** The counter columns of every statistics table (whole numbers, rate, cost), after the row's name. */
export function counterColumns<T extends StatCounters>(t: TFunction<'dashboards'>): NonNullable<TableProps<T>['columns']> {
  const count = (key: 'total' | 'sent' | 'delivered' | 'failed' | 'pending') => ({
    key,
    dataIndex: key,
    title: t(`counters.${key}`),
    align: 'right' as const,
    width: 95,
    sorter: (a: T, b: T) => a[key] - b[key],
    render: (v: number) => formatCount(v),
  });
  return [
    count('total'),
    count('sent'),
    count('delivered'),
    count('failed'),
    count('pending'),
    { key: 'deliveryRate', dataIndex: 'deliveryRate', title: t('counters.deliveryRate'), align: 'right', width: 95, sorter: (a: T, b: T) => a.deliveryRate - b.deliveryRate, render: (v: number) => formatPercent(v) },
    { key: 'cost', dataIndex: 'cost', title: t('counters.cost'), align: 'right', width: 120, sorter: (a: T, b: T) => a.cost - b.cost, render: (v: number) => formatVnd(v) },
  ];
}

/** Sums of rows (a table's total line). */
export function sumCounters(rows: readonly StatCounters[]): StatCounters {
  const s = { total: 0, sent: 0, delivered: 0, failed: 0, pending: 0, cost: 0, listCost: 0 };
  for (const r of rows) {
    s.total += r.total;
    s.sent += r.sent;
    s.delivered += r.delivered;
    s.failed += r.failed;
    s.pending += r.pending;
    s.cost += r.cost;
    s.listCost += r.listCost;
  }
  return { ...s, deliveryRate: s.sent > 0 ? s.delivered / s.sent : 0 };
}
