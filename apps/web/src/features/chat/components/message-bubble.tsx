import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import Avatar from 'antd/es/avatar';
import type { MenuProps } from 'antd/es/menu';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import type { ChatMessage, ChatReaction } from '@zc/shared/api/chat';
import { CHAT_REACTIONS } from '@zc/shared/api/chat';
import { MessageContent } from './message-kinds';

/** The emoji each reaction code stands for (§3 emoji codes; `/-remove` takes a reaction back). */
export const REACTION_EMOJI: Record<ChatReaction, string> = {
  '/-heart': '❤️',
  '/-strong': '👍',
  ':>': '😆',
  ':o': '😮',
  ':-((': '😢',
  ':-h': '😡',
  '--b': '😅',
  '/-remove': '✖',
};
/** The i18n key of each reaction (the codes hold ':' and '.', which i18next reads as separators). */
export const REACTION_NAME: Record<ChatReaction, string> = {
  '/-heart': 'heart',
  '/-strong': 'like',
  ':>': 'haha',
  ':o': 'wow',
  ':-((': 'sad',
  ':-h': 'angry',
  '--b': 'sweat',
  '/-remove': 'remove',
};
function groupMemberName(payload: Record<string, unknown> | null): string | undefined {
  const s = payload?.groupSender;
  if (typeof s !== 'object' || s === null) return undefined;
  const { name, id } = s as { name?: unknown; id?: unknown };
  return typeof name === 'string' && name ? name : typeof id === 'string' && id ? id : undefined;
}
const emojiOf = (icon: string) => (icon in REACTION_EMOJI ? REACTION_EMOJI[icon as ChatReaction] : icon);

export interface MessageBubbleProps {
  message: ChatMessage;
  /** Zalo's explanation language: 'vi' shows error.messageVi when there is one. */
  language: string;
  canAct: boolean;
  onQuote: (m: ChatMessage) => void;
  onReact: (m: ChatMessage, icon: ChatReaction) => void;
  onRetry: (m: ChatMessage) => void;
  onDeleteNote: (m: ChatMessage) => void;
  retrying?: boolean;
}

