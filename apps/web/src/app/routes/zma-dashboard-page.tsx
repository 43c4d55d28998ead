import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import List from 'antd/es/list';
import Progress from 'antd/es/progress';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { ZmaDashboard, ZmaDashboardPeriod } from '@zc/shared/api/zma-customer';
import { LineChart, type ChartSeries } from '../../components/line-chart';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { formatThousands } from '../../lib/formatters';
import { createTrailingThrottle } from '../../lib/realtime';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { useScope } from '../../lib/scope-context';
import { useZmaPermissions, useZmaScope } from '../../lib/zma-scope';
import { useZmaDashboard, zmaDashboardKey } from '../../features/mini-apps/api/dashboard';
import { downloadZmaCsv } from '../../lib/download';

type Totals = ZmaDashboard['totals'];
const TOTALS: (keyof Totals)[] = ['players', 'newPlayers', 'spins', 'wins', 'giftsWon', 'redeemed', 'redemptionRate'];
const SERIES = [
  { key: 'players', color: '#1677ff' },
  { key: 'spins', color: '#722ed1' },
  { key: 'wins', color: '#fa8c16' },
  { key: 'redeemed', color: '#52c41a' },
] as const;

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** A bucket's label: day or month in Vietnam time (the server's buckets). */
function bucketLabel(at: string, period: ZmaDashboardPeriod): string {
  const vn = new Date(new Date(at).getTime() + 7 * 3_600_000).toISOString();
  return period === 'MONTHLY' ? `${vn.slice(5, 7)}/${vn.slice(0, 4)}` : `${vn.slice(8, 10)}/${vn.slice(5, 7)}`;
}

/**
 * `/tenant/mini-app/:id` (issue 14 #8): players, spins, wins, gifts won and redeemed over a period,
 * redemption by branch, stock running low and top prizes; CSV export; live on `zma.activity`.
 */
export function MiniAppDashboardPage() {
  const { t } = useTranslation('mini-apps');
  const { zmaAppId, miniApp } = useZmaScope();
  const tenantId = useScope().tenant?.id ?? '';
  const { can } = useZmaPermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')]);
  const [period, setPeriod] = useState<ZmaDashboardPeriod>('DAILY');
  const [exporting, setExporting] = useState(false);
  const query = { from: range[0].startOf('day').toISOString(), to: range[1].endOf('day').toISOString(), period };
  const dashboard = useZmaDashboard(zmaAppId, query);

  // Spins, wins and redemptions arrive as zma.activity: one refetch per burst (no polling).
  const throttle = useMemo(() => createTrailingThrottle(() => void queryClient.invalidateQueries({ queryKey: zmaDashboardKey(zmaAppId) }), 2000), [queryClient, zmaAppId]);
  useRealtimeEvent('zma.activity', (event) => {
    if (event.data.zmaAppId === zmaAppId) throttle.call();
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadZmaCsv('zma/merchant/dashboard/export', query, tenantId, 'zma-dashboard.csv');
      void message.success(t('common.exported'));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const data = dashboard.data;
  const labels = (data?.series ?? []).map((s) => bucketLabel(s.at, data?.period ?? period));
  const series: ChartSeries[] = SERIES.map((s) => ({ key: s.key, color: s.color, label: t(`dashboard.totals.${s.key}`), values: (data?.series ?? []).map((b) => b[s.key]) }));

  const branchColumns: TableProps<ZmaDashboard['byBranch'][number]>['columns'] = [
    { key: 'name', title: t('dashboard.branch'), dataIndex: 'name' },
    { key: 'redeemed', title: t('dashboard.redeemed'), render: (_, b) => formatThousands(b.redeemed) },
    { key: 'rate', title: t('dashboard.rate'), render: (_, b) => <Progress percent={Math.round(b.redemptionRate * 1000) / 10} size="small" style={{ minWidth: 120 }} /> },
  ];
  const prizeColumns: TableProps<ZmaDashboard['topPrizes'][number]>['columns'] = [
    { key: 'label', title: t('dashboard.prize'), dataIndex: 'label' },
    { key: 'draw', title: t('dashboard.draw'), dataIndex: 'drawName' },
    { key: 'won', title: t('dashboard.won'), render: (_, p) => formatThousands(p.won) },
    { key: 'stock', title: t('dashboard.stock'), render: (_, p) => (p.stock === null ? t('dashboard.unlimited') : formatThousands(p.stock)) },
  ];

  return (
    <>
      <PageHeader
        title={
          <span>
            {t('dashboard.title')} · {miniApp.name}
          </span>
        }
        extra={
          can('EXPORT_ZMA_DASHBOARD') ? (
            <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} data-testid="zma-dashboard-export">
              {t('common.exportCsv')}
            </Button>
          ) : null
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('dashboard.range')}
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          style={{ width: 'min(280px, 100%)' }}
        />
        <Segmented<ZmaDashboardPeriod>
          value={period}
          onChange={setPeriod}
          options={(['DAILY', 'MONTHLY'] as const).map((p) => ({ value: p, label: t(`dashboard.period.${p}`) }))}
        />
        <Tag color="green">{t('dashboard.live')}</Tag>
      </Flex>
      {dashboard.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(dashboard.error)}
          action={
            <Button size="small" onClick={() => void dashboard.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {!data ? (
        dashboard.isPending ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : null
      ) : (
        <Flex vertical gap={16}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))', gap: 12 }} data-testid="zma-dashboard-totals">
            {TOTALS.map((k) => (
              <Card key={k} size="small">
                <Statistic title={t(`dashboard.totals.${k}`)} value={k === 'redemptionRate' ? percent(data.totals[k]) : formatThousands(data.totals[k])} />
              </Card>
            ))}
          </div>
          <Card title={t('dashboard.chart')} size="small">
            {data.series.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : <LineChart labels={labels} series={series} ariaLabel={t('dashboard.chart')} testId="zma-dashboard-chart" />}
          </Card>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: 16 }}>
            <Card title={t('dashboard.byBranch')} size="small">
              <DataTable rowKey="branchId" columns={branchColumns} dataSource={data.byBranch} locale={{ emptyText: t('dashboard.noBranch') }} />
            </Card>
            <Card title={t('dashboard.lowStock')} size="small">
              <List
                dataSource={data.lowStock}
                locale={{ emptyText: t('dashboard.lowStockEmpty') }}
                renderItem={(s) => (
                  <List.Item extra={<Tag color={s.quantity === 0 ? 'red' : 'orange'}>{`${t('dashboard.quantity')}: ${formatThousands(s.quantity)} / ${formatThousands(s.lowThreshold)}`}</Tag>}>
                    <List.Item.Meta title={s.giftName} description={s.branchName} />
                  </List.Item>
                )}
                data-testid="zma-dashboard-low-stock"
              />
            </Card>
          </div>
          <Card title={t('dashboard.topPrizes')} size="small">
            <DataTable rowKey="prizeId" columns={prizeColumns} dataSource={data.topPrizes} locale={{ emptyText: t('dashboard.noPrize') }} />
          </Card>
        </Flex>
      )}
    </>
  );
}
