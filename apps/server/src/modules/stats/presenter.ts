import { withDeliveryRate, ZERO_STAT_COUNTERS, type StatCounters, type StatSums } from '@zc/shared/api/stats';
import type { SumRow } from './repo';

/** A summed rollup row as answered counters (zeros when there is no row). */
export function countersOf(row: SumRow | undefined): StatCounters {
  if (!row) return { ...ZERO_STAT_COUNTERS };
  return withDeliveryRate({
    total: Number(row.total),
    sent: Number(row.sent),
    delivered: Number(row.delivered),
    failed: Number(row.failed),
    pending: Number(row.pending),
    cost: Number(row.cost),
    listCost: Number(row.list_cost),
  });
}

/** The sum of several counters (rate recomputed from the sums). */
export function addCounters(list: readonly StatCounters[]): StatCounters {
  const s: StatSums = { total: 0, sent: 0, delivered: 0, failed: 0, pending: 0, cost: 0, listCost: 0 };
  for (const c of list) {
    s.total += c.total;
    s.sent += c.sent;
    s.delivered += c.delivered;
    s.failed += c.failed;
    s.pending += c.pending;
    s.cost += c.cost;
    s.listCost += c.listCost;
  }
  return withDeliveryRate(s);
}

/** A money or count column read back (bigint as string, or null). */
export const numOrNull = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
