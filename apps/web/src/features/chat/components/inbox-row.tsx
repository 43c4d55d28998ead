import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Badge from 'antd/es/badge';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { Conversation } from '@zc/shared/api/chat';
import { KindIcon } from './message-kinds';
import { initials, relativeTime } from './inbox-time';

const AVATAR_COLOURS = ['#0d9488', '#1677ff', '#722ed1', '#d4380d', '#389e0d', '#c41d7f', '#d48806'];
/** A stable colour per name for avatars without a picture. */
export function avatarColour(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return AVATAR_COLOURS[Math.abs(h) % AVATAR_COLOURS.length] ?? '#0d9488';
}

/**
 * One conversation of the inbox: avatar (or initials), name, the OA when the list shows every OA,
 * the last message ("You:" before the OA's own), its time, the unread count, the assignee, and the
 * spam and closed marks.
 */
export function InboxRow({ conversation: c, showOa, selected, onSelect, now }: { conversation: Conversation; showOa: boolean; selected: boolean; onSelect: () => void; now?: Date }) {
  const { t } = useTranslation('chat-inbox');
  const last = c.lastMessage;
  const unread = c.unreadCount > 0;
  const prefix = last?.direction === 'OUT' ? t('list.youPrefix') : last?.direction === 'NOTE' ? t('list.notePrefix') : '';
  const preview = last ? last.preview || t(`kindName.${last.kind}`) : t('list.noMessages');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="chat-conversation-row"
      data-id={c.id}
      style={{
        display: 'flex',
        gap: 10,
        width: '100%',
        padding: '10px 12px',
        border: 'none',
        borderBottom: '1px solid #f5f5f5',
        borderLeft: selected ? '3px solid #0d9488' : '3px solid transparent',
        background: selected ? '#e6fffb' : unread ? '#fafafa' : '#fff',
        textAlign: 'left',
        cursor: 'pointer',
        font: 'inherit',
        color: 'inherit',
        minWidth: 0,
      }}
    >
      <Avatar size={40} src={c.avatar ?? undefined} style={{ flex: 'none', background: avatarColour(c.displayName || c.userId) }} icon={c.isGroup ? <TeamOutlined /> : undefined}>
        {c.isGroup ? null : initials(c.displayName)}
      </Avatar>
      <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <span style={{ display: 'flex', gap: 6, alignItems: 'baseline', minWidth: 0 }}>
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: unread ? 700 : 500 }} data-testid="chat-row-name">
            {c.displayName || c.userId}
          </span>
          <time dateTime={c.lastMessageAt ?? undefined} style={{ flex: 'none', fontSize: 12, color: unread ? '#0d9488' : '#8c8c8c' }}>
            {relativeTime(c.lastMessageAt, t, now)}
          </time>
        </span>
        {showOa ? (
          <span data-testid="chat-row-oa" style={{ fontSize: 11, color: '#8c8c8c', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {c.zaloOA.name}
          </span>
        ) : null}
        <span style={{ display: 'flex', gap: 6, alignItems: 'center', minWidth: 0 }}>
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 13, color: unread ? 'rgba(0,0,0,0.88)' : '#8c8c8c', fontWeight: unread ? 600 : 400 }} data-testid="chat-row-preview">
            {prefix ? `${prefix} ` : ''}
            {last ? <KindIcon kind={last.kind} /> : null}
            {preview}
          </span>
          {c.spam ? (
            <Tag color="red" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
              {t('list.spam')}
            </Tag>
          ) : null}
          {c.status === 'CLOSED' ? (
            <Tag style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>{t('list.closed')}</Tag>
          ) : null}
          {c.assignee ? (
            <Tooltip title={t('list.assignedTo', { name: c.assignee.displayName })}>
              <Avatar size={18} src={c.assignee.avatar ?? undefined} style={{ flex: 'none', fontSize: 10, background: avatarColour(c.assignee.displayName) }} data-testid="chat-row-assignee" aria-label={t('list.assignedTo', { name: c.assignee.displayName })}>
                {initials(c.assignee.displayName)}
              </Avatar>
            </Tooltip>
          ) : c.team ? (
            <Tooltip title={t('list.assignedTo', { name: c.team.name })}>
              <TeamOutlined style={{ color: '#8c8c8c' }} aria-label={t('list.assignedTo', { name: c.team.name })} />
            </Tooltip>
          ) : null}
          {unread ? (
            <span data-testid="chat-row-unread" aria-label={t('list.unread', { count: c.unreadCount })} style={{ flex: 'none' }}>
              <Badge count={c.unreadCount} overflowCount={99} style={{ background: '#0d9488' }} />
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
