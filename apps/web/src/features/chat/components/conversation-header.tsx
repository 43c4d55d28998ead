import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import Grid from 'antd/es/grid';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { Conversation } from '@zc/shared/api/chat';
import { usePermissions } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';
import { readSession } from '../../../lib/session';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { isForbiddenError } from '../../../components/permission-alert';
import { PRESENCE_TTL_MS, useAssign, useChatAssignees, usePresenceBeacon, useSetSpam, useSetStatus, useTypingAnnouncements, type ChatPresence } from '../api/actions';
import { mergePresence, presenceNames, type PresenceMark } from './panel-presence';

function AssignPopover({ tenantId, conversation, me }: { tenantId: string; conversation: Conversation; me: string | null }) {
  const { t } = useTranslation('chat-composer');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const narrow = Grid.useBreakpoint().md === false;
  const { people, teams } = useChatAssignees(tenantId, open);
  const assign = useAssign(tenantId, conversation.id);
  const run = async (body: { assigneeUserId: string | null; teamId: string | null }) => {
    try {
      await assign.mutateAsync(body);
      void message.success(t('assign.done'));
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const personOptions = [
    ...(conversation.assignee && !(people.data ?? []).some((p) => p.id === conversation.assignee?.id) ? [{ value: conversation.assignee.id, label: conversation.assignee.displayName }] : []),
    ...(people.data ?? []).map((p) => ({ value: p.id, label: p.id === me ? t('assign.meName', { name: p.displayName }) : p.displayName })),
  ];
  const teamOptions = [
    ...(conversation.team && !(teams.data ?? []).some((x) => x.id === conversation.team?.id) ? [{ value: conversation.team.id, label: conversation.team.name }] : []),
    ...(teams.data ?? []).map((x) => ({ value: x.id, label: x.name })),
  ];
  const content = (
    <div style={{ width: 'min(280px, calc(100vw - 64px))', display: 'grid', gap: 8 }} data-testid="chat-assign-panel">
      <Typography.Text type="secondary">{t('assign.person')}</Typography.Text>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('assign.unassigned')}
        value={conversation.assignee?.id}
        loading={people.isFetching}
        options={personOptions}
        onChange={(v: string | undefined) => void run({ assigneeUserId: v ?? null, teamId: conversation.team?.id ?? null })}
        notFoundContent={people.isError ? (isForbiddenError(people.error) ? t('assign.peopleUnavailable') : errorText(people.error)) : undefined}
        aria-label={t('assign.person')}
        data-testid="chat-assign-person"
      />
      {me && conversation.assignee?.id !== me ? (
        <Button onClick={() => void run({ assigneeUserId: me, teamId: conversation.team?.id ?? null })} loading={assign.isPending} data-testid="chat-assign-me">
          {t('assign.toMe')}
        </Button>
      ) : null}
      <Typography.Text type="secondary">{t('assign.team')}</Typography.Text>
      {teams.isError ? (
        <Typography.Text type="secondary">{isForbiddenError(teams.error) ? t('assign.teamsUnavailable') : errorText(teams.error)}</Typography.Text>
      ) : (
        <Select
          allowClear
          placeholder={t('assign.noTeam')}
          value={conversation.team?.id}
          loading={teams.isFetching}
          options={teamOptions}
          onChange={(v: string | undefined) => void run({ assigneeUserId: conversation.assignee?.id ?? null, teamId: v ?? null })}
          aria-label={t('assign.team')}
          data-testid="chat-assign-team"
        />
      )}
    </div>
  );
  const label = conversation.assignee ? conversation.assignee.displayName : conversation.team ? conversation.team.name : t('assign.unassigned');
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement={narrow ? 'bottom' : 'bottomRight'} title={t('assign.title')} content={content}>
      <Button size="small" icon={<UserAddOutlined />} data-testid="chat-assign" aria-label={t('assign.title')} style={{ maxWidth: 180 }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Button>
    </Popover>
  );
}

/**
 * The open conversation's header (issue 15 §4): who it is (avatar, name, OA), assignment to a person
 * or team with "Assign to me", spam, close / reopen, the follower panel toggle, and the presence marker
 * (VIEWING on open and every 20 s, TYPING while typing, LEFT on leaving) with the other agents here.
 */
export function ConversationHeader({ tenantId, conversation, onBack, onTogglePanel }: { tenantId: string; conversation: Conversation; onBack?: () => void; onTogglePanel: () => void }) {
  const { t } = useTranslation('chat-composer');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canAct = can('ACTION_ZALO_OA_CHAT');
  const me = readSession('userId');
  const [presence, setPresence] = useState<{ conversationId: string; marks: PresenceMark[] }>({ conversationId: conversation.id, marks: [] });
  const marks = presence.conversationId === conversation.id ? presence.marks : [];
  const setMarks = (update: (old: PresenceMark[]) => PresenceMark[]) =>
    setPresence((p) => ({ conversationId: conversation.id, marks: update(p.conversationId === conversation.id ? p.marks : []) }));
  const [now, setNow] = useState(() => Date.now());
  const spam = useSetSpam(tenantId, conversation.id);
  const status = useSetStatus(tenantId, conversation.id);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, []);

  const fromAnswer = (list: ChatPresence[]) => setMarks((old) => mergePresence(old, list.filter((p) => p.user.id !== me).map((p) => ({ userId: p.user.id, name: p.user.displayName, state: p.state, until: Date.parse(p.until) })), Date.now()));
  const beacon = usePresenceBeacon(tenantId, conversation.id, fromAnswer);
  useTypingAnnouncements(conversation.id, beacon.typing);
  useRealtimeEvent('chat.presence', (event) => {
    const d = event.data;
    if (event.tenantId !== tenantId || d.conversationId !== conversation.id || d.userId === me) return;
    setMarks((old) => mergePresence(old, [{ userId: d.userId, name: old.find((m) => m.userId === d.userId)?.name ?? null, state: d.state, until: Date.now() + PRESENCE_TTL_MS }], Date.now()));
  });

  const others = presenceNames(marks, now);
  const presenceText =
    others.typing.length > 0
      ? t('presence.typing', { names: others.typing.map((n) => n ?? t('presence.someone')).join(', '), count: others.typing.length })
      : others.viewing.length > 0
        ? t('presence.viewing', { names: others.viewing.map((n) => n ?? t('presence.someone')).join(', '), count: others.viewing.length })
        : null;

  const toggleSpam = async () => {
    try {
      await spam.mutateAsync(!conversation.spam);
      void message.success(conversation.spam ? t('spam.unmarked') : t('spam.marked'));
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const toggleStatus = async () => {
    try {
      await status.mutateAsync(conversation.status === 'OPEN' ? 'CLOSED' : 'OPEN');
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <div style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 12px' }} data-testid="chat-header">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        {onBack ? <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('header.back')} title={t('header.back')} data-testid="chat-back" /> : null}
        <Avatar src={conversation.avatar ?? undefined} size={36} icon={conversation.isGroup ? <TeamOutlined /> : undefined}>
          {conversation.isGroup ? null : conversation.displayName.slice(0, 1)}
        </Avatar>
        <div style={{ flex: '1 1 120px', minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {conversation.displayName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
            {conversation.zaloOA.name}
          </Typography.Text>
        </div>
        {conversation.spam ? <Tag color="red">{t('spam.tag')}</Tag> : null}
        {conversation.status === 'CLOSED' ? <Tag>{t('status.closedTag')}</Tag> : null}
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap', marginLeft: 'auto' }}>
          {canAct ? (
            <>
              <AssignPopover tenantId={tenantId} conversation={conversation} me={me} />
              <Popconfirm
                title={conversation.spam ? t('spam.confirmUnmark') : t('spam.confirmMark')}
                okText={t('confirm')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: !conversation.spam, loading: spam.isPending }}
                onConfirm={() => toggleSpam()}
              >
                <Tooltip title={conversation.spam ? t('spam.unmark') : t('spam.mark')}>
                  <Button type="text" danger={!conversation.spam} icon={<StopOutlined />} aria-label={conversation.spam ? t('spam.unmark') : t('spam.mark')} data-testid="chat-spam" />
                </Tooltip>
              </Popconfirm>
              <Tooltip title={conversation.status === 'OPEN' ? t('status.close') : t('status.reopen')}>
                <Button
                  type="text"
                  icon={conversation.status === 'OPEN' ? <CheckCircleOutlined /> : <ReloadOutlined />}
                  onClick={() => void toggleStatus()}
                  loading={status.isPending}
                  aria-label={conversation.status === 'OPEN' ? t('status.close') : t('status.reopen')}
                  data-testid="chat-status"
                />
              </Tooltip>
            </>
          ) : conversation.assignee || conversation.team ? (
            <Tag>{conversation.assignee?.displayName ?? conversation.team?.name}</Tag>
          ) : null}
          <Tooltip title={t('header.panel')}>
            <Button type="text" icon={<ProfileOutlined />} onClick={onTogglePanel} aria-label={t('header.panel')} data-testid="chat-panel-toggle" />
          </Tooltip>
        </div>
      </div>
      {presenceText ? (
        <Typography.Text type="warning" style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12, marginTop: 4 }} data-testid="chat-presence">
          {others.typing.length > 0 ? <EditOutlined /> : <EyeOutlined />}
          {presenceText}
        </Typography.Text>
      ) : null}
    </div>
  );
}
