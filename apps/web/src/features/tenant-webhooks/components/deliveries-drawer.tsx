import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import { WEBHOOK_DELIVERY_STATUSES, type Webhook, type WebhookDelivery } from '@zc/shared/api/webhooks';
import { useDeliveries, type DeliveriesFilters } from '../api/get-deliveries';
import { useReplayDelivery } from '../api/replay-delivery';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';

const COLORS: Record<string, string> = { PENDING: 'gold', RETRYING: 'orange', SUCCEEDED: 'green', FAILED: 'red' };

/** Delivery log of one endpoint: status, attempts, last answer/error, replay of finished deliveries. */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [status, setStatus] = useState<DeliveriesFilters['status']>();
  const deliveries = useDeliveries(webhook?.id ?? null, { status });
  const replay = useReplayDelivery();

  const columns: TableProps<WebhookDelivery>['columns'] = [
    { key: 'createdAt', title: t('webhooks.delivery.createdAt'), render: (_, d) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</span> },
    { key: 'event', title: t('webhooks.delivery.event'), render: (_, d) => <span>{d.event}{d.isTest ? <Tag style={{ marginLeft: 6 }}>{t('webhooks.test')}</Tag> : null}</span> },
    { key: 'status', title: t('webhooks.delivery.status'), render: (_, d) => <Tag color={COLORS[d.status]}>{t(`webhooks.deliveryStatus.${d.status}`)}</Tag> },
    { key: 'attempts', title: t('webhooks.delivery.attempts'), dataIndex: 'attempts', align: 'right' },
    { key: 'lastStatusCode', title: t('webhooks.delivery.code'), render: (_, d) => d.lastStatusCode ?? '—' },
    {
      key: 'lastError',
      title: t('webhooks.delivery.lastError'),
      render: (_, d) => (d.lastError ? <Typography.Text type="danger" ellipsis={{ tooltip: d.lastError }} style={{ maxWidth: 240 }}>{d.lastError}</Typography.Text> : '—'),
    },
    { key: 'next', title: t('webhooks.delivery.next'), render: (_, d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : d.deliveredAt ? formatDateTime(d.deliveredAt) : '—') },
    {
      key: 'payload',
      title: t('webhooks.delivery.payload'),
      render: (_, d) => (
        <Tooltip styles={{ root: { maxWidth: 480 } }} title={<pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{JSON.stringify(d.payload, null, 2)}</pre>}>
          <Typography.Link>{t('webhooks.delivery.show')}</Typography.Link>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, d) =>
        d.abilities.replay ? (
          <Button
            size="small"
            loading={replay.isPending && replay.variables === d.id}
            onClick={() =>
              replay.mutate(d.id, {
                onSuccess: () => void message.success(t('webhooks.replayed')),
                onError: (e) => void message.error(errorText(e)),
              })
            }
          >
            {t('webhooks.replay')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Drawer open={webhook !== null} onClose={onClose} size={1000} title={t('webhooks.deliveriesTitle', { url: webhook?.url ?? '' })} destroyOnHidden data-testid="webhook-deliveries">
      <Select
        allowClear
        placeholder={t('webhooks.delivery.status')}
        aria-label={t('webhooks.delivery.status')}
        style={{ width: 200, marginBottom: 12 }}
        value={status}
        options={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.deliveryStatus.${s}`) }))}
        onChange={(v: DeliveriesFilters['status']) => setStatus(v)}
      />
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={deliveries.rows}
        loading={deliveries.query.isPending && deliveries.query.fetchStatus !== 'idle'}
        locale={{ emptyText: t('webhooks.noDeliveries') }}
        pagination={{
          current: deliveries.page,
          pageSize: deliveries.size,
          total: deliveries.total,
          showSizeChanger: deliveries.total >= 10,
          hideOnSinglePage: deliveries.total <= deliveries.size,
          showTotal: (n) => t('common:table.total', { count: n }),
          onChange: deliveries.paging.onChange,
        }}
      />
    </Drawer>
  );
}
