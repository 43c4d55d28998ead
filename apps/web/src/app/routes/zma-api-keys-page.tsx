import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Alert from 'antd/es/alert';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ZmaApiKey } from '@zc/shared/api/zma-apps';
import { ConfirmButton } from '../../components/confirm-button';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SecretOnce } from '../../components/secret-once';
import { useErrorText } from '../../lib/error-text';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/formatters';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useZmaApps } from '../../lib/zma-scope';
import { useCreateZmaApiKey, useRevokeZmaApiKey, useZmaApiKeys } from '../../features/mini-apps/api/api-keys';
import { MiniAppsNav } from '../../features/mini-apps/components/mini-apps-nav';

/** `/tenant/zalo-mini-app/api-keys` (issue 14 #1): keys of one mini app for the tenant's own backend. */
export function MiniAppApiKeysPage() {
  const { t } = useTranslation('mini-apps');
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const apps = useZmaApps(tenantId);
  const [chosen, setChosen] = useState<string | null>(null);
  const appId = chosen ?? apps.data?.[0]?.id ?? null;
  return (
    <>
      <PageHeader title={t('apiKeys.title')} />
      <MiniAppsNav tenantId={tenantId} />
      <Card>
        <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
        {apps.isSuccess && apps.data.length === 0 ? (
          <Alert type="info" showIcon title={t('apiKeys.noApp')} />
        ) : (
          <>
            <Select
              aria-label={t('apiKeys.chooseApp')}
              placeholder={t('apiKeys.chooseApp')}
              loading={apps.isPending}
              value={appId ?? undefined}
              onChange={(v: string) => setChosen(v)}
              options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              style={{ width: 'min(320px, 100%)', marginBottom: 16 }}
              data-testid="zma-api-keys-app"
            />
            {appId ? <KeysOfApp key={appId} tenantId={tenantId} appId={appId} /> : null}
          </>
        )}
      </Card>
    </>
  );
}

function KeysOfApp({ tenantId, appId }: { tenantId: string; appId: string }) {
  const { t } = useTranslation('mini-apps');
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const keys = useZmaApiKeys(tenantId, appId);
  const create = useCreateZmaApiKey(tenantId, appId);
  const revoke = useRevokeZmaApiKey(tenantId, appId);
  const [form] = Form.useForm<{ name: string }>();
  const [createOpen, setCreateOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const columns: TableProps<ZmaApiKey>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('apiKeys.name'), render: (v: string) => <strong>{v}</strong> },
    { key: 'key', title: t('apiKeys.key'), render: (_, k) => <Typography.Text code>{`${k.keyPrefix}…`}</Typography.Text> },
    { key: 'status', title: t('apiKeys.status'), render: (_, k) => (k.revokedAt ? <Tag>{t('apiKeys.revoked')}</Tag> : <Tag color="green">{t('apiKeys.active')}</Tag>) },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('apiKeys.createdAt'), render: (v: string) => formatDateTime(v) },
    { key: 'lastUsedAt', dataIndex: 'lastUsedAt', title: t('apiKeys.lastUsedAt'), render: (v: string | null) => (v ? formatDateTime(v) : t('common.never')) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, k) =>
        k.abilities.revoke ? (
          <ConfirmButton
            size="small"
            title={t('apiKeys.revokeTitle')}
            description={t('apiKeys.revokeText', { name: k.name })}
            loading={revoke.isPending && revoke.variables === k.id}
            onConfirm={() =>
              revoke.mutateAsync(k.id).then(
                () => void message.success(t('apiKeys.revokedDone')),
                (error: unknown) => void message.error(errorText(error)),
              )
            }
            data-testid={`zma-api-key-revoke-${k.id}`}
          >
            {t('apiKeys.revoke')}
          </ConfirmButton>
        ) : null,
    },
  ];

  return (
    <>
      {can('UPDATE_ZMA_SETTING') ? (
        <Space style={{ marginBottom: 12, marginInlineStart: 12 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setCreateOpen(true);
            }}
            data-testid="zma-api-key-create"
          >
            {t('apiKeys.create')}
          </Button>
        </Space>
      ) : null}
      {keys.isError ? <Alert type="error" showIcon title={errorText(keys.error)} style={{ marginBottom: 12 }} /> : null}
      <DataTable<ZmaApiKey> rowKey="id" columns={columns} dataSource={keys.data ?? []} loading={keys.isFetching} locale={{ emptyText: t('apiKeys.empty') }} data-testid="zma-api-keys-table" />
      <Modal
        open={createOpen}
        title={t('apiKeys.createTitle')}
        onCancel={() => setCreateOpen(false)}
        onOk={() => form.submit()}
        okText={t('common.create')}
        cancelText={t('common.cancel')}
        confirmLoading={create.isPending}
        destroyOnHidden
        width="min(480px, calc(100vw - 24px))"
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) =>
            create.mutate(v.name, {
              onSuccess: (created) => {
                setCreateOpen(false);
                setSecret(created.secret);
              },
              onError: (error) => {
                if (!applyFieldErrors(form, error, ['name'])) void message.error(errorText(error));
              },
            })
          }
        >
          <Form.Item name="name" label={t('apiKeys.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
            <Input maxLength={100} autoFocus data-testid="zma-api-key-name" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={secret !== null}
        title={t('apiKeys.secretTitle')}
        onCancel={() => setSecret(null)}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {t('apiKeys.done')}
          </Button>
        }
        width="min(520px, calc(100vw - 24px))"
      >
        {secret ? <SecretOnce secret={secret} testId="zma-api-key-secret" /> : null}
      </Modal>
    </>
  );
}
