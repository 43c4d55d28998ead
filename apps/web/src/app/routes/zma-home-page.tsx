import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import type { MiniApp } from '@zc/shared/api/zma-apps';
import { ConfirmButton } from '../../components/confirm-button';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { formatThousands } from '../../lib/formatters';
import { PAGES, zmaHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { useZmaApps, zmaAppsKey } from '../../lib/zma-scope';
import { useDeleteMiniApp } from '../../features/mini-apps/api/apps';
import { AppFormDialog, RotateSecretDialog } from '../../features/mini-apps/components/app-form-dialog';
import { MiniAppsNav } from '../../features/mini-apps/components/mini-apps-nav';

/**
 * `/tenant/zalo-mini-app` and `/dashboard` (issue 14 #1): the tenant's mini apps as cards (logo,
 * name, Zalo app id, customers), register, edit, rotate the secret, delete, open. The list follows
 * `zma.app_changed`.
 */
export function MiniAppsHomePage() {
  const { t } = useTranslation('mini-apps');
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const apps = useZmaApps(tenantId);
  const remove = useDeleteMiniApp(tenantId);
  const [editing, setEditing] = useState<MiniApp | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [rotating, setRotating] = useState<MiniApp | null>(null);
  const mayRegister = can('UPDATE_ZMA_SETTING');

  useRealtimeEvent('zma.app_changed', () => void queryClient.invalidateQueries({ queryKey: zmaAppsKey(tenantId) }));

  const openForm = (app: MiniApp | null) => {
    setEditing(app);
    setFormOpen(true);
  };

  const list = apps.data ?? [];
  return (
    <>
      <PageHeader
        title={t('home.title')}
        extra={
          mayRegister ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="zma-register">
              {t('home.register')}
            </Button>
          ) : null
        }
      />
      <MiniAppsNav tenantId={tenantId} />
      {apps.isPending ? (
        <Card>
          <Skeleton active avatar />
        </Card>
      ) : apps.isError ? (
        <Result
          status="error"
          title={t('home.loadError')}
          subTitle={errorText(apps.error)}
          extra={<Button onClick={() => void apps.refetch()}>{t('common.retry')}</Button>}
        />
      ) : list.length === 0 ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="zma-empty">{mayRegister ? t('home.empty') : t('home.emptyNoRight')}</span>}>
            {mayRegister ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                {t('home.register')}
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: 16 }} data-testid="zma-app-cards">
          {list.map((app) => (
            <Card
              key={app.id}
              data-testid={`zma-app-card-${app.zaloAppId}`}
              actions={[
                <Link key="open" to={zmaHref(PAGES.zmaApp, app.id, tenantId)} data-testid={`zma-open-${app.zaloAppId}`}>
                  {t('home.open')}
                </Link>,
                ...(app.abilities.update
                  ? [
                      <Button key="edit" type="link" size="small" onClick={() => openForm(app)}>
                        {t('common.edit')}
                      </Button>,
                      <Button key="rotate" type="link" size="small" onClick={() => setRotating(app)}>
                        {t('home.rotate')}
                      </Button>,
                    ]
                  : []),
                ...(app.abilities.delete
                  ? [
                      <ConfirmButton
                        key="delete"
                        type="link"
                        size="small"
                        title={t('home.deleteTitle')}
                        description={t('home.deleteText', { name: app.name })}
                        loading={remove.isPending && remove.variables === app.id}
                        onConfirm={() =>
                          remove.mutateAsync(app.id).then(
                            () => void message.success(t('home.deleted')),
                            (error: unknown) => void message.error(errorText(error)),
                          )
                        }
                      >
                        {t('common.delete')}
                      </ConfirmButton>,
                    ]
                  : []),
              ]}
            >
              <Card.Meta
                avatar={<Avatar shape="square" size={48} src={app.logo ?? undefined} icon={app.logo ? undefined : <AppstoreOutlined />} alt="" />}
                title={
                  <Space wrap size={6} style={{ maxWidth: '100%' }}>
                    <Link to={zmaHref(PAGES.zmaApp, app.id, tenantId)} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                      {app.name}
                    </Link>
                    <Tag color={app.status === 'ACTIVE' ? 'green' : 'default'}>{t(`home.status.${app.status}`)}</Tag>
                  </Space>
                }
                description={
                  <div>
                    <div>
                      {t('home.zaloAppId')}: <Typography.Text copyable>{app.zaloAppId}</Typography.Text>
                    </div>
                    <div>
                      {t('home.customers')}: <strong>{formatThousands(app.customers)}</strong>
                    </div>
                  </div>
                }
              />
            </Card>
          ))}
        </div>
      )}
      <AppFormDialog open={formOpen} app={editing} tenantId={tenantId} onClose={() => setFormOpen(false)} />
      <RotateSecretDialog app={rotating} tenantId={tenantId} onClose={() => setRotating(null)} />
    </>
  );
}
