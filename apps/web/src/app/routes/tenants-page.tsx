import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import Switch from 'antd/es/switch';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import App from 'antd/es/app';
import Empty from 'antd/es/empty';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import LoginOutlined from '@ant-design/icons/LoginOutlined';
import type { Tenant } from '@zc/shared/api/organisation';
import type { ServiceBlocker } from '@zc/shared/api/settings';
import { useUpdateTenantServices, type TenantServices } from '../../features/organisation/api/update-tenant-services';
import { AddTenantDialog } from '../../features/organisation/components/add-tenant-dialog';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailHref, tenantHref } from '../../lib/paths';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { ServiceBlockersAlert } from '../../features/settings/components/service-blockers';
import { serviceBlockersOf } from '../../features/settings/lib/services';
import { TENANT_SERVICE_FLAGS, TenantDetailPage } from './tenant-detail-page';

const SERVICES = TENANT_SERVICE_FLAGS satisfies ReadonlyArray<keyof TenantServices>;

function ServicesModal({ tenant, merchantId, onClose }: { tenant: Tenant | null; merchantId: string; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const update = useUpdateTenantServices();
  const [form] = Form.useForm<TenantServices>();
  // A 409 SERVICE_IN_USE: what must be finished or cancelled first, listed in the dialog (not a bare toast).
  const [blocked, setBlocked] = useState<ServiceBlocker[] | null>(null);
  return (
    <Modal
      open={tenant !== null}
      title={t('services.editTitle', { name: tenant?.name ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={update.isPending}
      onCancel={() => {
        setBlocked(null);
        onClose();
      }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {tenant && blocked ? <ServiceBlockersAlert service={blocked[0]?.service ?? 'znsService'} items={blocked} tenantId={tenant.id} onClose={() => setBlocked(null)} /> : null}
      {tenant ? (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 14 }}
          initialValues={{ oaService: tenant.oaService, znsService: tenant.znsService, isMiniAppEnabled: tenant.isMiniAppEnabled, isMultiTeam: tenant.isMultiTeam }}
          onFinish={async (services) => {
            try {
              setBlocked(null);
              await update.mutateAsync({ tenantId: tenant.id, merchantId, services });
              void message.success(t('services.saved'));
              onClose();
            } catch (error) {
              const items = serviceBlockersOf(error);
              if (items) setBlocked(items);
              else void message.error(errorText(error));
            }
          }}
        >
          {SERVICES.map((service) => (
            <Form.Item key={service} name={service} label={t(`services.${service}`)} valuePropName="checked">
              <Switch data-testid={`tenant-service-switch-${service}`} />
            </Form.Item>
          ))}
        </Form>
      ) : null}
    </Modal>
  );
}

/**
 * /dashboard/tenant (needs VIEW_TENANT or CREATE_TENANT, checked by the router): the tenants list;
 * with `?tenantId=` (the §2.2 Tenants menu items) the detail of that tenant, which needs VIEW_TENANT.
 */
export function TenantsRoute() {
  const scope = useScope();
  const { can } = usePermissions();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<Tenant | null>(null);
  const tenants = scope.merchant?.tenants ?? [];
  const merchantId = scope.merchant?.id ?? '';
  const selectedId = params.get('tenantId');
  const selected = selectedId ? tenants.find((x) => x.id === selectedId) : undefined;
  // Tenant lists come with the organisation, so editing a tenant shows the saved services at once.
  const editingNow = editing ? (tenants.find((x) => x.id === editing.id) ?? editing) : null;
  let body;
  if (selectedId === null) body = <TenantsPage onEditServices={setEditing} />;
  else if (!selected) body = <ErrorResult status={404} />;
  else if (!can('VIEW_TENANT')) body = <ErrorResult status={403} />;
  else body = <TenantDetailPage key={selected.id} tenant={selected} onEditServices={setEditing} />;
  return (
    <>
      {body}
      <ServicesModal tenant={editingNow} merchantId={merchantId} onClose={() => setEditing(null)} />
    </>
  );
}

/** The tenants of the organisation with their services; each name opens the tenant's detail. */
function TenantsPage({ onEditServices }: { onEditServices: (tenant: Tenant) => void }) {
  const { t } = useTranslation('tenants');
  const scope = useScope();
  const { can } = usePermissions();
  const [creating, setCreating] = useState(false);
  const tenants = scope.merchant?.tenants ?? [];
  const merchantId = scope.merchant?.id ?? '';

  const columns: TableProps<Tenant>['columns'] = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, tenant) => (
        <Space>
          <Avatar shape="square" src={tenant.avatar ?? undefined} icon={<ShopOutlined />} />
          {can('VIEW_TENANT') ? (
            <Link to={tenantDetailHref(tenant.id)} style={{ fontWeight: 500 }} data-testid={`tenant-row-${tenant.id}`}>
              {tenant.name}
            </Link>
          ) : (
            <span style={{ fontWeight: 500 }}>{tenant.name}</span>
          )}
        </Space>
      ),
    },
    {
      key: 'services',
      title: t('fields.services'),
      render: (_, tenant) => {
        const enabled = SERVICES.filter((s) => tenant[s]);
        return enabled.length === 0 ? (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('services.none')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {enabled.map((s) => (
              <Tag key={s} color="cyan">
                {t(`services.${s}`)}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, tenant) => (
        <Space>
          <Link to={tenantHref(PAGES.tenantHome, tenant.id)}>
            <Button size="small" icon={<LoginOutlined />}>
              {t('open')}
            </Button>
          </Link>
          {tenant.abilities.manageServices ? (
            <Button size="small" icon={<EditOutlined />} onClick={() => onEditServices(tenant)} data-testid={`tenant-services-edit-${tenant.id}`}>
              {t('services.edit')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_TENANT') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('create.title')}
            </Button>
          ) : null
        }
      />
      <Card>
        {tenants.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <DataTable<Tenant>
            rowKey="id"
            columns={columns}
            dataSource={tenants}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Card>
      {merchantId ? <AddTenantDialog open={creating} merchantId={merchantId} onClose={() => setCreating(false)} /> : null}
    </>
  );
}
