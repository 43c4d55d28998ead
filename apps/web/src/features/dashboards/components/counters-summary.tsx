import type { TFunction } from 'i18next';
import Table from 'antd/es/table';
import type { StatCounters } from '@zc/shared/api/stats';
import { formatCount, formatPercent, formatVnd } from '../../../lib/number-format';

/** The total line of a statistics table: `first` cells before the counters (the row's name and its extras). */
export function CountersSummary({ totals, first, t, showCost = true }: { totals: StatCounters; first: number; t: TFunction<'dashboards'>; showCost?: boolean }) {
  const cells = [formatCount(totals.total), formatCount(totals.sent), formatCount(totals.delivered), formatCount(totals.failed), formatCount(totals.pending), formatPercent(totals.deliveryRate), ...(showCost ? [formatVnd(totals.cost)] : [])];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={first}>
        <strong>{t('table.total')}</strong>
      </Table.Summary.Cell>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={first + i} align="right">
          <strong>{c}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
