import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import Tag from 'antd/es/tag';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import type { StatsTenantRow } from '@zc/shared/api/stats';
import { formatVnd } from '../../../lib/number-format';
import { PAGES, tenantHref } from '../../../lib/paths';
import { counterColumns, sumCounters } from './counters';
import { CountersSummary } from './counters-summary';
import { rangeQuery, type StatRange } from './stat-range';

/** The drill-down address of one tenant: its official accounts over the same range. */
export function tenantOasHref(tenantId: string, range: StatRange): string {
  return `${PAGES.messagesByOa.path}?${rangeQuery(range, { tenantId })}`;
}

/**
 * Messages per tenant (organisation dashboard, /messages/tenant): the tenant's name leads to its
 * official accounts; balance and wallet mode with a low-balance tag; the cost column only for a
 * caller who sees revenue (the organisation's cost is its revenue).
 */
export function TenantsTable({ rows, range, showCost, loading }: { rows: StatsTenantRow[]; range: StatRange; showCost: boolean; loading?: boolean }) {
  const { t } = useTranslation('dashboards');
  const counters = counterColumns<StatsTenantRow>(t).filter((c) => showCost || c.key !== 'cost');
  const columns: TableProps<StatsTenantRow>['columns'] = [
    {
      key: 'name',
      title: t('tenants.tenant'),
      fixed: 'left',
      width: 170,
      render: (_: unknown, r) => (
        <Space size={8} align="start" style={{ minWidth: 0 }}>
          <Avatar shape="square" size="small" src={r.avatar ?? undefined} icon={<ShopOutlined />} />
          <div style={{ minWidth: 0 }}>
            <Link to={tenantOasHref(r.tenantId, range)} data-testid={`tenant-drill-${r.tenantId}`} style={{ overflowWrap: 'anywhere' }}>
              {r.name}
            </Link>
            <div style={{ fontSize: 12 }}>
              <Link to={tenantHref(PAGES.tenantHome, r.tenantId)} style={{ color: '#8c8c8c' }}>
                {t('tenants.open')}
              </Link>
            </div>
          </div>
        </Space>
      ),
    },
    ...counters,
    {
      key: 'balance',
      title: t('tenants.balance'),
      align: 'right',
      width: 130,
      render: (_: unknown, r) =>
        r.balance === null ? (
          '—'
        ) : (
          <div style={{ whiteSpace: 'nowrap' }}>
            <div>{formatVnd(r.balance)}</div>
            {r.lowBalance ? <Tag color="red">{t('tenants.low')}</Tag> : null}
            {r.walletMode ? <Tag style={{ marginInlineEnd: 0 }}>{t(`tenants.walletModes.${r.walletMode}`)}</Tag> : null}
          </div>
        ),
    },
  ];
  const totals = sumCounters(rows);
  return (
    <Table<StatsTenantRow>
      rowKey="tenantId"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('tenants.none') }}
      summary={() => (rows.length > 1 ? <CountersSummary totals={totals} first={1} t={t} showCost={showCost} /> : null)}
      data-testid="dashboard-tenants-table"
    />
  );
}
