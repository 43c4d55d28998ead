import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import type { Click } from '@zc/shared/api/clicks';
import { useCampaignClicks } from '../api/get-clicks';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';

/** The campaign detail's tracked-link clicks: totals and the latest clicks (recipient, link, time). */
export function CampaignClicks({ tenantId, campaignId }: { tenantId: string; campaignId: string }) {
  const { t } = useTranslation('clicks');
  const errorText = useErrorText();
  const [page, setPage] = useState({ page: 1, size: 10 });
  const q = useCampaignClicks(tenantId, campaignId, page);
  const columns: TableProps<Click>['columns'] = [
    { key: 'clickedAt', title: t('columns.clickedAt'), render: (_, c) => formatDateTime(c.clickedAt) },
    { key: 'phone', title: t('columns.phone'), render: (_, c) => c.phone ?? '' },
    { key: 'targetUrl', title: t('columns.targetUrl'), render: (_, c) => <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: c.targetUrl }}>{c.targetUrl}</Typography.Text> },
  ];
  return (
    <Card size="small" title={t('campaignTitle')} data-testid="campaign-clicks" style={{ marginTop: 16 }}>
      {q.isError ? (
        <Typography.Text type="danger">{errorText(q.error)}</Typography.Text>
      ) : (
        <>
          <Flex gap={32} wrap style={{ marginBottom: 16 }}>
            <Statistic title={t('clicks')} value={q.data?.summary.clicks ?? 0} loading={q.isPending} />
            <Statistic title={t('uniqueRecipients')} value={q.data?.summary.uniqueRecipients ?? 0} loading={q.isPending} />
          </Flex>
          <DataTable<Click>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={q.data?.data ?? []}
            loading={q.isFetching}
            locale={{ emptyText: t('empty') }}
            scroll={{ x: 'max-content' }}
            paging={{ page: page.page, size: page.size, total: q.data?.meta.total ?? 0, onChange: (p, s) => setPage({ page: p, size: s }) }}
          />
        </>
      )}
    </Card>
  );
}
