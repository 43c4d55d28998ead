import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { HistoryRecord, MessageStatus } from '@zc/shared/api/messaging';
import { MESSAGE_STATUSES } from '@zc/shared/api/messaging';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { exportCampaignHistory, useCampaignHistory, type CampaignHistoryFilters } from '../api/campaign-detail';

/** The campaign's sending history (§3 history row), filters status and phone, CSV export; refreshed by campaign events. */
export function DetailHistory({ tenantId, campaignId }: { tenantId: string; campaignId: string }) {
  const { t } = useTranslation('campaign-detail');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [filters, setFilters] = useState<CampaignHistoryFilters>({ page: 1, size: 10 });
  const [exporting, setExporting] = useState(false);
  const q = useCampaignHistory(tenantId, campaignId, filters);
  const columns = [
    { key: 'createdAt', title: t('history.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { key: 'phone', title: t('history.phone'), dataIndex: 'phone' },
    { key: 'trackingId', title: t('history.trackingId'), dataIndex: 'trackingId', ellipsis: true },
    { key: 'sessionId', title: t('history.sessionId'), dataIndex: 'sessionId', ellipsis: true },
    { key: 'znsTemplateId', title: t('history.template'), dataIndex: 'znsTemplateId' },
    {
      key: 'status',
      title: t('history.status'),
      dataIndex: 'status',
      render: (v: MessageStatus, r: HistoryRecord) => <Tag title={r.errorMsg ?? undefined}>{t(`messageStatus.${v}`)}</Tag>,
    },
    { key: 'isCharged', title: t('history.isCharged'), dataIndex: 'isCharged', render: (v: boolean) => (v ? t('history.yes') : t('history.no')) },
  ];
  return (
    <div data-testid="campaign-history">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap style={{ flex: 1, minWidth: 0 }}>
          <Input.Search allowClear placeholder={t('history.searchPhone')} style={{ maxWidth: 260 }} onSearch={(phone) => setFilters((f) => ({ ...f, phone, page: 1 }))} />
          <Select<MessageStatus[]>
            mode="multiple"
            allowClear
            placeholder={t('history.status')}
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={filters.status ?? []}
            options={MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messageStatus.${s}`) }))}
            onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
            data-testid="campaign-history-status"
          />
        </Flex>
        <Button
          loading={exporting}
          data-testid="campaign-history-export"
          onClick={() => {
            setExporting(true);
            exportCampaignHistory(tenantId, campaignId, filters)
              .catch((e: unknown) => void message.error(errorText(e)))
              .finally(() => setExporting(false));
          }}
        >
          {t('history.export')}
        </Button>
      </Flex>
      <Table<HistoryRecord>
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        loading={q.isFetching && !q.data}
        dataSource={q.data?.data ?? []}
        columns={columns}
        pagination={{ current: filters.page, pageSize: filters.size, total: Math.min(q.data?.meta.total ?? 0, 1000), showSizeChanger: true, onChange: (page, size) => setFilters((f) => ({ ...f, page, size })) }}
      />
    </div>
  );
}
