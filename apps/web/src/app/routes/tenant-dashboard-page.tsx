import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Avatar from 'antd/es/avatar';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import type { TenantDashboard } from '@zc/shared/api/stats';
import { ErrorResult } from '../../components/error-result';
import { LineChart } from '../../components/line-chart';
import { PageHeader } from '../../components/page-header';
import { PermissionAlert } from '../../components/permission-alert';
import { formatDateTime } from '../../lib/formatters';
import { formatCompactCount, formatCompactVnd, formatCount, formatPercent, formatVnd } from '../../lib/number-format';
import { canOpen } from '../../lib/access';
import { PAGES, tenantHref, type PageDef } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useTenantDashboard } from '../../features/dashboards/api/stats-api';
import { useLiveTenantStats } from '../../features/dashboards/api/use-live-stats';
import { messageSeries } from '../../features/dashboards/components/counters';
import { RangeFilter, useRangeParams } from '../../features/dashboards/components/range-filter';
import { SectionError } from '../../features/dashboards/components/section-error';
import { StatCard, StatGrid } from '../../features/dashboards/components/stat-card';
import { formatBucket } from '../../features/dashboards/components/stat-range';

const SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

/**
 * /tenant (§2.1, issue 16 #2): the tenant's identity, and with VIEW_DASHBOARD_AND_CHART its figures:
 * today's and the period's sends and delivery rate, spend against the wallet's balance, pending
 * reviews and open tickets, the messages chart, OA follower growth when the OA service is on and
 * mini-app activity when it is enabled. Live from the realtime stream (use-live-stats).
 */
