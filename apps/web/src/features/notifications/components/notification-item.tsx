import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import BellOutlined from '@ant-design/icons/BellOutlined';
import type { Notification } from '@zc/shared/api/notifications';
import { formatDateTime } from '../../../lib/formatters';
import { notificationText } from '../notification-text';

/** One notification: unread dot, avatar, the sentence of its kind, its detail, tenant and time. A button: the click follows §4. */
export function NotificationItem({ n, onOpen, compact = false }: { n: Notification; onOpen: (n: Notification) => void; compact?: boolean }) {
  const { t } = useTranslation('notifications');
  const { title, detail } = notificationText(t, n);
  const isNew = n.status === 'new';
  return (
    <button
      type="button"
      className="zc-notification-item"
      data-testid="notification-item"
      data-status={n.status}
      onClick={() => onOpen(n)}
      aria-label={isNew ? `${t('unread')}: ${title}` : title}
      style={{
        display: 'flex',
        gap: 12,
        width: '100%',
        textAlign: 'start',
        padding: compact ? '8px 4px' : '12px 8px',
        border: 0,
        borderBottom: '1px solid #f0f0f0',
        background: isNew ? '#f0fdfa' : 'transparent',
        cursor: 'pointer',
        font: 'inherit',
        minWidth: 0,
      }}
    >
      <Badge dot={isNew} offset={[-2, 2]}>
        <Avatar src={n.avatar ?? undefined} icon={<BellOutlined />} style={{ backgroundColor: '#0d9488', flex: 'none' }} />
      </Badge>
      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}>
        <Typography.Text strong={isNew} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography.Text>
        {detail ? (
          <Typography.Text type="secondary" ellipsis={compact ? { tooltip: detail } : false} style={{ overflowWrap: 'anywhere', fontSize: 13 }}>
            {detail}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[n.tenant?.name ?? t('organisation'), formatDateTime(n.createdAt)].join(' · ')}
        </Typography.Text>
      </span>
    </button>
  );
}
