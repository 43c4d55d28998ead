import { useTranslation } from 'react-i18next';
import Typography from 'antd/es/typography';
import { useMessageClicks } from '../api/get-clicks';
import { formatDateTime } from '../../../lib/formatters';

/** The tracked-link clicks of one ZNS message, for the sending history's detail row. */
export function MessageClicks({ tenantId, messageId }: { tenantId: string; messageId: string }) {
  const { t } = useTranslation('clicks');
  const q = useMessageClicks(tenantId, messageId);
  if (q.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (q.isError) return <Typography.Text type="secondary">{t('unavailable')}</Typography.Text>;
  const { data, summary } = q.data;
  if (summary.clicks === 0) return <span data-testid="message-clicks">{t('none')}</span>;
  return (
    <div data-testid="message-clicks">
      <div>{t('count', { count: summary.clicks })}</div>
      {data.map((c) => (
        <div key={c.id} style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {formatDateTime(c.clickedAt)} · {c.targetUrl}
        </div>
      ))}
    </div>
  );
}
