import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Switch from 'antd/es/switch';
import Modal from 'antd/es/modal';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import Popconfirm from 'antd/es/popconfirm';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Webhook } from '@zc/shared/api/webhooks';
import { useWebhooks } from '../../features/tenant-webhooks/api/get-webhooks';
import { useUpdateWebhook } from '../../features/tenant-webhooks/api/update-webhook';
import { useDeleteWebhook } from '../../features/tenant-webhooks/api/delete-webhook';
import { useRotateWebhookSecret } from '../../features/tenant-webhooks/api/rotate-webhook-secret';
import { useTestWebhook } from '../../features/tenant-webhooks/api/test-webhook';
import { WebhookFormDialog } from '../../features/tenant-webhooks/components/webhook-form-dialog';
import { DeliveriesDrawer } from '../../features/tenant-webhooks/components/deliveries-drawer';
import { DataTable } from '../../components/data-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { SecretOnce } from '../../components/secret-once';
import { formatDateTime } from '../../lib/formatters';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/**
 * /tenant/settings/webhook (VIEW_WEBHOOK, checked by the router; editing needs CRUD_WEBHOOK):
 * delivery-status endpoints, secrets, log, test, replay.
 */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const webhooks = useWebhooks(tenantId);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  // Creating is a page-level permission; what can be done to each endpoint comes with it (abilities).
  const canCreate = can('CRUD_WEBHOOK');

  const columns: TableProps<Webhook>['columns'] = [
    { key: 'url', title: t('webhooks.url'), render: (_, w) => <Typography.Text copyable style={{ maxWidth: 360 }} ellipsis={{ tooltip: w.url }}>{w.url}</Typography.Text> },
    { key: 'events', title: t('webhooks.events'), render: (_, w) => w.events.map((e) => <Tag key={e}>{e}</Tag>) },
    {
      key: 'isActive',
      title: t('webhooks.active'),
      render: (_, w) => (
        <Switch
          size="small"
          checked={w.isActive}
          disabled={!w.abilities.update}
          loading={update.isPending && update.variables?.id === w.id}
          aria-label={t('webhooks.active')}
          onChange={(isActive) => update.mutate({ id: w.id, isActive }, { onError: (e) => void message.error(errorText(e)) })}
        />
      ),
    },
    { key: 'createdAt', title: t('webhooks.createdAt'), render: (_, w) => formatDateTime(w.createdAt) },
    {
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      render: (_, w) => (
        <Space size={4} wrap={false}>
          <Button size="small" onClick={() => setLogOf(w)} data-testid={`webhook-log-${w.id}`}>
            {t('webhooks.log')}
          </Button>
          {w.abilities.test ? (
            <Button
              size="small"
              loading={test.isPending && test.variables === w.id}
              data-testid={`webhook-test-${w.id}`}
              onClick={() =>
                test.mutate(w.id, {
                  onSuccess: (d) =>
                    d.status === 'SUCCEEDED'
                      ? void message.success(t('webhooks.testOk', { code: d.lastStatusCode ?? '' }))
                      : void message.warning(t('webhooks.testFailed', { error: d.lastError ?? d.lastStatusCode ?? '' })),
                  onError: (e) => void message.error(errorText(e)),
                })
              }
            >
              {t('webhooks.testFire')}
            </Button>
          ) : null}
          {w.abilities.update ? (
            <Button
              size="small"
              onClick={() => {
                setEditing(w);
                setFormOpen(true);
              }}
            >
              {t('common:edit')}
            </Button>
          ) : null}
          {w.abilities.rotateSecret ? (
            <Popconfirm
              title={t('webhooks.rotateTitle')}
              description={t('webhooks.rotateText')}
              okText={t('common:confirm')}
              cancelText={t('common:cancel')}
              onConfirm={() => rotate.mutateAsync(w.id).then((r) => setSecret(r.secret), (e: unknown) => void message.error(errorText(e)))}
            >
              <Button size="small">{t('webhooks.rotate')}</Button>
            </Popconfirm>
          ) : null}
          {w.abilities.delete ? (
            <ConfirmButton
              size="small"
              title={t('webhooks.deleteTitle')}
              description={t('webhooks.deleteText')}
              loading={remove.isPending && remove.variables === w.id}
              onConfirm={() => remove.mutateAsync(w.id).then(() => void message.success(t('webhooks.deleted')), (e: unknown) => void message.error(errorText(e)))}
            >
              {t('webhooks.delete')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        extra={
          canCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="webhook-create"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              {t('webhooks.create')}
            </Button>
          ) : null
        }
      />
      <TenantSettingsTabs active="webhook" />
      <Card>
        <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
        {webhooks.query.isError ? (
          <ErrorResult status={500} message={errorText(webhooks.query.error)} />
        ) : (
          <DataTable<Webhook>
            rowKey="id"
            columns={columns}
            dataSource={webhooks.rows}
            loading={webhooks.query.isFetching}
            locale={{ emptyText: t('webhooks.empty') }}
            paging={webhooks.paging}
          />
        )}
      </Card>
      <WebhookFormDialog open={formOpen} webhook={editing} onClose={() => setFormOpen(false)} />
      <DeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <Modal
        open={secret !== null}
        title={t('webhooks.newSecret')}
        onCancel={() => setSecret(null)}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {t('webhooks.done')}
          </Button>
        }
      >
        {secret ? <SecretOnce secret={secret} testId="webhook-rotated-secret" /> : null}
      </Modal>
    </>
  );
}
