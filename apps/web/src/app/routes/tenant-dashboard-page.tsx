import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Avatar from 'antd/es/avatar';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { useScope } from '../../lib/scope-context';

const SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

/** /tenant: the tenant's identity and enabled services (statistics arrive with later modules). */
export function TenantDashboardPage() {
  const { t } = useTranslation('shell');
  const scope = useScope();
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
