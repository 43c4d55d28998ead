import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Skeleton from 'antd/es/skeleton';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import App from 'antd/es/app';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { Conversation } from '@zc/shared/api/chat';
import type { Follower } from '@zc/shared/api/followers';
import { usePermissions } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { isForbiddenError } from '../../../components/permission-alert';
import { useCallConsent, useChatFollower, useRequestCall, useTimeline } from '../api/actions';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { LabelDialog } from './panel-labels';

const CONSENT_COLOUR: Record<string, string> = { accepted: 'green', pending: 'gold', rejected: 'red', expired: 'default', none: 'default' };
const SOURCE_COLOUR: Record<string, string> = { ZNS: 'blue', OA: 'cyan', BROADCAST: 'purple' };
const SHARED_KEYS = ['name', 'phone', 'address', 'district', 'city', 'user_dob'] as const;

function Section({ title, children, extra, testId }: { title: string; children: ReactNode; extra?: ReactNode; testId?: string }) {
  return (
    <section style={{ padding: '12px 16px', borderTop: '1px solid #f0f0f0' }} data-testid={testId}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {title}
        </Typography.Text>
        {extra}
      </div>
      {children}
    </section>
  );
}

function Unavailable({ error }: { error: unknown }) {
  const { t } = useTranslation('chat-composer');
  const errorText = useErrorText();
  return <Typography.Text type={isForbiddenError(error) ? 'secondary' : 'danger'}>{isForbiddenError(error) ? t('panel.unavailable') : errorText(error)}</Typography.Text>;
}

