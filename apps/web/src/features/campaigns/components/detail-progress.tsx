import { useTranslation } from 'react-i18next';
import Progress from 'antd/es/progress';
import Flex from 'antd/es/flex';
import Statistic from 'antd/es/statistic';
import type { CampaignDetail } from '@zc/shared/api/campaign-dispatch';

/** Live progress of a campaign: sent (received inside it), failed, pending, cancelled — kept current by campaign.progress. */
export function DetailProgress({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaign-detail');
  const { sent, received, failed, pending, cancelled } = campaign.counts;
  const total = Math.max(1, campaign.recordCount);
  const settled = sent + failed + cancelled;
  return (
    <div data-testid="campaign-progress">
      <Progress
        percent={Math.round((settled / total) * 100)}
        success={{ percent: Math.round((sent / total) * 100) }}
        status={campaign.status === 'APPROVED' && campaign.dispatchState === 'RUNNING' ? 'active' : failed > 0 && sent === 0 ? 'exception' : 'normal'}
        aria-label={t('progress.label')}
      />
      <Flex wrap gap={24} style={{ marginTop: 8 }}>
        <Statistic title={t('progress.sent')} value={sent} data-testid="progress-sent" />
        <Statistic title={t('progress.received')} value={received} data-testid="progress-received" />
        <Statistic title={t('progress.failed')} value={failed} data-testid="progress-failed" />
        <Statistic title={t('progress.pending')} value={pending} data-testid="progress-pending" />
        <Statistic title={t('progress.cancelled')} value={cancelled} data-testid="progress-cancelled" />
      </Flex>
    </div>
  );
}
