import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { NOTIFICATION_PAGE_SIZE } from '@zc/shared/api/notifications';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useMarkAllViewed, useNotifications, useNotificationsLive, type NotificationScope } from '../../features/notifications/api/notifications';
import { NotificationItem } from '../../features/notifications/components/notification-item';
import { useOpenNotification } from '../../features/notifications/use-open-notification';
import { usePermissions, useScope } from '../../lib/scope-context';

/** /systemmessage (§2.15): the caller's notifications of the organisation, 20 per page. */
export function NotificationsPage() {
  const scope = useScope();
  const merchantId = scope.merchant?.id;
  return merchantId ? <NotificationsView scope={{ level: 'organisation', merchantId }} /> : null;
}

/** /tenant/systemmessage (§2.15): the caller's notifications of the current tenant (VIEW_TENANT_NOTIFICATION). */
export function TenantNotificationsPage() {
  const scope = useScope();
  const { can } = usePermissions();
  if (!can('VIEW_TENANT_NOTIFICATION')) return <ErrorResult status={403} />;
  const tenantId = scope.tenant?.id;
  return tenantId ? <NotificationsView key={tenantId} scope={{ level: 'tenant', tenantId }} /> : null;
}

function NotificationsView({ scope }: { scope: NotificationScope }) {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useNotifications(scope, page, NOTIFICATION_PAGE_SIZE);
  const markAll = useMarkAllViewed();
  const open = useOpenNotification();
  useNotificationsLive();
  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  if (list.isError) return <ErrorResult status={500} />;
  return (
    <>
      <PageHeader
        title={scope.level === 'organisation' ? t('title') : t('tenantTitle')}
        extra={
          <Button onClick={() => markAll.mutate(scope)} disabled={!meta || meta.totalNew === 0} loading={markAll.isPending} data-testid="notifications-mark-all">
            {t('markAll')}
          </Button>
        }
      />
      <Card>
        <Typography.Text type="secondary" data-testid="notifications-summary">
          {t('summary', { total: meta?.total ?? 0, unread: meta?.totalNew ?? 0 })}
        </Typography.Text>
        {list.isPending ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : rows.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <div data-testid="notifications-list" style={{ marginTop: 8 }}>
            {rows.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={(item) => void open(item)} />
            ))}
          </div>
        )}
        {meta && meta.total > NOTIFICATION_PAGE_SIZE ? (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination current={page} pageSize={NOTIFICATION_PAGE_SIZE} total={meta.total} showSizeChanger={false} onChange={setPage} size="small" />
          </Flex>
        ) : null}
      </Card>
    </>
  );
}