function Timeline({ tenantId, conversation }: { tenantId: string; conversation: Conversation }) {
  const { t } = useTranslation('chat-composer');
  const timeline = useTimeline(tenantId, conversation.id, true);
  return (
    <Section title={t('panel.timeline')} testId="chat-panel-timeline">
      {timeline.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : timeline.isError ? (
        <Unavailable error={timeline.error} />
      ) : timeline.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.timelineEmpty')} />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {timeline.data.map((item) => (
            <li key={`${item.source}-${item.id}`} style={{ borderLeft: '2px solid #f0f0f0', paddingLeft: 8 }}>
              <div style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                <Tag color={SOURCE_COLOUR[item.source]} style={{ marginInlineEnd: 0 }}>
                  {t(`panel.source.${item.source}`)}
                </Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(item.at)}
                </Typography.Text>
              </div>
              <Typography.Text style={{ display: 'block', wordBreak: 'break-word' }}>
                {item.source === 'OA' ? t(`panel.oaType.${item.title}`, { defaultValue: item.title }) : item.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`panel.status.${item.status}`, { defaultValue: item.status })}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function FollowerFacts({ tenantId, follower }: { tenantId: string; follower: Follower }) {
  const { t } = useTranslation(['chat-composer', 'followers']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canUpdate = can('UPDATE_ZALO_OA_USER');
  const [tagsOpen, setTagsOpen] = useState(false);
  const call = useCallConsent(tenantId, follower.id, true);
  const startCall = useRequestCall(tenantId);
  const shared = follower.sharedInfo ?? {};
  const sharedRows = SHARED_KEYS.filter((k) => shared[k]);
  const consent = call.data?.status ?? follower.callConsent ?? 'none';
  const phone = shared.phone;

  const onCall = async () => {
    try {
      const r = await startCall.mutateAsync({ id: follower.id, callType: 'audio' });
      void call.refetch();
      void message.success(t(r.action === 'call' ? 'followers:call.started' : 'followers:call.requested'));
      if (r.action === 'call' && r.callLink) window.open(r.callLink, '_blank', 'noopener');
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <>
      <Section title={t('panel.sharedInfo')} testId="chat-panel-shared">
        {sharedRows.length === 0 ? (
          <Typography.Text type="secondary">{t('panel.noSharedInfo')}</Typography.Text>
        ) : (
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}>
            {sharedRows.map((k) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt style={{ color: 'rgba(0,0,0,.45)' }}>{t(`panel.shared.${k}`)}</dt>
                <dd style={{ margin: 0, wordBreak: 'break-word' }}>{shared[k]}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
      <Section
        title={t('panel.labels')}
        testId="chat-panel-labels"
        extra={canUpdate ? <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setTagsOpen(true)} aria-label={t('panel.editLabels')} title={t('panel.editLabels')} data-testid="chat-panel-labels-edit" /> : null}
      >
        {follower.tagsAndNotesInfo.tagNames.length === 0 ? (
          <Typography.Text type="secondary">{t('panel.noLabels')}</Typography.Text>
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {follower.tagsAndNotesInfo.tagNames.map((x) => (
              <Tag key={x} style={{ marginInlineEnd: 0 }}>
                {x}
              </Tag>
            ))}
          </div>
        )}
      </Section>
      <Section title={t('followers:call.title')} testId="chat-panel-call">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Tag color={CONSENT_COLOUR[consent] ?? 'default'} data-testid="chat-panel-consent">
            {t(`followers:call.status.${consent}`, { defaultValue: consent })}
          </Tag>
          {call.data?.expiresAt ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('followers:call.until', { date: formatDateTime(call.data.expiresAt) })}</Typography.Text> : null}
        </div>
        {call.isError && !isForbiddenError(call.error) ? <Typography.Text type="danger" style={{ display: 'block' }}>{errorText(call.error)}</Typography.Text> : null}
        {canUpdate ? (
          <Button style={{ marginTop: 8 }} icon={<PhoneOutlined />} onClick={() => void onCall()} loading={startCall.isPending} disabled={!phone} data-testid="chat-panel-call-button">
            {call.data?.consent ? t('followers:call.start') : t('followers:call.request')}
          </Button>
        ) : null}
        {!phone ? <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>{t('followers:call.noPhone')}</Typography.Paragraph> : null}
      </Section>
      {canUpdate ? <LabelDialog tenantId={tenantId} follower={follower} open={tagsOpen} onClose={() => setTagsOpen(false)} /> : null}
    </>
  );
}

/**
 * The follower panel beside the conversation (issue 15 §5): profile, shared info, labels (the
 * followers feature's label dialog and rules), call consent with the request-call button (its call
 * API), and what the follower received besides the chat (ZNS, OA messages, broadcasts). A part the
 * caller may not read shows as unavailable; a conversation without a synced follower says so.
 */
export function FollowerPanel({ tenantId, conversation }: { tenantId: string; conversation: Conversation }) {
  const { t } = useTranslation(['chat-composer', 'followers']);
  const { can } = usePermissions();
  const canReadFollowers = can('VIEW_ZALO_OA_USER');
  const follower = useChatFollower(tenantId, canReadFollowers ? conversation.followerId : null);
  const qc = useQueryClient();
  // A follower changed (webhook, label, edit on the followers page): refetch the panel's copy.
  useRealtimeEvent('oa_follower.changed', (event) => {
    if (event.tenantId === tenantId) void qc.invalidateQueries({ queryKey: ['chat', 'follower', tenantId] });
  });
  const f = follower.data;
  const phone = f?.sharedInfo?.phone ?? conversation.phone;

  return (
    <div data-testid="chat-follower-panel" style={{ minWidth: 0 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 16 }}>
        <Avatar size={56} src={(f?.avatar ?? conversation.avatar) || undefined} icon={conversation.isGroup ? <TeamOutlined /> : undefined}>
          {conversation.isGroup ? null : conversation.displayName.slice(0, 1)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {f?.displayName ?? conversation.displayName}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ display: 'block' }} ellipsis>
            {conversation.zaloOA.name}
          </Typography.Text>
          {phone ? (
            <Typography.Text copyable style={{ fontSize: 12 }}>
              {phone}
            </Typography.Text>
          ) : null}
          {f ? <Tag style={{ marginTop: 4 }}>{f.userIsFollower ? t('followers:status.following') : t('followers:status.notFollowing')}</Tag> : null}
        </div>
      </div>
      {conversation.isGroup ? (
        <div style={{ padding: '0 16px 12px' }}>
          <Alert type="info" showIcon title={t('panel.group')} description={t('panel.groupText')} data-testid="chat-panel-group" />
        </div>
      ) : conversation.followerId === null ? (
        <div style={{ padding: '0 16px 12px' }}>
          <Alert type="info" showIcon title={t('panel.noFollower')} description={t('panel.noFollowerText')} data-testid="chat-panel-no-follower" />
        </div>
      ) : !canReadFollowers ? (
        <div style={{ padding: '0 16px 12px' }}>
          <Alert type="info" showIcon title={t('panel.followerUnavailable')} />
        </div>
      ) : follower.isPending ? (
        <div style={{ padding: '0 16px 12px' }}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      ) : follower.isError ? (
        <div style={{ padding: '0 16px 12px' }}>
          <Unavailable error={follower.error} />
        </div>
      ) : (
        <FollowerFacts tenantId={tenantId} follower={follower.data} />
      )}
      {conversation.isGroup ? null : <Timeline tenantId={tenantId} conversation={conversation} />}
    </div>
  );
}
