import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { STAT_RANGE_MAX_DAYS, STATISTIC_PERIODS, type StatisticPeriod } from '@zc/shared/api/stat-rules';
import { OA_STAT_FIELDS, type OaStatField, type OaStatsPoint } from '@zc/shared/api/oa-analytics';
import { useExportOaStats, useOaStats } from '../../features/oa-analytics/api/get-oa-stats';
import { LineChart, type ChartSeries } from '../../components/line-chart';
import { formatBucket, formatCompact } from '../../features/oa-analytics/format';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { DATE_FORMATS } from '@zc/shared/limits';
import { formatThousands } from '../../lib/formatters';
import { useErrorText } from '../../lib/error-text';
import { useOaList } from '../../lib/oa-list';
import { usePermissions, useScope } from '../../lib/scope-context';

/** The chart groups: followers, message activity, chat sessions. */
const GROUPS: ReadonlyArray<{ key: string; fields: OaStatField[] }> = [
  { key: 'followers', fields: ['followCount', 'unFollowCount'] },
  { key: 'messages', fields: ['userMessageCount', 'oaMessageCount', 'userReceivedMessageCount', 'userSeenMessageCount', 'userClickChatNowCount'] },
  { key: 'sessions', fields: ['chatSessionCount', 'repliedChatSessionCount'] },
];
const COLORS: Record<OaStatField, string> = {
  followCount: '#13a8a8',
  unFollowCount: '#f5222d',
  userMessageCount: '#1677ff',
  oaMessageCount: '#13a8a8',
  userReceivedMessageCount: '#722ed1',
  userSeenMessageCount: '#fa8c16',
  userClickChatNowCount: '#eb2f96',
  chatSessionCount: '#1677ff',
  repliedChatSessionCount: '#52c41a',
};
const ISO = 'YYYY-MM-DD';

/** Today in Asia/Ho_Chi_Minh (UTC+7 all year), whatever the browser's zone: the statistics' days are Vietnamese days. */
const vnToday = (): Dayjs => dayjs(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10));

/** /tenant/zalo-oa/analytics (§2.1, §3 OA statistics fields): per OA or All, by hour, day or month; chart, table, CSV. */
export function OaAnalyticsPage() {
  const { can } = usePermissions();
  if (!can(['VIEW_ZALO_OA_SERVICE', 'VIEW_DASHBOARD_AND_CHART'])) return <ErrorResult status={403} />;
  return <OaAnalyticsView />;
}

function OaAnalyticsView() {
  const { t } = useTranslation('oa-analytics');
  const scope = useScope();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const tenantId = scope.tenant?.id ?? '';
  const oas = useOaList(tenantId);
  const [oa, setOa] = useState('all');
  const [period, setPeriod] = useState<StatisticPeriod>('DAILY');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [vnToday().subtract(29, 'day'), vnToday()]);
  const params = { tenantId, zaloOAId: oa, from: range[0].format(ISO), to: range[1].format(ISO), period };
  const stats = useOaStats(params);
  const download = useExportOaStats();
  const maxDays = STAT_RANGE_MAX_DAYS[period];

  const changePeriod = (p: StatisticPeriod) => {
    setPeriod(p);
    // An hourly view of a long range would be refused: keep its last week.
    if (range[1].diff(range[0], 'day') + 1 > STAT_RANGE_MAX_DAYS[p]) setRange([range[1].subtract(6, 'day'), range[1]]);
  };

  const data = stats.data;
  const labels = data?.points.map((p) => formatBucket(p.time)) ?? [];
  const empty = data ? OA_STAT_FIELDS.every((f) => data.totals[f] === 0) : false;
  const columns: TableProps<OaStatsPoint>['columns'] = [
    { key: 'time', dataIndex: 'time', title: t('table.time'), fixed: 'left', width: 130, render: (v: string) => formatBucket(v) },
    ...OA_STAT_FIELDS.map((f) => ({ key: f, dataIndex: f, title: t(`fields.${f}`), align: 'right' as const, width: 130, render: (v: number) => formatThousands(v) })),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={download.isPending}
            disabled={!tenantId}
            onClick={() => download.mutate(params, { onError: (e) => void message.error(errorText(e)) })}
            data-testid="oa-analytics-csv"
          >
            {t('csv')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} align="center">
          <Select
            aria-label={t('filters.oa')}
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={oa}
            loading={oas.isLoading}
            onChange={(v: string) => setOa(v)}
            options={[{ value: 'all', label: t('filters.all') }, ...(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))]}
            data-testid="oa-analytics-oa"
          />
          <DatePicker.RangePicker
            aria-label={t('filters.range')}
            value={range}
            format={DATE_FORMATS.display}
            allowClear={false}
            inputReadOnly
            style={{ maxWidth: '100%' }}
            disabledDate={(d, info) => d.isAfter(vnToday(), 'day') || Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= maxDays)}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Segmented<StatisticPeriod>
            value={period}
            onChange={changePeriod}
            options={STATISTIC_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            data-testid="oa-analytics-period"
          />
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('hint', { days: maxDays })}
        </Typography.Text>
      </Card>
      {stats.isError ? (
        <ErrorResult status={500} message={errorText(stats.error)} />
      ) : !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 12, marginBottom: 16, opacity: stats.isFetching ? 0.6 : 1 }} data-testid="oa-analytics-totals">
            {OA_STAT_FIELDS.map((f) => (
              <Card key={f} size="small">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`fields.${f}`)}
                </Typography.Text>
                <div style={{ fontSize: 22, fontWeight: 600 }} title={formatThousands(data.totals[f])}>
                  {formatCompact(data.totals[f])}
                </div>
              </Card>
            ))}
          </div>
          <Card>
            {empty ? (
              <Empty description={t('empty')} data-testid="oa-analytics-empty" />
            ) : (
              <Tabs
                items={[
                  {
                    key: 'chart',
                    label: t('views.chart'),
                    children: (
                      <Flex vertical gap={24}>
                        {GROUPS.map((g) => {
                          const series: ChartSeries[] = g.fields.map((f) => ({ key: f, label: t(`fields.${f}`), color: COLORS[f], values: data.points.map((p) => p[f]) }));
                          return (
                            <div key={g.key}>
                              <Typography.Title level={5}>{t(`groups.${g.key}`)}</Typography.Title>
                              <LineChart labels={labels} series={series} ariaLabel={t(`groups.${g.key}`)} testId="oa-analytics-chart" />
                            </div>
                          );
                        })}
                      </Flex>
                    ),
                  },
                  {
                    key: 'table',
                    label: t('views.table'),
                    children: (
                      <Table<OaStatsPoint>
                        rowKey="time"
                        size="small"
                        columns={columns}
                        dataSource={data.points}
                        scroll={{ x: 'max-content' }}
                        pagination={data.points.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
                        summary={() => (
                          <Table.Summary.Row>
                            <Table.Summary.Cell index={0}>{t('table.total')}</Table.Summary.Cell>
                            {OA_STAT_FIELDS.map((f, i) => (
                              <Table.Summary.Cell key={f} index={i + 1} align="right">
                                {formatThousands(data.totals[f])}
                              </Table.Summary.Cell>
                            ))}
                          </Table.Summary.Row>
                        )}
                        data-testid="oa-analytics-table"
                      />
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </>
      )}
    </>
  );
}
