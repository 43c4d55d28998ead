import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { ZMA_ACTIVITY_KINDS, type ZmaActivityKind } from '@zc/shared/api/zma';
import type { ZmaActivityRow } from '@zc/shared/api/zma-apps';
import { DataTable } from '../../../components/data-table';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { useActivity, type ActivityFilters } from '../api/history';
import { downloadZmaCsv } from '../../../lib/download';

interface Props {
  scope: 'tenant' | 'app';
  tenantId: string;
  /** Tenant-wide: the apps to filter by. */
  apps?: { id: string; name: string }[];
  /** Inside an app: its branches to filter by. */
  branches?: { id: string; name: string }[];
  /** The app of the page (inside an app), for the live refresh and the query key. */
  zmaAppId?: string;
  mayExport: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The activity history with its filters (kind, app or customer/branch, dates), paging and CSV export. */
export function ActivityTable({ scope, tenantId, apps, branches, zmaAppId, mayExport }: Props) {
  const { t } = useTranslation('mini-apps');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [kind, setKind] = useState<ZmaActivityKind | undefined>();
  const [appFilter, setAppFilter] = useState<string | undefined>();
  const [branchId, setBranchId] = useState<string | undefined>();
  const [customer, setCustomer] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [exporting, setExporting] = useState(false);
  const customerId = UUID.test(customer.trim()) ? customer.trim() : undefined;
  const filters: ActivityFilters = {
    kind,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
    ...(scope === 'tenant' ? { zmaAppId: appFilter } : { branchId, customerId }),
  };
  const list = useActivity(scope, tenantId, filters, zmaAppId ?? tenantId);
  useRealtimeEvent('zma.activity', (event) => {
    if ((!zmaAppId || event.data.zmaAppId === zmaAppId) && list.page === 1) void list.query.refetch();
  });

  const columns: TableProps<ZmaActivityRow>['columns'] = [
    { key: 'at', title: t('history.at'), render: (_, r) => formatDateTime(r.createdAt) },
    ...(scope === 'tenant' ? [{ key: 'app', title: t('history.app'), render: (_: unknown, r: ZmaActivityRow) => r.appName }] : []),
    { key: 'kind', title: t('history.kind'), render: (_, r) => <Tag>{t(`history.kinds.${r.kind}`)}</Tag> },
    {
      key: 'customer',
      title: t('history.customer'),
      render: (_, r) =>
        r.customer ? (
          <Flex gap={6} align="center">
            <Avatar size="small" src={r.customer.avatar ?? undefined} alt="">
              {(r.customer.name ?? '?').slice(0, 1)}
            </Avatar>
            {r.customer.name ?? '—'}
          </Flex>
        ) : (
          '—'
        ),
    },
    { key: 'branch', title: t('history.branch'), render: (_, r) => r.branch?.name ?? '—' },
    { key: 'gift', title: t('history.gift'), render: (_, r) => r.giftItem?.name ?? '—' },
    { key: 'code', title: t('history.code'), render: (_, r) => (r.code ? <code>{r.code}</code> : '—') },
    { key: 'actor', title: t('history.actor'), render: (_, r) => r.actor?.displayName ?? t('history.system') },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const path = scope === 'tenant' ? 'zma/merchant/history/export' : 'zma/merchant/activity/export';
      await downloadZmaCsv(path, { ...filters }, tenantId, 'zma-activity.csv');
      void message.success(t('common.exported'));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        {scope === 'tenant' ? (
          <Select
            allowClear
            aria-label={t('history.app')}
            placeholder={t('history.allApps')}
            value={appFilter}
            onChange={(v: string | undefined) => setAppFilter(v)}
            options={(apps ?? []).map((a) => ({ value: a.id, label: a.name }))}
            style={{ width: 'min(220px, 100%)' }}
            data-testid="zma-history-app"
          />
        ) : null}
        <Select
          allowClear
          aria-label={t('history.kind')}
          placeholder={t('history.allKinds')}
          value={kind}
          onChange={(v: ZmaActivityKind | undefined) => setKind(v)}
          options={ZMA_ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`history.kinds.${k}`) }))}
          style={{ width: 'min(220px, 100%)' }}
          data-testid="zma-history-kind"
        />
        {scope === 'app' ? (
          <>
            <Select
              allowClear
              aria-label={t('history.branch')}
              placeholder={t('history.allBranches')}
              value={branchId}
              onChange={(v: string | undefined) => setBranchId(v)}
              options={(branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              style={{ width: 'min(220px, 100%)' }}
            />
            <Input
              allowClear
              aria-label={t('history.customer')}
              placeholder={t('history.customerSearch')}
              value={customer}
              onChange={(e) => setCustomer(e.target.value)}
              status={customer.trim() && !customerId ? 'warning' : undefined}
              style={{ width: 'min(300px, 100%)' }}
            />
          </>
        ) : null}
        <DatePicker.RangePicker
          aria-label={t('history.dates')}
          value={range}
          onChange={(v) => setRange(v)}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          style={{ width: 'min(280px, 100%)' }}
        />
        {mayExport ? (
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} data-testid="zma-history-export">
            {t('common.exportCsv')}
          </Button>
        ) : null}
      </Flex>
      {list.query.isError ? <Alert type="error" showIcon title={errorText(list.query.error)} style={{ marginBottom: 12 }} /> : null}
      <DataTable<ZmaActivityRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.query.isFetching}
        paging={list.paging}
        locale={{ emptyText: t('history.empty') }}
        data-testid="zma-history-table"
      />
    </Card>
  );
}
