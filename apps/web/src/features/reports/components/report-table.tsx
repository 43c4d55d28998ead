import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_NONE_KEY } from '@zc/shared/api/report-rules';
import type { Report, ReportRow } from '@zc/shared/api/reports';
import { formatCount, formatPercent, formatVnd } from '../../../lib/number-format';

/** The name of a row in the UI language: statuses and types translated, 'none' as such, else the server's label (a day, a name). */
export function useRowLabel(groupBy: string): (row: Pick<ReportRow, 'key' | 'label'>) => string {
  const { t } = useTranslation('reports');
  return (row) => {
    if (row.key === REPORT_NONE_KEY && groupBy !== 'status') return t('none');
    if (groupBy === 'status') return t(`status.${row.key}`, { defaultValue: row.label });
    if (groupBy === 'type') return t(`types.${row.key}`, { defaultValue: row.label });
    return row.label;
  };
}

const num = (v: number) => formatCount(v);

/** The report rows with counts, delivery rate, cost, list cost and discount, and a totals row (§9 numbers). */
export function ReportTable({ report, loading, groupBy }: { report: Report | undefined; loading: boolean; groupBy: string }) {
  const { t } = useTranslation('reports');
  const label = useRowLabel(groupBy);
  const byStatus = groupBy === 'status';
  const columns: ColumnsType<ReportRow> = [
    { key: 'name', title: t(`groupBy.${groupBy}`, { defaultValue: t('columns.name') }), render: (_, r) => label(r), fixed: 'left', width: 200, ellipsis: true },
    { key: 'total', title: t('columns.total'), dataIndex: 'total', align: 'right', render: num },
    { key: 'sent', title: t('columns.sent'), dataIndex: 'sent', align: 'right', render: num },
    { key: 'delivered', title: t('columns.delivered'), dataIndex: 'delivered', align: 'right', render: num },
    { key: 'failed', title: t('columns.failed'), dataIndex: 'failed', align: 'right', render: num },
    { key: 'pending', title: t('columns.pending'), dataIndex: 'pending', align: 'right', render: num },
    { key: 'rate', title: t('columns.deliveryRate'), dataIndex: 'deliveryRate', align: 'right', render: (v: number) => formatPercent(v) },
    // Cost is kept per message, not per status bucket (ADR 0024): the status rows show it only in the totals.
    { key: 'cost', title: t('columns.cost'), dataIndex: 'cost', align: 'right', render: (v: number) => (byStatus ? '—' : formatVnd(v)) },
    { key: 'listCost', title: t('columns.listCost'), dataIndex: 'listCost', align: 'right', render: (v: number) => (byStatus ? '—' : formatVnd(v)) },
    { key: 'discount', title: t('columns.discount'), align: 'right', render: (_, r) => (byStatus ? '—' : formatVnd(Math.max(0, r.listCost - r.cost))) },
  ];
  const totals = report?.totals;
  return (
    <Card size="small" title={t('table.title')} style={{ marginBottom: 16 }}>
      <Table<ReportRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={report?.rows ?? []}
        loading={loading}
        pagination={(report?.rows.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.empty') }}
        data-testid="report-table"
        summary={() =>
          totals ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-totals">
                <Table.Summary.Cell index={0}>
                  <strong>{t('totals')}</strong>
                </Table.Summary.Cell>
                {[num(totals.total), num(totals.sent), num(totals.delivered), num(totals.failed), num(totals.pending), formatPercent(totals.deliveryRate), formatVnd(totals.cost), formatVnd(totals.listCost), formatVnd(Math.max(0, totals.listCost - totals.cost))].map(
                  (text, i) => (
                    <Table.Summary.Cell key={i} index={i + 1} align="right">
                      <strong>{text}</strong>
                    </Table.Summary.Cell>
                  ),
                )}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
