import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { ReportFailure } from '@zc/shared/api/reports';
import { formatCount } from '../../../lib/number-format';

/** Failed messages per Zalo error code with the catalogue's explanation in the UI language. */
export function FailuresTable({ rows, loading }: { rows: ReportFailure[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('reports');
  const vi = i18n.language.startsWith('vi');
  const columns: ColumnsType<ReportFailure> = [
    { key: 'code', title: t('failures.code'), render: (_, r) => (r.errorCode === 0 ? t('failures.noCode') : <code>{r.errorCode}</code>), width: 110 },
    { key: 'module', title: t('failures.module'), render: (_, r) => <Tag>{r.module}</Tag>, width: 90 },
    { key: 'count', title: t('failures.count'), dataIndex: 'count', align: 'right', render: (v: number) => formatCount(v), width: 100 },
    { key: 'meaning', title: t('failures.meaning'), render: (_, r) => (vi ? r.messageVi : r.message), width: 320 },
    { key: 'action', title: t('failures.action'), render: (_, r) => (vi ? r.actionVi : r.action), width: 280 },
  ];
  return (
    <Card size="small" title={t('failures.title')} style={{ marginBottom: 16 }}>
      <Table<ReportFailure>
        size="small"
        rowKey={(r) => `${r.module}:${r.errorCode}`}
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('failures.empty') }}
        data-testid="report-failures"
      />
    </Card>
  );
}
