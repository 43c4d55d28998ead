import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { broadcastDisplay, type Broadcast } from '@zc/shared/api/broadcasts';

const COLOURS = { approved: 'green', declined: 'red', pending: 'gold', hidden: 'default', shown: 'blue' } as const;

/** §4 status display mapping as a tag; while pending review, the next approver's avatar beside it. */
export function BroadcastStatusTag({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const display = broadcastDisplay(broadcast.status);
  const next = broadcast.userNextApproval;
  return (
    <Space size={6}>
      <Tag color={COLOURS[display]} data-testid={`broadcast-status-${broadcast.id}`}>
        {t(`status.${broadcast.status}`)}
      </Tag>
      {next ? (
        <Tooltip title={t('nextApprover', { name: next.displayName })}>
          <Avatar size={22} src={next.userProfile.avatar ?? undefined}>
            {next.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** Where the broadcast stands with Zalo (per OA): waiting, held with its reason, sent, failed with Zalo's explanation. */
export function SendStateTag({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const s = broadcast.send;
  if (!s.state) return null;
  const colour = s.state === 'SENT' ? 'green' : s.state === 'FAILED' ? 'red' : s.state === 'HELD' ? 'orange' : 'default';
  return (
    <Tag color={colour} data-testid={`broadcast-send-${broadcast.id}`}>
      {t(`send.${s.state}`)}
    </Tag>
  );
}