const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** An OUT message's state under the bubble: sending, sent, received, seen, or failed with Zalo's reason and a retry. */
export function MessageStatus({ message, language, canRetry, onRetry, retrying }: { message: ChatMessage; language: string; canRetry: boolean; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('chat-inbox');
  const s = message.status;
  if (!s) return null;
  if (s === 'FAILED') {
    const reason = (language.startsWith('vi') ? message.error?.messageVi : null) || message.error?.message || t('status.failedUnknown');
    return (
      <div data-testid="chat-status-failed" role="alert" style={{ color: '#cf1322', fontSize: 12, display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', justifyContent: 'flex-end' }}>
        <span style={{ overflowWrap: 'anywhere' }}>
          <ExclamationCircleOutlined /> {t('status.FAILED')}
          {': '}
          {reason}
          {message.error?.code !== null && message.error?.code !== undefined ? ` (${message.error.code})` : ''}
        </span>
        {canRetry ? (
          <Button size="small" danger onClick={onRetry} loading={retrying} data-testid="chat-retry">
            {t('status.retry')}
          </Button>
        ) : null}
      </div>
    );
  }
  const icon = s === 'SENDING' ? <LoadingOutlined /> : s === 'SEEN' ? <EyeOutlined /> : s === 'RECEIVED' ? <><CheckOutlined /><CheckOutlined style={{ marginLeft: -6 }} /></> : <CheckOutlined />;
  return (
    <div data-testid={`chat-status-${s.toLowerCase()}`} style={{ fontSize: 12, color: s === 'SEEN' ? '#0958d9' : '#8c8c8c', textAlign: 'right' }}>
      {icon} {t(`status.${s}`)}
    </div>
  );
}

/**
 * One message: IN on the left, OUT on the right, NOTE as a yellow internal note; the quoted text
 * above a quote-reply, the state of an OUT message, reactions, and a menu (reply, react, delete a
 * note) opened by the ⋯ button (keyboard), a right click or a long press.
 */
export function MessageBubble({ message: m, language, canAct, onQuote, onReact, onRetry, onDeleteNote, retrying }: MessageBubbleProps) {
  const { t } = useTranslation('chat-inbox');
  const [hover, setHover] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const out = m.direction === 'OUT';
  const note = m.direction === 'NOTE';
  const canQuote = canAct && !note && Boolean(m.zaloMsgId);
  const canReact = canAct && !note && Boolean(m.zaloMsgId);
  const canDelete = canAct && note;

  const items: MenuProps['items'] = [
    ...(canQuote ? [{ key: 'reply', label: t('menu.reply') }] : []),
    ...(canReact
      ? [
          {
            key: 'react',
            label: t('menu.react'),
            children: CHAT_REACTIONS.map((icon) => ({
              key: `react:${icon}`,
              label: (
                <span>
                  <span aria-hidden style={{ marginRight: 8 }}>
                    {REACTION_EMOJI[icon]}
                  </span>
                  {t(`reaction.${REACTION_NAME[icon]}`)}
                </span>
              ),
            })),
          },
        ]
      : []),
    ...(canDelete ? [{ key: 'delete', label: t('menu.deleteNote'), danger: true }] : []),
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    setMenuOpen(false);
    if (key === 'reply') onQuote(m);
    else if (key === 'delete') onDeleteNote(m);
    else if (key.startsWith('react:')) onReact(m, key.slice('react:'.length) as ChatReaction);
  };

  const bubble: CSSProperties = {
    maxWidth: 'min(520px, 100%)',
    minWidth: 0,
    padding: '8px 12px',
    borderRadius: 12,
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
    background: note ? '#fffbe6' : out ? '#e6f4ff' : '#f5f5f5',
    border: note ? '1px dashed #faad14' : '1px solid transparent',
    borderBottomRightRadius: out || note ? 4 : 12,
    borderBottomLeftRadius: out || note ? 12 : 4,
  };
  const reactions = m.reactions.filter((r) => r.icon !== '/-remove');
  // A group member's message names its member (payload.groupSender: name, else their Zalo id).
  const member = m.direction === 'IN' ? groupMemberName(m.payload) : undefined;
  const author = out || note ? m.author?.displayName : undefined;

  return (
    <div
      data-testid="chat-message"
      data-direction={m.direction}
      data-kind={m.kind}
      style={{ display: 'flex', flexDirection: 'column', alignItems: out || note ? 'flex-end' : 'flex-start', margin: '4px 0', minWidth: 0 }}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
    >
      {note ? (
        <div style={{ fontSize: 11, color: '#ad6800', marginBottom: 2 }}>
          <LockOutlined /> {t('note.label')}
        </div>
      ) : null}
      {member ? (
        <div data-testid="chat-group-member" style={{ fontSize: 11, color: '#595959', marginBottom: 2, overflowWrap: 'anywhere' }}>
          {member}
        </div>
      ) : null}
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, flexDirection: out || note ? 'row-reverse' : 'row', maxWidth: '100%', minWidth: 0 }}>
        <Dropdown
          menu={{ items, onClick: onMenu }}
          trigger={['contextMenu']}
          disabled={items.length === 0}
          open={menuOpen}
          onOpenChange={setMenuOpen}
        >
          <div style={bubble} data-testid={`chat-bubble-${m.direction.toLowerCase()}`}>
            {m.quote ? (
              <div data-testid="chat-quote" style={{ borderLeft: '3px solid #0d9488', paddingLeft: 8, color: '#595959', fontSize: 12, marginBottom: 6, maxHeight: 60, overflow: 'hidden' }}>
                {m.quote.text ?? t('quote.unavailable')}
              </div>
            ) : null}
            <MessageContent message={m} />
          </div>
        </Dropdown>
        {items.length > 0 ? (
          <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('menu.open')}
              style={{ opacity: hover ? 1 : 0, transition: 'opacity .15s', flex: 'none' }}
              onFocus={() => setHover(true)}
              data-testid="chat-message-menu"
            />
          </Dropdown>
        ) : null}
      </div>
      {reactions.length ? (
        <div data-testid="chat-reactions" style={{ display: 'flex', gap: 2, marginTop: -4, flexWrap: 'wrap' }}>
          {reactions.map((r, i) => (
            <Tooltip key={i} title={t(r.by === 'OA' ? 'reactionBy.OA' : 'reactionBy.USER')}>
              <span style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 10, padding: '0 5px', fontSize: 13 }}>{emojiOf(r.icon)}</span>
            </Tooltip>
          ))}
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 11, color: '#8c8c8c', marginTop: 2, flexWrap: 'wrap', justifyContent: out || note ? 'flex-end' : 'flex-start' }}>
        {author ? (
          <span>
            <Avatar size={14} src={m.author?.avatar ?? undefined}>
              {author.slice(0, 1).toUpperCase()}
            </Avatar>{' '}
            {author}
          </span>
        ) : null}
        <time dateTime={m.sentAt}>{hhmm(m.sentAt)}</time>
      </div>
      {out ? <MessageStatus message={m} language={language} canRetry={canAct} onRetry={() => onRetry(m)} retrying={retrying} /> : null}
    </div>
  );
}