export function TenantDashboardPage() {
  const { t } = useTranslation('shell');
  const { t: td } = useTranslation('dashboards');
  const scope = useScope();
  const { can } = usePermissions();
  const tenant = scope.tenant;
  if (!tenant) return <ErrorResult status={404} />;
  return (
    <>
      <PageHeader
        title={
          <Space>
            <Avatar shape="square" size={40} src={tenant.avatar ?? undefined} icon={<ShopOutlined />} />
            <span data-testid="tenant-name">{tenant.name}</span>
          </Space>
        }
      />
      {can('VIEW_DASHBOARD_AND_CHART') ? <TenantFigures tenantId={tenant.id} /> : <PermissionAlert what={td('tenant.what')} testId="tenant-dashboard-forbidden" />}
      <Card title={t('tenantDashboard.info')}>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('tenantDashboard.organisation')}>{scope.merchant?.name}</Descriptions.Item>
          <Descriptions.Item label={t('tenantDashboard.createdAt')}>{formatDateTime(tenant.createdAt)}</Descriptions.Item>
          {SERVICES.map((s) => (
            <Descriptions.Item key={s} label={t(`tenants:services.${s}`)}>
              {tenant[s] ? <Tag color="green">{t('tenantDashboard.enabled')}</Tag> : <Tag>{t('tenantDashboard.disabled')}</Tag>}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    </>
  );
}

function TenantFigures({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('dashboards');
  const [range, setRange] = useRangeParams(true);
  useLiveTenantStats(tenantId);
  const q = useTenantDashboard(tenantId, range);
  return (
    <>
      <RangeFilter range={range} onChange={setRange} />
      {q.isError ? (
        <SectionError error={q.error} what={t('tenant.what')} testId="tenant-dashboard-forbidden" />
      ) : !q.data ? (
        <Card style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Figures data={q.data} tenantId={tenantId} dim={q.isFetching} />
      )}
    </>
  );
}

function Figures({ data, tenantId, dim }: { data: TenantDashboard; tenantId: string; dim: boolean }) {
  const { t } = useTranslation('dashboards');
  const { permissions } = usePermissions();
  const scope = useScope();
  const { today, period, spend, followers, miniApp } = data;
  const labels = period.series.map((p) => formatBucket(p.bucket));
  const link = (page: PageDef, text: string) => (canOpen(page, permissions, scope.tenant) ? <Link to={tenantHref(page, tenantId)}>{text}</Link> : text);
  const prepaid = spend.walletMode === 'PREPAID' && spend.balance !== null;
  // Spend against what the wallet holds now (spent + balance is what was available over the period).
  const share = prepaid && spend.balance !== null && spend.cost + spend.balance > 0 ? Math.round((spend.cost / (spend.cost + spend.balance)) * 100) : null;
  return (
    <>
      <StatGrid testId="tenant-dashboard-totals" dim={dim}>
        <StatCard title={t('cards.todaySends')} value={formatCompactCount(today.total)} exact={formatCount(today.total)} sub={`${t('counters.delivered')}: ${formatCount(today.delivered)}`} testId="tenant-today" />
        <StatCard title={t('cards.todayRate')} value={formatPercent(today.deliveryRate)} sub={`${t('counters.failed')}: ${formatCount(today.failed)}`} />
        <StatCard title={t('cards.periodSends')} value={formatCompactCount(period.totals.total)} exact={formatCount(period.totals.total)} sub={`${t('counters.delivered')}: ${formatCount(period.totals.delivered)}`} testId="tenant-period" />
        <StatCard title={t('cards.periodRate')} value={formatPercent(period.totals.deliveryRate)} sub={`${t('counters.failed')}: ${formatCount(period.totals.failed)}`} />
        <StatCard
          title={t('cards.spend')}
          value={formatCompactVnd(spend.cost)}
          exact={formatVnd(spend.cost)}
          sub={
            spend.balance === null ? (
              t('cards.noWallet')
            ) : share !== null ? (
              <>
                {t('cards.spendOfBalance', { spend: formatVnd(spend.cost), balance: formatVnd(spend.balance) })}
                <Progress percent={share} size="small" showInfo={false} strokeColor="#13a8a8" />
              </>
            ) : (
              t('cards.spendOfBalance', { spend: formatVnd(spend.cost), balance: formatVnd(spend.balance) })
            )
          }
          testId="tenant-spend"
        />
        <StatCard
          title={t('cards.balance')}
          value={spend.balance === null ? '—' : formatCompactVnd(spend.balance)}
          exact={spend.balance === null ? undefined : formatVnd(spend.balance)}
          sub={
            spend.walletMode ? (
              <Space size={4} wrap>
                <Tag>{t(`tenants.walletModes.${spend.walletMode}`)}</Tag>
                {spend.threshold !== null && spend.balance !== null && prepaid && spend.balance < spend.threshold ? <Tag color="red">{t('tenants.low')}</Tag> : null}
              </Space>
            ) : (
              t('cards.noWallet')
            )
          }
          testId="tenant-balance"
        />
        <StatCard title={t('cards.pendingReviews')} value={formatCount(data.pendingReviews)} sub={link(PAGES.myRequests, t('cards.view'))} testId="tenant-pending-reviews" />
        <StatCard title={t('cards.openTickets')} value={formatCount(data.openTickets)} sub={link(PAGES.myTickets, t('cards.view'))} testId="tenant-open-tickets" />
      </StatGrid>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col span={24}>
          <Card title={t('charts.messages')} data-testid="tenant-messages-chart">
            <LineChart labels={labels} series={messageSeries(period.series, t)} ariaLabel={t('charts.messages')} testId="tenant-messages-line" />
          </Card>
        </Col>
        {followers ? (
          <Col xs={24} lg={miniApp ? 12 : 24}>
            <Card title={t('charts.followers')} data-testid="tenant-followers-chart">
              <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
                {t('charts.followersTotal', { total: formatCount(followers.total) })}
              </Typography.Text>
              <LineChart
                labels={followers.series.map((p) => formatBucket(p.bucket))}
                series={[
                  { key: 'follow', label: t('charts.follow'), color: '#13a8a8', values: followers.series.map((p) => p.follow) },
                  { key: 'unfollow', label: t('charts.unfollow'), color: '#f5222d', values: followers.series.map((p) => p.unfollow) },
                ]}
                ariaLabel={t('charts.followers')}
                testId="tenant-followers-line"
              />
            </Card>
          </Col>
        ) : null}
        {miniApp ? (
          <Col xs={24} lg={followers ? 12 : 24}>
            <Card title={t('charts.miniApp')} data-testid="tenant-mini-app-chart">
              <LineChart
                labels={miniApp.series.map((p) => formatBucket(p.bucket))}
                series={[
                  { key: 'spins', label: t('charts.spins'), color: '#1677ff', values: miniApp.series.map((p) => p.spins) },
                  { key: 'wins', label: t('charts.wins'), color: '#52c41a', values: miniApp.series.map((p) => p.wins) },
                  { key: 'redemptions', label: t('charts.redemptions'), color: '#fa8c16', values: miniApp.series.map((p) => p.redemptions) },
                ]}
                ariaLabel={t('charts.miniApp')}
                testId="tenant-mini-app-line"
              />
            </Card>
          </Col>
        ) : null}
      </Row>
    </>
  );
}
