import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Statistic from 'antd/es/statistic';
import List from 'antd/es/list';
import Avatar from 'antd/es/avatar';
import Tag from 'antd/es/tag';
import Empty from 'antd/es/empty';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { ROLE_COLORS } from '@zc/shared/permissions';
import { PageHeader } from '../../components/page-header';
import { OrgChartCard } from '../../features/org-chart/components/org-chart-card';
import { useScope } from '../../lib/scope-context';

const SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

/** /dashboard: the current organisation, the caller's role, its tenants and the organisation chart. */
export function OrganisationDashboardPage() {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const merchant = scope.merchant;
  const tenants = merchant?.tenants ?? [];
  return (
    <>
      <PageHeader title={merchant?.name ?? t('dashboard.title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.tenantCount')} value={tenants.length} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('dashboard.yourRole')}
              valueRender={() => (merchant ? <Tag color={ROLE_COLORS[merchant.role]} style={{ fontSize: 16, padding: '4px 10px' }}>{t(`users:roles.${merchant.role}`)}</Tag> : '—')}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.permissionCount')} value={scope.permissions.size} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('dashboard.tenants')}>
            {tenants.length === 0 ? (
              <Empty description={t('dashboard.noTenants')} />
            ) : (
              <List
                dataSource={tenants}
                renderItem={(tenant) => (
                  <List.Item actions={[<Link key="open" to={`/tenant?tenantId=${tenant.id}`}>{t('dashboard.open')}</Link>]}>
                    <List.Item.Meta
                      avatar={<Avatar shape="square" src={tenant.avatar ?? undefined} icon={<ShopOutlined />} />}
                      title={tenant.name}
                      description={
                        SERVICES.filter((s) => tenant[s]).map((s) => (
                          <Tag key={s} color="cyan">
                            {t(`tenants:services.${s}`)}
                          </Tag>
                        ))
                      }
                    />
                  </List.Item>
                )}
              />
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
