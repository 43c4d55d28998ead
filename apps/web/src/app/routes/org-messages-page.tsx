import { useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Grid from 'antd/es/grid';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { StatBreakdownDimension } from '@zc/shared/api/stats';
import { BarChart } from '../../components/bar-chart';
import { LineChart } from '../../components/line-chart';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { formatCompactCount, formatCount, formatPercent } from '../../lib/number-format';
import { PAGES, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useStatsBreakdown, useStatsOverview, useStatsTenants, useTenantOaStats } from '../../features/dashboards/api/stats-api';
import { useLiveOrgStats } from '../../features/dashboards/api/use-live-stats';
import { BAR_TOP, BreakdownView } from '../../features/dashboards/components/breakdown-view';
import { barSeries, barValues, messageSeries, sumCounters } from '../../features/dashboards/components/counters';
import { DashboardTabs } from '../../features/dashboards/components/dashboard-tabs';
import { RangeFilter, useRangeParams } from '../../features/dashboards/components/range-filter';
import { SectionError } from '../../features/dashboards/components/section-error';
import { StatCard, StatGrid } from '../../features/dashboards/components/stat-card';
import { formatBucket, listRange, rangeQuery } from '../../features/dashboards/components/stat-range';
import { STAT_BREAKDOWN_DIMENSIONS, STAT_LIST_RANGE_MAX_DAYS } from '../../features/dashboards/components/stat-rules';
import { TenantsTable, tenantOasHref } from '../../features/dashboards/components/tenants-table';

function isDimension(v: string | null): v is StatBreakdownDimension {
  return v !== null && (STAT_BREAKDOWN_DIMENSIONS as readonly string[]).includes(v);
}

/**
 * /dashboard/messages (issue 16 #1): the organisation's messages per §3 period (hourly, daily,
 * monthly) over the range, then broken down by type, ZNS template, official account or tenant (the
 * choice kept in the URL as `by`), each as bars of the largest items and a table of all of them; a
 * tenant leads to its official accounts.
 */
export function OrganisationMessagesPage() {
  const { t } = useTranslation('dashboards');
  const { can } = usePermissions();
  const merchantId = useScope().merchant?.id ?? null;
  const [params, setParams] = useSearchParams();
  // The line chart reads per §3 period (hourly, daily, monthly); the breakdown sums days, so a
  // monthly range longer than a table answers is broken down over its last days (said below).
  const [range, setRange] = useRangeParams(true);
  const tableRange = listRange(range);
  const by = params.get('by');
  const dimension: StatBreakdownDimension = isDimension(by) ? by : 'type';
  useLiveOrgStats();
  const overview = useStatsOverview(merchantId, range);
  const breakdown = useStatsBreakdown(merchantId, dimension, tableRange);
  const showCost = can('VIEW_REVENUE_CHART');
  const data = overview.data;
  const screens = Grid.useBreakpoint();

  return (
    <>
      <PageHeader title={t('messages.title')} />
      <DashboardTabs active="messages" />
      <RangeFilter range={range} onChange={setRange} />
      {overview.isError ? (
        <SectionError error={overview.error} what={t('messages.what')} />
      ) : !data ? (
        <Card style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <>
          <StatGrid testId="messages-totals" dim={overview.isFetching}>
            <StatCard title={t('counters.total')} value={formatCompactCount(data.totals.total)} exact={formatCount(data.totals.total)} />
            <StatCard title={t('counters.sent')} value={formatCompactCount(data.totals.sent)} exact={formatCount(data.totals.sent)} />
            <StatCard title={t('counters.delivered')} value={formatCompactCount(data.totals.delivered)} exact={formatCount(data.totals.delivered)} />
            <StatCard title={t('counters.failed')} value={formatCompactCount(data.totals.failed)} exact={formatCount(data.totals.failed)} />
            <StatCard title={t('counters.pending')} value={formatCompactCount(data.totals.pending)} exact={formatCount(data.totals.pending)} />
            <StatCard title={t('counters.deliveryRate')} value={formatPercent(data.totals.deliveryRate)} />
          </StatGrid>
          <Card title={t('charts.messages')} style={{ marginBottom: 16 }}>
            <LineChart labels={data.series.map((p) => formatBucket(p.bucket))} series={messageSeries(data.series, t)} ariaLabel={t('charts.messages')} testId="messages-line" />
          </Card>
        </>
      )}
      <Card title={t('messages.dimension')} styles={{ body: { padding: 12 } }}>
        {/* Four choices do not fit a phone's width side by side: stacked there. */}
        <Segmented<StatBreakdownDimension>
          aria-label={t('messages.dimension')}
          value={dimension}
          orientation={screens.md ? 'horizontal' : 'vertical'}
          block={!screens.md}
          onChange={(d) =>
            setParams(
              (prev) => {
                const out = new URLSearchParams(prev);
                out.set('by', d);
                return out;
              },
              { replace: true },
            )
          }
          options={STAT_BREAKDOWN_DIMENSIONS.map((d) => ({ value: d, label: t(`messages.dimensions.${d}`) }))}
          data-testid="messages-dimension"
          style={{ marginBottom: 16 }}
        />
        {tableRange.clamped ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="messages-breakdown-clamped"
            message={t('range.listClamped', { days: STAT_LIST_RANGE_MAX_DAYS, from: formatBucket(tableRange.from), to: formatBucket(tableRange.to) })}
          />
        ) : null}
        {breakdown.isError ? (
          <SectionError error={breakdown.error} what={t('messages.what')} />
        ) : !breakdown.data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : (
          <BreakdownView
            dimension={dimension}
            rows={breakdown.data}
            range={tableRange}
            showCost={showCost}
            loading={breakdown.isFetching && breakdown.isPlaceholderData}
            testId="messages-breakdown"
            firstColumnTitle={t(`messages.dimensions.${dimension}`)}
          />
        )}
      </Card>
    </>
  );
}

