import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Discount } from '@zc/shared/api/discounts';
import { useDeleteDiscount, useLiveDiscounts, useTenantDiscounts } from '../../features/discounts/api/discounts';
import { DiscountFormDialog } from '../../features/discounts/components/discount-form-dialog';
import { DiscountTable } from '../../features/discounts/components/discount-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/**
 * /tenant/settings/discount (VIEW_TENANT_DISCOUNT, checked by the router): the tenant's ZNS price
 * discounts by template kind or tag; the organisation's CREATE/UPDATE/DELETE_TENANT_DISCOUNT edit them.
 */
export function DiscountsPage() {
  const { t } = useTranslation('discounts');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const list = useTenantDiscounts(tenantId);
  const remove = useDeleteDiscount(tenantId);
  const [editing, setEditing] = useState<Discount | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  useLiveDiscounts();

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_TENANT_DISCOUNT') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="discount-create"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              {t('create')}
            </Button>
          ) : null
        }
      />
      <TenantSettingsTabs active="discount" />
      <Card>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {list.query.isError ? (
          <ErrorResult status={500} message={errorText(list.query.error)} />
        ) : (
          <DiscountTable
            rows={list.rows}
            loading={list.query.isFetching}
            paging={list.paging}
            actions={(d) => (
              <Space size={4} wrap={false}>
                {d.abilities.update ? (
                  <Button
                    size="small"
                    data-testid={`discount-edit-${d.id}`}
                    onClick={() => {
                      setEditing(d);
                      setFormOpen(true);
                    }}
                  >
                    {t('common:edit')}
                  </Button>
                ) : null}
                {d.abilities.delete ? (
                  <ConfirmButton
                    size="small"
                    title={t('deleteTitle')}
                    description={t('deleteText')}
                    loading={remove.isPending && remove.variables === d.id}
                    onConfirm={() => remove.mutateAsync(d.id).then(() => void message.success(t('deleted')), (e: unknown) => void message.error(errorText(e)))}
                  >
                    {t('delete')}
                  </ConfirmButton>
                ) : null}
              </Space>
            )}
          />
        )}
      </Card>
      <DiscountFormDialog open={formOpen} tenantId={tenantId} discount={editing} onClose={() => setFormOpen(false)} />
    </>
  );
}
