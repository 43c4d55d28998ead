import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import List from 'antd/es/list';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { GiftCodeStatus } from '@zc/shared/api/zma';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime, formatThousands } from '../../../lib/formatters';
import { useDrawScope } from '../use-draw-scope';
import { useCustomer, useGrantTurns } from '../api/zma-draw';

const CODE_COLORS: Record<GiftCodeStatus, string> = { NEW: 'default', ALLOCATED: 'blue', USED: 'green', EXPIRED: 'orange', CANCELLED: 'red' };

function GrantTurns({ customerId }: { customerId: string }) {
  const { t } = useTranslation('zma-draw');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const grant = useGrantTurns();
  const [turns, setTurns] = useState<number | null>(1);
  const [note, setNote] = useState('');
  const valid = typeof turns === 'number' && turns >= 1 && turns <= 1000;
  const submit = () =>
    grant.mutateAsync({ customerId, turns: turns ?? 0, note: note.trim() || undefined }).then(
      (r) => {
        void message.success(t('customers.granted', { count: turns ?? 0, total: r.bonusTurns }));
        setNote('');
      },
      (e: unknown) => void message.error(errorText(e)),
    );
  return (
    <Form layout="vertical" onFinish={() => undefined} data-testid="grant-turns">
      <Flex gap={8} wrap align="flex-end">
        <Form.Item label={t('customers.turnsToGrant')} style={{ marginBottom: 0 }} htmlFor="grant-turns-count">
          <InputNumber id="grant-turns-count" min={1} max={1000} precision={0} value={turns} onChange={(v) => setTurns(typeof v === 'number' ? v : null)} style={{ width: 120 }} data-testid="grant-turns-count" />
        </Form.Item>
        <Form.Item label={t('customers.note')} style={{ marginBottom: 0, flex: '1 1 160px' }} htmlFor="grant-turns-note">
          <Input id="grant-turns-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
        <Popconfirm title={t('customers.grantConfirm', { count: turns ?? 0 })} okText={t('common:confirm')} cancelText={t('common:cancel')} onConfirm={submit} disabled={!valid}>
          <Button type="primary" disabled={!valid} loading={grant.isPending} data-testid="grant-turns-submit">
            {t('customers.grant')}
          </Button>
        </Popconfirm>
      </Flex>
    </Form>
  );
}

/** One customer: identity, gifts and vouchers with their codes, turns per draw, recent activity, and "grant turns". */
export function CustomerDrawer({ customerId, onClose }: { customerId: string | null; onClose: () => void }) {
  const { t } = useTranslation('zma-draw');
  const { t: tHistory } = useTranslation('zma-draw', { keyPrefix: 'activity' });
  const errorText = useErrorText();
  const { zmaAppId, can } = useDrawScope();
  const detail = useCustomer(zmaAppId, customerId);
  const c = detail.data;
  return (
    <Drawer open={customerId !== null} onClose={onClose} title={c?.name ?? t('customers.detail')} size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden data-testid="customer-drawer">
      {detail.isLoading ? <Skeleton active avatar /> : null}
      {detail.isError ? <Alert type="error" showIcon title={errorText(detail.error)} /> : null}
      {c ? (
        <Flex vertical gap={20}>
          <Flex gap={12} align="center">
            <Avatar size={56} src={c.avatar ?? undefined}>
              {c.name.slice(0, 1)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {c.name}
              </Typography.Title>
              <Typography.Text type="secondary">{c.phone ?? t('customers.noPhone')}</Typography.Text>
              <div>{c.isFollower ? <Tag color="green">{t('customers.follower')}</Tag> : <Tag>{t('customers.notFollower')}</Tag>}</div>
            </div>
          </Flex>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('customers.zaloId')}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {c.zaloUserId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.gender')}>{t(`customerGender.${c.gender}`)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.spins')}>{formatThousands(c.spins)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.redeemed')}>{`${formatThousands(c.redeemed)} / ${formatThousands(c.giftCount)}`}</Descriptions.Item>
            <Descriptions.Item label={t('customers.bonusTurns')}>
              <span data-testid="customer-bonus">{formatThousands(c.bonusTurns)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.referredBy')}>{c.referredBy?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('customers.referralLink')} span={{ xs: 1, sm: 2 }}>
              {c.referralLink ? (
                <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="customer-referral-link">
                  {c.referralLink}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.joined')}>{formatDateTime(c.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.lastSeen')}>{c.lastSeenAt ? formatDateTime(c.lastSeenAt) : '—'}</Descriptions.Item>
          </Descriptions>

          <section>
            <Typography.Title level={5}>{t('customers.turnsPerDraw')}</Typography.Title>
            {c.turns.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customers.noDraws')} />
            ) : (
              <Flex gap={8} wrap data-testid="customer-turns">
                {c.turns.map((d) => (
                  <Tag key={d.drawId} color={d.turnsLeft > 0 ? 'blue' : 'default'}>
                    {t('customers.turnsLeftIn', { count: d.turnsLeft, name: d.drawName })}
                  </Tag>
                ))}
              </Flex>
            )}
            {can('UPDATE_ZMA_USER') ? (
              <div style={{ marginTop: 12 }}>
                <GrantTurns customerId={c.id} />
              </div>
            ) : null}
          </section>

          <section>
            <Typography.Title level={5}>{t('customers.giftsTitle', { count: c.gifts.length })}</Typography.Title>
            <List
              size="small"
              bordered
              data-testid="customer-gifts"
              locale={{ emptyText: t('customers.noGifts') }}
              dataSource={c.gifts}
              renderItem={(g) => (
                <List.Item>
                  <Flex vertical style={{ minWidth: 0, width: '100%' }}>
                    <Flex justify="space-between" gap={8} wrap>
                      <Typography.Text strong>{g.name}</Typography.Text>
                      <Tag color={CODE_COLORS[g.status]}>{t(`codeStatus.${g.status}`)}</Tag>
                    </Flex>
                    <Typography.Text code copyable style={{ alignSelf: 'flex-start' }}>
                      {g.code}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[t(`giftType.${g.type}`), g.assignedAt ? t('customers.wonAt', { at: formatDateTime(g.assignedAt) }) : null, g.usedAt ? t('customers.usedAt', { at: formatDateTime(g.usedAt), branch: g.branchName ?? '—' }) : g.expiresAt ? t('customers.expiresAt', { at: formatDateTime(g.expiresAt) }) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </section>

          <section>
            <Typography.Title level={5}>{t('customers.activity')}</Typography.Title>
            <List
              size="small"
              data-testid="customer-activity"
              locale={{ emptyText: t('customers.noActivity') }}
              dataSource={c.activity}
              renderItem={(a) => (
                <List.Item>
                  <Flex justify="space-between" gap={8} wrap style={{ width: '100%' }}>
                    <span>{tHistory(a.kind, { defaultValue: a.kind })}</span>
                    <Typography.Text type="secondary">{formatDateTime(a.createdAt)}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </section>
        </Flex>
      ) : null}
    </Drawer>
  );
}