/**
 * /messages/tenant (issue 16 #1): messages per tenant of the organisation over the range, the largest
 * as bars and all in a table; a tenant's name opens its official accounts (/messages/tenant/oa).
 */
export function MessagesByTenantPage() {
  const { t } = useTranslation('dashboards');
  const { can } = usePermissions();
  const merchantId = useScope().merchant?.id ?? null;
  const [range, setRange] = useRangeParams(false);
  useLiveOrgStats();
  const tenants = useStatsTenants(merchantId, range);
  const rows = tenants.data ?? [];
  const top = rows.slice(0, BAR_TOP);
  return (
    <>
      <PageHeader title={t('byTenant.title')} />
      <DashboardTabs active="byTenant" />
      <RangeFilter range={range} onChange={setRange} withPeriod={false} />
      {tenants.isError ? (
        <SectionError error={tenants.error} what={t('tenants.what')} />
      ) : !tenants.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {top.some((r) => r.total > 0) ? (
            <Card title={rows.length > BAR_TOP ? t('messages.top', { count: BAR_TOP }) : t('tenants.title')}>
              <BarChart
                rows={top.map((r) => ({
                  key: r.tenantId,
                  label: <Link to={tenantOasHref(r.tenantId, range)}>{r.name}</Link>,
                  title: r.name,
                  values: barValues(r),
                }))}
                series={barSeries(t)}
                ariaLabel={t('tenants.title')}
                testId="by-tenant-bars"
              />
            </Card>
          ) : null}
          <Card styles={{ body: { padding: 12 } }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {t('byTenant.hint')}
            </Typography.Text>
            <TenantsTable rows={rows} range={range} showCost={can('VIEW_REVENUE_CHART')} loading={tenants.isFetching && tenants.isPlaceholderData} />
          </Card>
        </Flex>
      )}
    </>
  );
}

/**
 * /messages/tenant/oa?tenantId=… (issue 16 #1): one tenant's messages per official account (messages
 * without one under 'No OA') and per message type, over the range; back to all tenants.
 */
