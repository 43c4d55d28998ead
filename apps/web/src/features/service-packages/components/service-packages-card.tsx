import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { STANDARD_OA_PRICES, type ServicePackage } from '@zc/shared/api/service-packages';
import { useDeletePackage, useLivePackages, useServicePackages } from '../api/service-packages';
import { PackageFormDialog } from './package-form-dialog';
import { AssignTenantsDialog } from './assign-tenants-dialog';
import { DataTable } from '../../../components/data-table';
import { ConfirmButton } from '../../../components/confirm-button';
import { ErrorResult } from '../../../components/error-result';
import { formatVnd } from '../../../lib/number-format';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';

/** A package price, or the standard one it leaves in place (secondary text). */
function PriceCell({ value, standard }: { value: number | null; standard: string }) {
  return value === null ? <Typography.Text type="secondary">{standard}</Typography.Text> : <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(value)}</span>;
}

/**
 * Organisation settings › packageManage (issue 16 #6): the service packages the organisation sells
 * to its tenants — list, create and edit, delete (refused while tenants are on it), assign to tenants.
 * Reading needs VIEW_TENANT; changing UPDATE_TENANT (the rows' abilities say which actions show).
 */
export function ServicePackagesCard() {
  const { t } = useTranslation('packages');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const merchantId = scope.merchant?.id ?? '';
  const packages = useServicePackages(merchantId);
  useLivePackages();
  const remove = useDeletePackage(merchantId);
  const [editing, setEditing] = useState<ServicePackage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [assigning, setAssigning] = useState<ServicePackage | null>(null);
  const canManage = can('UPDATE_TENANT');

  const columns: TableProps<ServicePackage>['columns'] = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, p) => (
        <div style={{ minWidth: 140, maxWidth: 260 }}>
          <Typography.Text strong data-testid={`package-row-${p.name}`}>
            {p.name}
          </Typography.Text>
          {p.description ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: p.description }} style={{ marginBottom: 0 }}>
              {p.description}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    { key: 'zns', title: t('columns.zns'), render: (_, p) => <PriceCell value={p.prices.zns} standard={t('templatePrice')} /> },
    { key: 'oaCs', title: t('columns.oaCs'), render: (_, p) => <PriceCell value={p.prices.oaCs} standard={formatVnd(STANDARD_OA_PRICES.oaCs)} /> },
    { key: 'oaTransaction', title: t('columns.oaTransaction'), render: (_, p) => <PriceCell value={p.prices.oaTransaction} standard={formatVnd(STANDARD_OA_PRICES.oaTransaction)} /> },
    { key: 'oaPromotion', title: t('columns.oaPromotion'), render: (_, p) => <PriceCell value={p.prices.oaPromotion} standard={formatVnd(STANDARD_OA_PRICES.oaPromotion)} /> },
    {
      key: 'tenants',
      title: t('columns.tenants'),
      render: (_, p) =>
        p.tenants.length === 0 ? (
          <Typography.Text type="secondary">{t('noTenants')}</Typography.Text>
        ) : (
          <div style={{ maxWidth: 240 }}>
            {p.tenants.map((x) => (
              <Tag key={x.id} style={{ marginBottom: 4 }}>
                {x.name}
              </Tag>
            ))}
          </div>
        ),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, p) => (
        <Space size={4} wrap={false}>
          {p.abilities.update ? (
            <>
              <Button
                size="small"
                data-testid={`package-edit-${p.name}`}
                onClick={() => {
                  setEditing(p);
                  setFormOpen(true);
                }}
              >
                {t('common:edit')}
              </Button>
              <Button size="small" data-testid={`package-assign-${p.name}`} onClick={() => setAssigning(p)}>
                {t('assign')}
              </Button>
            </>
          ) : null}
          {p.abilities.delete ? (
            <ConfirmButton
              size="small"
              title={t('deleteTitle')}
              description={t('deleteText')}
              loading={remove.isPending && remove.variables === p.id}
              onConfirm={() => remove.mutateAsync(p.id).then(() => void message.success(t('deleted')), (e: unknown) => void message.error(errorText(e)))}
            >
              {t('delete')}
            </ConfirmButton>
          ) : p.abilities.update && p.tenants.length > 0 ? (
            <Tooltip title={t('inUse', { count: p.tenants.length })}>
              <Button size="small" disabled>
                {t('delete')}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('orgTitle')}
      data-testid="service-packages-card"
      extra={
        canManage ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="package-create"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('create')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('orgIntro')}</Typography.Paragraph>
      {packages.isError ? (
        <ErrorResult status={500} message={errorText(packages.error)} />
      ) : (
        <DataTable<ServicePackage> rowKey="id" columns={columns} dataSource={packages.data ?? []} loading={packages.isFetching} locale={{ emptyText: t('empty') }} />
      )}
      <PackageFormDialog open={formOpen} merchantId={merchantId} pkg={editing} onClose={() => setFormOpen(false)} />
      <AssignTenantsDialog merchantId={merchantId} pkg={assigning} packages={packages.data ?? []} tenants={scope.merchant?.tenants ?? []} onClose={() => setAssigning(null)} />
    </Card>
  );
}
