import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Avatar from 'antd/es/avatar';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { useOa } from '../../features/zalo-oa/api/get-oa';
import { useCurrentOa } from '../../lib/current-oa';
import { CreateOaDialog } from '../../features/zalo-oa/components/create-oa-dialog';
import { EditOaDialog } from '../../features/zalo-oa/components/edit-oa-dialog';
import { OaManagerPanel } from '../../features/oa-manager/components/oa-manager-panel';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/** /tenant/zalo-oa/setting (permission checked by the router; reached from the OA menu group and the OA switcher): OA details, masked credentials, webhook URL, token status, edit. */
export function OaSettingPage() {
  const { t } = useTranslation('zalo-oa');
  const { can } = usePermissions();
  const scope = useScope();
  const errorText = useErrorText();
  const current = useCurrentOa();
  const [picked, setPicked] = useState<string | null>(null);
  const oaId = picked ?? current.current?.id ?? current.oas[0]?.id ?? null;
  const detail = useOa(oaId);
  const [editOpen, setEditOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const oa = detail.data;

  return (
    <>
      <PageHeader
        title={t('oa.settingTitle')}
        extra={
          <Space wrap>
            {current.oas.length > 1 ? (
              <Select
                aria-label={t('oa.switch')}
                style={{ minWidth: 200 }}
                value={oaId ?? undefined}
                options={current.oas.map((o) => ({ value: o.id, label: o.name }))}
                onChange={(v: string) => setPicked(v)}
              />
            ) : null}
            {can('CREATE_ZALO_OA') ? (
              <Button icon={<PlusOutlined />} onClick={() => setCreateOpen(true)}>
                {t('oa.connectAnother')}
              </Button>
            ) : null}
            {oa?.abilities.update ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditOpen(true)} data-testid="oa-edit">
                {t('oa.edit')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <TenantSettingsTabs active="oaSetting" />
      {detail.isError ? (
        <ErrorResult status={500} message={errorText(detail.error)} />
      ) : !oa ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {oa.tokenStatus === 'REFRESH_FAILED' ? (
            <Alert
              type="error"
              showIcon
              title={t('oa.refreshFailed')}
              description={oa.lastRefreshError ?? undefined}
              data-testid="oa-refresh-failed"
              action={
                oa.abilities.reconnect ? (
                  <Button size="small" danger onClick={() => setEditOpen(true)} data-testid="oa-reconnect">
                    {t('oa.reconnect')}
                  </Button>
                ) : undefined
              }
            />
          ) : null}
          <Card data-testid="oa-setting">
            <Space align="center" size={16} style={{ marginBottom: 16 }}>
              <Avatar size={56} src={oa.zaloOAvatar ?? undefined} icon={<WechatOutlined />} style={{ backgroundColor: '#0068ff' }} />
              <div>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {oa.name}
                </Typography.Title>
                <Typography.Text type="secondary">{t('oa.connectedAt', { date: formatDateTime(oa.createdAt) })}</Typography.Text>
              </div>
            </Space>
            <Descriptions
              bordered
              column={{ xs: 1, md: 2 }}
              size="middle"
              items={[
                { key: 'zappId', label: t('oa.fields.zappId'), children: <Typography.Text copyable>{oa.zappId}</Typography.Text> },
                { key: 'zoaId', label: t('oa.fields.zoaId'), children: <Typography.Text copyable>{oa.zoaId}</Typography.Text> },
                {
                  key: 'tokenStatus',
                  label: t('oa.tokenStatus'),
                  children: (
                    <Tag color={oa.tokenStatus === 'ACTIVE' ? 'green' : 'red'} data-testid="oa-token-status">
                      {t(`oa.token.${oa.tokenStatus}`)}
                    </Tag>
                  ),
                },
                { key: 'expires', label: t('oa.tokenExpires'), children: oa.accessTokenExpiresAt ? formatDateTime(oa.accessTokenExpiresAt) : '—' },
                {
                  key: 'webhook',
                  label: t('oa.webhookUrl'),
                  span: 2,
                  children: (
                    <Space direction="vertical" size={2}>
                      <Typography.Text copyable code data-testid="oa-webhook-url">
                        {oa.webhookUrl}
                      </Typography.Text>
                      <Typography.Text type="secondary">{t('oa.webhookHint')}</Typography.Text>
                    </Space>
                  ),
                },
                ...(oa.credentials
                  ? (['zoaSecretKey', 'zoaWebhookSecretKey', 'zoaAccessToken', 'zoaRefreshToken'] as const).map((k) => ({
                      key: k,
                      label: t(`oa.fields.${k}`),
                      children: <Typography.Text code>{oa.credentials?.[k]}</Typography.Text>,
                    }))
                  : [{ key: 'credentials', label: t('oa.credentials'), span: 2, children: <Typography.Text type="secondary">{t('oa.credentialsHidden')}</Typography.Text> }]),
              ]}
            />
          </Card>
          {scope.tenant ? <OaManagerPanel tenantId={scope.tenant.id} zaloOAId={oa.id} /> : null}
        </Space>
      )}
      {oa ? <EditOaDialog oa={oa} open={editOpen} onClose={() => setEditOpen(false)} /> : null}
      {scope.tenant ? <CreateOaDialog open={createOpen} tenantId={scope.tenant.id} onClose={() => setCreateOpen(false)} /> : null}
    </>
  );
}