export function MessagesByOaPage() {
  const { t } = useTranslation('dashboards');
  const { can } = usePermissions();
  const scope = useScope();
  const merchantId = scope.merchant?.id ?? null;
  const [params] = useSearchParams();
  const tenantId = params.get('tenantId') ?? '';
  const [range, setRange] = useRangeParams(false);
  useLiveOrgStats();
  const oas = useTenantOaStats(merchantId, tenantId, range);
  const types = useStatsBreakdown(merchantId, 'type', range, tenantId || undefined);
  const showCost = can('VIEW_REVENUE_CHART');
  // The shell's tenant list names the tenant; the figures by tenant only when it is not there.
  const scopeName = scope.merchant?.tenants.find((x) => x.id === tenantId)?.name ?? null;
  const statsTenants = useStatsTenants(tenantId && !scopeName ? merchantId : null, range);
  const tenantName = scopeName ?? tenantNameFromStats(statsTenants.data, tenantId);
  const back = `${PAGES.messagesByTenant.path}?${rangeQuery(range)}`;
  // Another organisation's tenant (404) or not a tenant id at all (422).
  const notFound = oas.error instanceof ApiError && (oas.error.status === 404 || oas.error.status === 422);

  return (
    <>
      <PageHeader
        title={tenantName ? t('byOa.titleOf', { name: tenantName }) : t('byOa.title')}
        extra={
          <Flex wrap gap={8}>
            <Link to={back}>
              <Button icon={<ArrowLeftOutlined />} data-testid="by-oa-back">
                {t('byOa.back')}
              </Button>
            </Link>
            {tenantId && tenantName ? (
              <Link to={tenantHref(PAGES.tenantHome, tenantId)}>
                <Button>{t('byOa.openTenant')}</Button>
              </Link>
            ) : null}
            {tenantId && tenantName && can('VIEW_MERCHANT_BILLING_BALANCE') ? (
              <Link to={`${PAGES.bills.path}?tenantId=${encodeURIComponent(tenantId)}`}>
                <Button data-testid="by-oa-bills">{t('byOa.bills')}</Button>
              </Link>
            ) : null}
          </Flex>
        }
      />
      <DashboardTabs active="byTenant" />
      {!tenantId ? (
        <Card>
          <Empty description={t('byOa.pickTenant')}>
            <Link to={back}>{t('byOa.back')}</Link>
          </Empty>
        </Card>
      ) : notFound ? (
        <Alert type="warning" showIcon title={t('byOa.notFound')} data-testid="by-oa-not-found" />
      ) : (
        <>
          <RangeFilter range={range} onChange={setRange} withPeriod={false} />
          <Flex vertical gap={16}>
            <Card title={t('byOa.oa')} styles={{ body: { padding: 12 } }} data-testid="by-oa-card">
              {oas.isError ? (
                <SectionError error={oas.error} what={t('messages.what')} />
              ) : !oas.data ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : (
                <>
                  {oas.data.length > 0 ? (
                    <StatGrid dim={oas.isFetching}>
                      <StatCard title={t('counters.total')} value={formatCompactCount(sumCounters(oas.data).total)} exact={formatCount(sumCounters(oas.data).total)} testId="by-oa-total" />
                      <StatCard title={t('counters.deliveryRate')} value={formatPercent(sumCounters(oas.data).deliveryRate)} />
                    </StatGrid>
                  ) : null}
                  <BreakdownView
                    dimension="oaRow"
                    rows={oas.data.map((r) => ({ ...r, key: r.zaloOaId ?? '', label: r.name }))}
                    range={range}
                    showCost={showCost}
                    loading={oas.isFetching && oas.isPlaceholderData}
                    testId="by-oa"
                    firstColumnTitle={t('byOa.oa')}
                  />
                </>
              )}
            </Card>
            <Card title={t('byOa.types')} styles={{ body: { padding: 12 } }}>
              {types.isError ? (
                <SectionError error={types.error} what={t('messages.what')} />
              ) : !types.data ? (
                <Skeleton active paragraph={{ rows: 3 }} />
              ) : (
                <BreakdownView dimension="type" rows={types.data} range={range} showCost={showCost} testId="by-oa-types" firstColumnTitle={t('messages.dimensions.type')} />
              )}
            </Card>
          </Flex>
        </>
      )}
    </>
  );
}

function tenantNameFromStats(rows: ReadonlyArray<{ tenantId: string; name: string }> | undefined, tenantId: string): string | null {
  return rows?.find((r) => r.tenantId === tenantId)?.name ?? null;
}
