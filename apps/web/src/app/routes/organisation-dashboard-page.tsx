import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import List from 'antd/es/list';
import Avatar from 'antd/es/avatar';
import Tag from 'antd/es/tag';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { StatsOverview } from '@zc/shared/api/stats';
import { LineChart } from '../../components/line-chart';
import { isForbiddenError } from '../../components/permission-alert';
import { PageHeader } from '../../components/page-header';
import { OrgChartCard } from '../../features/org-chart/components/org-chart-card';
import { useLowBalances, useStatsOverview, useStatsTenants } from '../../features/dashboards/api/stats-api';
import { useLiveOrgStats } from '../../features/dashboards/api/use-live-stats';
import { messageSeries } from '../../features/dashboards/components/counters';
import { DashboardTabs } from '../../features/dashboards/components/dashboard-tabs';
import { RangeFilter, useRangeParams } from '../../features/dashboards/components/range-filter';
import { SectionError } from '../../features/dashboards/components/section-error';
import { StatCard, StatGrid } from '../../features/dashboards/components/stat-card';
import { formatBucket, listRange } from '../../features/dashboards/components/stat-range';
import { STAT_LIST_RANGE_MAX_DAYS } from '../../features/dashboards/components/stat-rules';
import { TenantsTable } from '../../features/dashboards/components/tenants-table';
import { formatCompactCount, formatCompactVnd, formatCount, formatPercent, formatVnd } from '../../lib/number-format';
import { tenantDetailHref, tenantHref, PAGES } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

const SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

/**
 * /dashboard (§2.1, issue 16 #1): the organisation's messages over the chosen range and period
 * (totals, sent/delivered/failed chart), revenue (VIEW_REVENUE_CHART: the server answers null
 * otherwise and the section is absent), active users, tenants with low balances, the tenants table
 * with the drill-down to each tenant's official accounts, and the organisation chart. A section the
 * caller may not read shows as not permitted; the rest of the page keeps working.
 */
