import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Timeline from 'antd/es/timeline';
import Avatar from 'antd/es/avatar';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import Empty from 'antd/es/empty';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { formatDateTime } from '../../../lib/formatters';
import type { TaskApprover } from '../api/types';
import { TIMELINE_COLOURS, TIMELINE_TEXT_COLOURS, timelineLabels } from './approver-timeline-model';

/** The approver's name: profile full name, else display name, else a shortened id. */
export function approverName(entry: TaskApprover): string {
  return entry.user?.userProfile.fullName || entry.user?.displayName || entry.user?.email || entry.userId.slice(0, 8);
}

/**
 * §2.14 workflow timeline card ("workflow settings"): the approvers in order with avatar, name,
 * decision time and the §4 label; the comment shows on hover.
 */
export function ApproverTimeline({ entries }: { entries: TaskApprover[] }) {
  const { t } = useTranslation('tasks');
  const labels = timelineLabels(entries);
  return (
    <Card title={t('detail.workflowTitle')} size="small" data-testid="task-timeline">
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noApprovers')} />
      ) : (
        <Timeline
          items={entries.map((entry, index) => {
            const label = labels[index] ?? null;
            const colour = label ? TIMELINE_COLOURS[label] : 'gray';
            const row = (
              <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', minWidth: 0 }}>
                <Avatar size="small" src={entry.user?.userProfile.avatar ?? undefined} icon={<UserOutlined />} />
                <div style={{ minWidth: 0 }}>
                  <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{approverName(entry)}</div>
                  {label ? (
                    <Typography.Text style={{ color: TIMELINE_TEXT_COLOURS[label], fontWeight: 500 }} type={label === 'pending' ? 'secondary' : undefined} data-testid={`timeline-label-${index}`} data-label={label}>
                      {t(`timeline.${label}`)}
                    </Typography.Text>
                  ) : (
                    <span data-testid={`timeline-label-${index}`} data-label="" />
                  )}
                  {entry.updatedAt && entry.status !== 'PENDING' ? (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {formatDateTime(entry.updatedAt)}
                      </Typography.Text>
                    </div>
                  ) : null}
                </div>
              </div>
            );
            return {
              key: entry.userId,
              color: colour,
              children: entry.comment ? (
                <Tooltip title={t('detail.commentTooltip', { comment: entry.comment })}>
                  <div tabIndex={0} data-testid={`timeline-comment-${index}`}>
                    {row}
                  </div>
                </Tooltip>
              ) : (
                row
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
