import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Statistic from 'antd/es/statistic';
import Alert from 'antd/es/alert';
import type { TableProps } from 'antd/es/table';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import LoginOutlined from '@ant-design/icons/LoginOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { Tenant } from '@zc/shared/api/organisation';
import { walletHeaderDisplay } from '@zc/shared/api/wallet-rules';
import { useTenantPermissions } from '../../features/access/api/get-tenant-permissions';
import { useBalance, type WalletRef } from '../../features/wallet/api/get-balance';
import { WalletHistoryDialog } from '../../features/wallet/components/wallet-history-dialog';
import { WalletEditDialog } from '../../features/wallet/components/wallet-edit-dialog';
import { formatVnd } from '../../features/wallet/components/wallet-rules';
import { useTenantUsers, type TenantMember } from '../../features/user-groups/api/get-tenant-users';
import { DataTable } from '../../components/data-table';
import { IdShortener } from '../../components/id-shortener';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError, PermissionAlert } from '../../components/permission-alert';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { UserCell } from '../../components/user-cell';
import { ZnsPublicModeItem } from '../../features/campaigns/components/zns-public-mode-item';
import { TenantRateLimitsSection } from '../../features/api-rate-limits/components/tenant-rate-limits-section';

// Local copy of TENANT_SERVICES: the shared constant's module imports zod at runtime.
export const TENANT_SERVICE_FLAGS = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

/** Shows a query's failure in place: a 403 as a permission notice, anything else as an error line. */
function SectionError({ error, what, testId }: { error: unknown; what: string; testId: string }) {
  const errorText = useErrorText();
  if (isForbiddenError(error)) return <PermissionAlert what={what} testId={testId} compact />;
  return <Alert type="error" showIcon title={errorText(error)} />;
}

