import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { PAGES, tenantHref } from '../../../lib/paths';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { useMarkAllViewed, useNotifications, useNotificationsLive, type NotificationScope } from '../api/notifications';
import { useOpenNotification } from '../use-open-notification';
import { NotificationItem } from './notification-item';

/** How many of the latest notifications the bell shows. */
export const BELL_ITEMS = 5;

/**
 * The header bell (§2.15): the organisation's unread count, live; a popover with the latest
 * notifications, links to the full lists (organisation, and the current tenant's) and "mark all viewed".
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const scope = useScope();
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const merchantId = scope.merchant?.id ?? null;
  const listScope: NotificationScope | null = merchantId ? { level: 'organisation', merchantId } : null;
  const list = useNotifications(listScope, 1, BELL_ITEMS);
  const markAll = useMarkAllViewed();
  const openNotification = useOpenNotification();
  useNotificationsLive();
  if (!listScope) return null;
  const unread = list.data?.meta.totalNew ?? 0;
  const rows = list.data?.data ?? [];
  const tenantId = scope.tenant?.id;

  const content = (
    <div style={{ width: 'min(360px, calc(100vw - 48px))' }} data-testid="notification-popover">
      {list.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        rows.map((n) => (
          <NotificationItem
            key={n.id}
            n={n}
            compact
            onOpen={(item) => {
              setOpen(false);
              void openNotification(item);
            }}
          />
        ))
      )}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ paddingTop: 8 }}>
        <Flex gap={12} wrap>
          <Link to={PAGES.notifications.path} onClick={() => setOpen(false)} data-testid="notification-all-link">
            {t('seeAll')}
          </Link>
          {tenantId && can('VIEW_TENANT_NOTIFICATION') ? (
            <Link to={tenantHref(PAGES.tenantNotifications, tenantId)} onClick={() => setOpen(false)} data-testid="notification-tenant-link">
              {t('seeTenant')}
            </Link>
          ) : null}
        </Flex>
        <Button size="small" type="link" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate(listScope)} data-testid="notification-mark-all">
          {t('markAll')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover
      trigger="click"
      // Centred under the bell and shifted into the viewport (a phone's bell is not at the screen's edge).
      placement="bottom"
      title={t('title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
      arrow={false}
    >
      <Button type="text" aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')} data-testid="notification-bell" data-unread={unread} style={{ width: 40, height: 40 }}>
        <Badge count={unread} size="small" overflowCount={99} data-testid="notification-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