export function OrganisationDashboardPage() {
  const { t } = useTranslation('dashboards');
  const { t: ts } = useTranslation('shell');
  const scope = useScope();
  const { can } = usePermissions();
  const merchant = scope.merchant;
  const merchantId = merchant?.id ?? null;
  const [range, setRange] = useRangeParams(true);
  useLiveOrgStats();
  const overview = useStatsOverview(merchantId, range);
  // The tenants table sums days: a monthly range longer than a table answers is read over its last days.
  const tableRange = listRange(range);
  const tenants = useStatsTenants(merchantId, tableRange);
  const low = useLowBalances(merchantId);
  const data = overview.data;
  const showRevenue = Boolean(data?.revenue) && can('VIEW_REVENUE_CHART');

  return (
    <>
      <PageHeader title={merchant?.name ?? ts('dashboard.title')} />
      <DashboardTabs active="overview" />
      <RangeFilter range={range} onChange={setRange} />
      {overview.isError ? (
        <SectionError error={overview.error} what={t('overview.what')} testId="dashboard-overview-forbidden" />
      ) : !data ? (
        <Card style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : null}
      {data ? <OverviewCards data={data} showRevenue={showRevenue} dim={overview.isFetching} /> : null}
      <Row gutter={[16, 16]}>
        {data ? (
          <Col xs={24} xl={16}>
            <Card title={t('charts.messages')} data-testid="dashboard-messages-chart" style={{ height: '100%' }}>
              <LineChart labels={data.series.map((p) => formatBucket(p.bucket))} series={messageSeries(data.series, t)} ariaLabel={t('charts.messages')} testId="dashboard-messages-line" />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} xl={data ? 8 : 24}>
          <Card
            title={
              <span>
                <WarningOutlined style={{ color: '#fa8c16', marginRight: 8 }} />
                {t('lowBalances.title')}
              </span>
            }
            data-testid="dashboard-low-balances"
            style={{ height: '100%' }}
          >
            {low.isError ? (
              <SectionError error={low.error} what={t('lowBalances.what')} />
            ) : !low.data ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : low.data.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowBalances.none')} />
            ) : (
              <List
                size="small"
                dataSource={low.data}
                renderItem={(r) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <Link to={tenantDetailHref(r.tenantId)} style={{ overflowWrap: 'anywhere' }}>
                          {r.name}
                        </Link>
                      }
                      description={`${t('lowBalances.balance')}: ${formatVnd(r.balance)} · ${t('lowBalances.threshold')}: ${formatVnd(r.threshold)}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        {data ? <OverviewCharts data={data} showRevenue={showRevenue} /> : null}
        <Col span={24}>
          <Card title={t('tenants.title')} styles={{ body: { padding: 12 } }}>
            {tenants.isError ? (
              isForbiddenError(tenants.error) ? (
                <PlainTenantList />
              ) : (
                <SectionError error={tenants.error} what={t('tenants.what')} />
              )
            ) : (
              <>
                {tableRange.clamped ? (
                  <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }} data-testid="tenants-range-clamped">
                    {t('range.listClamped', { days: STAT_LIST_RANGE_MAX_DAYS, from: formatBucket(tableRange.from), to: formatBucket(tableRange.to) })}
                  </Typography.Text>
                ) : null}
                <TenantsTable rows={tenants.data ?? []} range={tableRange} showCost={showRevenue} loading={tenants.isPending} />
              </>
            )}
          </Card>
        </Col>
        {merchant ? (
          <Col span={24}>
            <OrgChartCard merchantId={merchant.id} />
          </Col>
        ) : null}
      </Row>
    </>
  );
}

/** The overview's cards: messages, rate, active users, tenants and revenue (when answered). */
function OverviewCards({ data, showRevenue, dim }: { data: StatsOverview; showRevenue: boolean; dim: boolean }) {
  const { t } = useTranslation('dashboards');
  const revenue = showRevenue ? data.revenue : null;
  return (
    <StatGrid testId="dashboard-totals" dim={dim}>
      <StatCard title={t('counters.total')} value={formatCompactCount(data.totals.total)} exact={formatCount(data.totals.total)} testId="dashboard-total" />
      <StatCard title={t('counters.sent')} value={formatCompactCount(data.totals.sent)} exact={formatCount(data.totals.sent)} />
      <StatCard title={t('counters.delivered')} value={formatCompactCount(data.totals.delivered)} exact={formatCount(data.totals.delivered)} testId="dashboard-delivered" />
      <StatCard title={t('counters.failed')} value={formatCompactCount(data.totals.failed)} exact={formatCount(data.totals.failed)} />
      <StatCard title={t('counters.deliveryRate')} value={formatPercent(data.totals.deliveryRate)} />
      <StatCard title={t('cards.activeUsers')} value={formatCompactCount(data.activeUsers.count)} exact={formatCount(data.activeUsers.count)} />
      <StatCard title={t('cards.tenants')} value={formatCount(data.tenantCount)} />
      {revenue ? <StatCard title={t('cards.revenue')} value={formatCompactVnd(revenue.total)} exact={formatVnd(revenue.total)} testId="dashboard-revenue-total" /> : null}
    </StatGrid>
  );
}

/** Revenue over time (only when answered and permitted) beside the active users over time. */
function OverviewCharts({ data, showRevenue }: { data: StatsOverview; showRevenue: boolean }) {
  const { t } = useTranslation('dashboards');
  const revenue = showRevenue ? data.revenue : null;
  return (
    <>
      {revenue ? (
        <Col xs={24} lg={12}>
          <Card title={t('charts.revenue')} data-testid="dashboard-revenue">
            <LineChart
              labels={revenue.series.map((p) => formatBucket(p.bucket))}
              series={[{ key: 'revenue', label: t('charts.revenueSeries'), color: '#13a8a8', values: revenue.series.map((p) => p.cost) }]}
              ariaLabel={t('charts.revenue')}
              formatValue={formatVnd}
              testId="dashboard-revenue-line"
            />
          </Card>
        </Col>
      ) : null}
      <Col xs={24} lg={revenue ? 12 : 24}>
        <Card title={t('charts.activeUsers')} data-testid="dashboard-active-users">
          <LineChart
            labels={data.activeUsers.series.map((p) => formatBucket(p.bucket))}
            series={[{ key: 'users', label: t('charts.activeUsersSeries'), color: '#722ed1', values: data.activeUsers.series.map((p) => p.count) }]}
            ariaLabel={t('charts.activeUsers')}
            testId="dashboard-active-users-line"
          />
        </Card>
      </Col>
    </>
  );
}

/** The tenants of the organisation as the shell knows them (when the figures by tenant are refused). */
function PlainTenantList() {
  const { t } = useTranslation('shell');
  const { t: td } = useTranslation('dashboards');
  const tenants = useScope().merchant?.tenants ?? [];
  if (tenants.length === 0) return <Empty description={t('dashboard.noTenants')} />;
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('access:noPermission.title', { what: td('tenants.what') })}
      </Typography.Text>
      <List
        dataSource={tenants}
        renderItem={(tenant) => (
          <List.Item actions={[<Link key="open" to={tenantHref(PAGES.tenantHome, tenant.id)}>{t('dashboard.open')}</Link>]}>
            <List.Item.Meta
              avatar={<Avatar shape="square" src={tenant.avatar ?? undefined} icon={<ShopOutlined />} />}
              title={tenant.name}
              description={SERVICES.filter((s) => tenant[s]).map((s) => (
                <Tag key={s} color="cyan">
                  {t(`tenants:services.${s}`)}
                </Tag>
              ))}
            />
          </List.Item>
        )}
      />
    </>
  );
}
