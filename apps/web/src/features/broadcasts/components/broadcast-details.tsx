import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { Broadcast } from '@zc/shared/api/broadcasts';
import type { ComponentType } from 'react';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';
import { useBroadcast, useBroadcastCities, useDecideBroadcast } from '../api/broadcasts';
import { audienceText } from './audience';
import { BroadcastStatusTag, SendStateTag } from './broadcast-status';

type TaskDecision = 'APPROVAL' | 'DISAPPROVAL';
/** The approve/reject modal of My tasks (§5), handed in by the page: a feature never imports another. */
export type DecisionModalComponent = ComponentType<{ decision: TaskDecision | null; pending: boolean; onSubmit: (comment: string) => void; onCancel: () => void }>;

/** Left: the attached contents (the first large with its cover, the rest as a list). */
function Attachments({ b }: { b: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const [first, ...rest] = b.attachment;
  if (!first) return <Typography.Text type="secondary">{t('details.noContent')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {first.cover ? <Image src={first.cover} alt={first.title} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8 }} preview={false} /> : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {first.title}
      </Typography.Title>
      {first.description ? <Typography.Paragraph type="secondary">{first.description}</Typography.Paragraph> : null}
      {rest.length > 0 ? (
        <List
          size="small"
          dataSource={rest}
          renderItem={(a) => (
            <List.Item key={a.id}>
              <List.Item.Meta avatar={<Avatar shape="square" size={40} src={a.cover ?? undefined}>{a.title.slice(0, 1)}</Avatar>} title={a.title} />
            </List.Item>
          )}
        />
      ) : null}
    </Space>
  );
}

/** Right: sender info, schedule, status, team, OA, and the per-OA outcome with Zalo. */
function SenderInfo({ b, tenantId }: { b: Broadcast; tenantId: string }) {
  const { t, i18n } = useTranslation('broadcasts');
  const cities = useBroadcastCities(tenantId);
  const a = audienceText(b, t, cities.data);
  const s = b.send;
  const lang = i18n.language.startsWith('en') ? 'en' : 'vi';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fields.name')}>{b.nameBroadcast}</Descriptions.Item>
        <Descriptions.Item label={t('audience.ages')}>{a.ages}</Descriptions.Item>
        <Descriptions.Item label={t('audience.genderLabel')}>{a.gender}</Descriptions.Item>
        <Descriptions.Item label={t('audience.location')}>{a.location}</Descriptions.Item>
        <Descriptions.Item label={t('fields.scheduleTime')}>{formatDateTime(b.scheduleTime)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(b.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <Space wrap>
            <BroadcastStatusTag broadcast={b} />
            <SendStateTag broadcast={b} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.team')}>{b.team?.name ?? t('details.noTeam')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.oa')}>
          {b.zaloOA.map((oa) => (
            <Space key={oa.id}>
              <Avatar size={22} src={oa.zaloOAvatar ?? undefined}>
                {oa.name.slice(0, 1)}
              </Avatar>
              {oa.name}
            </Space>
          ))}
        </Descriptions.Item>
        {s.zaloMessageId ? <Descriptions.Item label={t('details.messageId')}>{s.zaloMessageId}</Descriptions.Item> : null}
      </Descriptions>
      {s.state === 'HELD' && s.holdReason ? (
        <Alert type="warning" showIcon data-testid="broadcast-held" message={t(`hold.${s.holdReason}`, { at: formatDateTime(s.nextAttemptAt) })} description={s.error ? s.error[lang] : undefined} />
      ) : null}
      {s.state === 'WAITING' ? <Alert type="info" showIcon message={t('details.waiting', { at: formatDateTime(s.nextAttemptAt) })} /> : null}
      {s.state === 'SENT' ? <Alert type="success" showIcon data-testid="broadcast-sent" message={t('details.sent', { at: formatDateTime(s.sentAt), expected: formatDateTime(s.expectedDeliveryAt) })} /> : null}
      {s.state === 'FAILED' ? <Alert type="error" showIcon message={t('details.failed')} description={s.error ? `${s.error[lang]}${s.error.zaloMessage ? ` (${s.error.code ?? ''} ${s.error.zaloMessage})` : ''}` : undefined} /> : null}
    </Space>
  );
}

/** The approve/reject controls for the next approver (the task area), with the tasks' decision modal. */
function DecideControls({ b, tenantId, DecisionModal }: { b: Broadcast; tenantId: string; DecisionModal: DecisionModalComponent }) {
  const { t } = useTranslation('broadcasts');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const decide = useDecideBroadcast(tenantId);
  const [decision, setDecision] = useState<TaskDecision | null>(null);
  if (!b.abilities.decide) return null;
  return (
    <>
      <Flex gap={8} justify="flex-end" wrap>
        <Button danger onClick={() => setDecision('DISAPPROVAL')} data-testid="broadcast-reject">
          {t('actions.reject')}
        </Button>
        <Button type="primary" onClick={() => setDecision('APPROVAL')} data-testid="broadcast-approve">
          {t('actions.approve')}
        </Button>
      </Flex>
      <DecisionModal
        decision={decision}
        pending={decide.isPending}
        onCancel={() => setDecision(null)}
        onSubmit={(comment) =>
          decide.mutate(
            { id: b.id, approval: decision === 'APPROVAL', comment },
            {
              onSuccess: () => {
                setDecision(null);
                void message.success(t(decision === 'APPROVAL' ? 'messages.approved' : 'messages.rejected'));
              },
              onError: (e) => void message.error(errorText(e)),
            },
          )
        }
      />
    </>
  );
}

export type BroadcastDetailsVariant = 'modal' | 'embedded' | 'readOnly';

/** §2.4 the broadcast details: contents left, sender info right; approve/reject for the next approver (not in read-only). */
export function BroadcastDetails({ broadcast, tenantId, variant, DecisionModal }: { broadcast: Broadcast; tenantId: string; variant: BroadcastDetailsVariant; DecisionModal: DecisionModalComponent }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="broadcast-details">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={11}>
          <Attachments b={broadcast} />
        </Col>
        <Col xs={24} md={13}>
          <SenderInfo b={broadcast} tenantId={tenantId} />
        </Col>
      </Row>
      {variant !== 'readOnly' ? <DecideControls b={broadcast} tenantId={tenantId} DecisionModal={DecisionModal} /> : null}
    </Space>
  );
}

/** The modal variant: loads the broadcast by id (fresh on open and on live events). */
export function BroadcastDetailsModal({ id, tenantId, onClose, DecisionModal }: { id: string | null; tenantId: string; onClose: () => void; DecisionModal: DecisionModalComponent }) {
  const { t } = useTranslation('broadcasts');
  const q = useBroadcast(tenantId, id);
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={960} title={q.data?.nameBroadcast ?? t('details.title')} destroyOnHidden>
      {q.data ? <BroadcastDetails broadcast={q.data} tenantId={tenantId} variant="modal" DecisionModal={DecisionModal} /> : <Skeleton active />}
    </Modal>
  );
}
