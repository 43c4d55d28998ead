import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { MessageType } from '@zc/shared/api/messaging';
import type { StatBreakdownDimension, StatCounters } from '@zc/shared/api/stats';
import { BarChart } from '../../../components/bar-chart';
import { barSeries, barValues, counterColumns, sumCounters } from './counters';
import { CountersSummary } from './counters-summary';
import type { StatRange } from './stat-range';
import { tenantOasHref } from './tenants-table';

// A type-only copy of MESSAGE_TYPES (the runtime import would bring the messaging schemas into the chunk).
const MESSAGE_TYPES: readonly string[] = ['CS', 'PROMOTION', 'TRANSACTION', 'GMF'] satisfies MessageType[];

/** How many rows the bar chart shows (the table lists them all). */
export const BAR_TOP = 10;

export interface BreakdownItem extends StatCounters {
  key: string;
  label: string;
}

/** The readable name of a breakdown row: a type by its translation, a missing key as '(none)'. */
export function breakdownLabel(dimension: StatBreakdownDimension | 'oaRow', row: { key: string; label: string }, t: TFunction<'dashboards'>): string {
  if (dimension === 'type' && MESSAGE_TYPES.includes(row.key)) return t(`messages.types.${row.key}`);
  if (!row.key) return dimension === 'oa' || dimension === 'oaRow' ? t('byOa.noOa') : t('messages.none');
  return row.label || row.key;
}

/**
 * One breakdown (by type, template, OA, tenant or one tenant's OAs): the top rows as stacked bars
 * (delivered, sent, failed, pending), then every row in a table with the totals. A tenant row links to
 * its official accounts.
 */
export function BreakdownView({
  dimension,
  rows,
  range,
  showCost,
  loading,
  testId,
  firstColumnTitle,
}: {
  dimension: StatBreakdownDimension | 'oaRow';
  rows: BreakdownItem[];
  range: StatRange;
  showCost: boolean;
  loading?: boolean;
  testId: string;
  firstColumnTitle: string;
}) {
  const { t } = useTranslation('dashboards');
  if (rows.length === 0 && !loading) return <Empty description={t('charts.empty')} data-testid={`${testId}-empty`} />;
  const nameOf = (r: BreakdownItem): ReactNode =>
    dimension === 'tenant' && r.key ? (
      <Link to={tenantOasHref(r.key, range)} data-testid={`tenant-drill-${r.key}`}>
        {breakdownLabel(dimension, r, t)}
      </Link>
    ) : (
      breakdownLabel(dimension, r, t)
    );
  const top = [...rows].sort((a, b) => b.total - a.total).slice(0, BAR_TOP);
  const columns: TableProps<BreakdownItem>['columns'] = [
    { key: 'label', title: firstColumnTitle, fixed: 'left', width: 220, render: (_: unknown, r) => <span style={{ overflowWrap: 'anywhere' }}>{nameOf(r)}</span> },
    ...counterColumns<BreakdownItem>(t).filter((c) => showCost || c.key !== 'cost'),
  ];
  return (
    <Flex vertical gap={16}>
      <div>
        {rows.length > BAR_TOP ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }}>
            {t('messages.top', { count: BAR_TOP })}
          </Typography.Text>
        ) : null}
        <BarChart
          rows={top.map((r) => ({ key: r.key || '-', label: nameOf(r), title: breakdownLabel(dimension, r, t), values: barValues(r) }))}
          series={barSeries(t)}
          ariaLabel={firstColumnTitle}
          testId={`${testId}-bars`}
        />
      </div>
      <Table<BreakdownItem>
        rowKey={(r) => r.key || '-'}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        summary={() => (rows.length > 1 ? <CountersSummary totals={sumCounters(rows)} first={1} t={t} showCost={showCost} /> : null)}
        data-testid={`${testId}-table`}
      />
    </Flex>
  );
}