/** The tenant's wallet: needs VIEW_TENANT_BILLING_BALANCE in that tenant (its own permission list). */
function WalletSection({ tenant, merchantId, held }: { tenant: Tenant; merchantId: string; held: ReadonlySet<string> | null }) {
  const { t } = useTranslation('tenants');
  const [open, setOpen] = useState<'history' | 'edit' | null>(null);
  const mayView = held?.has('VIEW_TENANT_BILLING_BALANCE') ?? false;
  const ref: WalletRef = { kind: 'tenant', merchantId, tenantId: tenant.id };
  const wallet = useBalance(mayView ? ref : null);
  const w = wallet.data;
  // The server says whether this wallet may be edited (its policy; abilities.update).
  const canEdit = w?.abilities.update ?? false;
  return (
    <Card
      title={t('detail.wallet')}
      data-testid="tenant-detail-wallet"
      loading={held === null || (mayView && wallet.isPending)}
      extra={
        w ? (
          <Space wrap>
            <Button size="small" onClick={() => setOpen('history')}>
              {t('wallet:wallet.historyTitle')}
            </Button>
            {canEdit ? (
              <Button size="small" type="primary" onClick={() => setOpen('edit')} data-testid="tenant-detail-wallet-edit">
                {t('wallet:wallet.edit')}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {!mayView ? (
        <PermissionAlert what={t('detail.walletWhat')} testId="tenant-detail-wallet-denied" compact />
      ) : wallet.isError ? (
        <SectionError error={wallet.error} what={t('detail.walletWhat')} testId="tenant-detail-wallet-denied" />
      ) : w ? (
        <Space size={40} wrap>
          <Statistic title={t('wallet:wallet.balance')} value={walletHeaderDisplay(w).kind === 'unlimited' ? t('wallet:wallet.unlimited') : formatVnd(w.balance)} />
          <Statistic title={t('wallet:wallet.mode')} value={t(`wallet:wallet.modes.${w.mode}`)} />
          <Statistic title={t('wallet:wallet.threshold')} value={formatVnd(w.threshold)} />
        </Space>
      ) : null}
      <WalletHistoryDialog open={open === 'history'} wallet={ref} onClose={() => setOpen(null)} />
      {canEdit ? <WalletEditDialog open={open === 'edit'} wallet={ref} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}

/** Members of the tenant and their user group: needs VIEW_USER_GROUPS in that tenant. */
function UsersSection({ tenant, held }: { tenant: Tenant; held: ReadonlySet<string> | null }) {
  const { t } = useTranslation('tenants');
  const mayView = held?.has('VIEW_USER_GROUPS') ?? false;
  // Without the permission the call is not made at all.
  const users = useTenantUsers(tenant.id, mayView);
  const columns: TableProps<TenantMember>['columns'] = [
    {
      key: 'user',
      title: t('detail.user'),
      render: (_, u) => <UserCell user={u} />,
    },
    { key: 'group', title: t('detail.group'), render: (_, u) => (u.userGroup ? <Tag color="cyan">{u.userGroup.name}</Tag> : <Tag>{t('detail.noGroup')}</Tag>) },
  ];
  return (
    <Card
      title={t('detail.users')}
      data-testid="tenant-detail-users"
      loading={held === null}
      extra={
        mayView ? (
          <Link to={tenantHref(PAGES.tenantUsers, tenant.id)} data-testid="tenant-detail-manage-users">
            {t('detail.manageUsers')}
          </Link>
        ) : null
      }
    >
      {!mayView ? (
        <PermissionAlert what={t('detail.usersWhat')} testId="tenant-detail-users-denied" compact />
      ) : users.query.isError ? (
        <SectionError error={users.query.error} what={t('detail.usersWhat')} testId="tenant-detail-users-denied" />
      ) : (
        <DataTable<TenantMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={users.rows}
          loading={users.query.isFetching}
          scroll={{ x: 'max-content' }}
          paging={users.paging}
        />
      )}
    </Card>
  );
}

/**
 * /dashboard/tenant?tenantId= (§2.2 Tenants items): one tenant seen from the organisation —
 * profile, services, wallet and users. The wallet and the users need permissions in that tenant,
 * read from its own permission list; a part the caller may not see says so in place.
 */
export function TenantDetailPage({ tenant, onEditServices }: { tenant: Tenant; onEditServices: (tenant: Tenant) => void }) {
  const { t } = useTranslation('tenants');
  const scope = useScope();
  const merchantId = scope.merchant?.id ?? '';
  const permissions = useTenantPermissions(tenant.id, merchantId || null);
  const held = permissions.data ? new Set(permissions.data) : permissions.isError ? new Set<string>() : null;

  return (
    <>
      <PageHeader
        title={
          <Space>
            <Avatar shape="square" size={40} src={tenant.avatar ?? undefined} icon={<ShopOutlined />} />
            <span data-testid="tenant-detail-name">{tenant.name}</span>
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={PAGES.tenants.path}>
              <Button icon={<ArrowLeftOutlined />}>{t('detail.allTenants')}</Button>
            </Link>
            <Link to={tenantHref(PAGES.tenantHome, tenant.id)} data-testid="tenant-detail-open">
              <Button type="primary" icon={<LoginOutlined />}>
                {t('detail.openTenant')}
              </Button>
            </Link>
          </Space>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('detail.profile')} data-testid="tenant-detail-profile" style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('fields.name')}>{tenant.name}</Descriptions.Item>
              <Descriptions.Item label={t('detail.id')}>
                <IdShortener value={tenant.id} />
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.organisation')}>{scope.merchant?.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(tenant.createdAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={t('fields.services')}
            data-testid="tenant-detail-services"
            style={{ height: '100%' }}
            extra={
              tenant.abilities.manageServices ? (
                <Button size="small" icon={<EditOutlined />} onClick={() => onEditServices(tenant)} data-testid="tenant-detail-edit-services">
                  {t('services.edit')}
                </Button>
              ) : null
            }
          >
            <Descriptions column={1} size="small">
              {TENANT_SERVICE_FLAGS.map((s) => (
                <Descriptions.Item key={s} label={t(`services.${s}`)}>
                  {tenant[s] ? <Tag color="green">{t('detail.on')}</Tag> : <Tag>{t('detail.off')}</Tag>}
                </Descriptions.Item>
              ))}
              {tenant.znsService && merchantId ? (
                <Descriptions.Item label={t('services.znsPublicMode')}>
                  <ZnsPublicModeItem tenant={{ merchantId, tenantId: tenant.id }} />
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
        <Col span={24}>
          <WalletSection tenant={tenant} merchantId={merchantId} held={held} />
        </Col>
        <Col span={24}>
          <UsersSection tenant={tenant} held={held} />
        </Col>
        <Col span={24}>
          <TenantRateLimitsSection tenant={{ merchantId, tenantId: tenant.id }} />
        </Col>
      </Row>
    </>
  );
}
