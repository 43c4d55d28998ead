import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { Campaign } from '@zc/shared/api/campaigns';

const COLOR: Record<Campaign['status'], string> = { PENDING: 'gold', APPROVED: 'blue', DONE: 'green', FAIL: 'red', CANCELLED: 'default', REJECTED: 'red' };

/** §3 campaign status, with the dispatch state once approved. */
export function CampaignStatusTag({ campaign }: { campaign: Pick<Campaign, 'status' | 'dispatchState'> }) {
  const { t } = useTranslation('campaigns');
  return (
    <Tag color={COLOR[campaign.status]} data-testid="campaign-status">
      {t(`status.${campaign.status}`)}
      {campaign.status === 'APPROVED' && campaign.dispatchState ? ` · ${t(`dispatch.${campaign.dispatchState}`)}` : ''}
    </Tag>
  );
}
