import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import type { Discount } from '@zc/shared/api/discounts';
import { DataTable, type DataTablePaging } from '../../../components/data-table';
import { formatDate } from '../../../lib/formatters';
import { amountLabel, targetLabel } from './discount-labels';

const STATE_COLOR: Record<Discount['state'], string> = { ACTIVE: 'green', SCHEDULED: 'blue', EXPIRED: 'default' };

/** The inclusive last day of a [from, to) period, as a Vietnam date. */
const lastDay = (iso: string) => formatDate(new Date(new Date(iso).getTime() - 1).toISOString());

/** Discount rows (tenant settings and the organisation list); `actions` adds the row's buttons. */
export function DiscountTable({ rows, loading, paging, showTenant, actions }: { rows: Discount[]; loading: boolean; paging: DataTablePaging | undefined; showTenant?: boolean; actions?: (d: Discount) => React.ReactNode }) {
  const { t } = useTranslation('discounts');
  const columns: TableProps<Discount>['columns'] = [
    ...(showTenant ? [{ key: 'tenant', title: t('columns.tenant'), render: (_: unknown, d: Discount) => d.tenantName ?? '' }] : []),
    { key: 'target', title: t('columns.target'), render: (_, d) => targetLabel(t, d) },
    { key: 'amount', title: t('columns.amount'), render: (_, d) => <span data-testid={`discount-amount-${d.id}`}>{amountLabel(d)}</span> },
    { key: 'period', title: t('columns.period'), render: (_, d) => `${formatDate(d.validFrom)} – ${d.validTo ? lastDay(d.validTo) : t('openEnded')}` },
    { key: 'state', title: t('columns.state'), render: (_, d) => <Tag color={STATE_COLOR[d.state]}>{t(`state.${d.state}`)}</Tag> },
    { key: 'note', title: t('columns.note'), render: (_, d) => d.note ?? '' },
    ...(actions ? [{ key: 'actions', title: t('common:actions'), fixed: 'right' as const, render: (_: unknown, d: Discount) => actions(d) }] : []),
  ];
  return <DataTable<Discount> rowKey="id" columns={columns} dataSource={rows} loading={loading} locale={{ emptyText: t('empty') }} paging={paging} />;
}
