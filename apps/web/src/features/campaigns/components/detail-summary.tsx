import { useTranslation } from 'react-i18next';
import Descriptions from 'antd/es/descriptions';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import type { CampaignDetail } from '@zc/shared/api/campaign-dispatch';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { CampaignStatusTag } from './campaign-status';

/** Why an approved campaign is not sending right now, and when it goes on (quota wait, night wait, pause, schedule). */
export function DetailDispatchNote({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaign-detail');
  if (campaign.status !== 'APPROVED' || !campaign.dispatchState || campaign.dispatchState === 'RUNNING' || campaign.dispatchState === 'FINISHED') return null;
  const at = formatDateTime(campaign.nextRunAt);
  return <Alert type={campaign.dispatchState === 'PAUSED' ? 'warning' : 'info'} showIcon message={t(`dispatchNote.${campaign.dispatchState}`, { at })} data-testid="campaign-dispatch-note" style={{ marginBottom: 16 }} />;
}

/** §2.12 summary: the §3 fields, money held / settled / released and the expected finish. */
export function DetailSummary({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaign-detail');
  const { t: tc } = useTranslation('campaigns');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} bordered data-testid="campaign-summary">
      <Descriptions.Item label={tc('fields.name')}>{campaign.name}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.status')}>
        <CampaignStatusTag campaign={campaign} />
      </Descriptions.Item>
      <Descriptions.Item label={tc('fields.template')}>{campaign.template.templateName}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.apiKey')}>{campaign.apiKey?.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.mode')}>{tc(`mode.${campaign.mode}`)}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.startMode')}>{tc(`startMode.${campaign.startMode}`)}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.scheduleAt')}>{formatDateTime(campaign.scheduleAt ?? campaign.startedAt)}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.recordCount')}>{campaign.recordCount}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.price')}>{formatMoney(campaign.template.price)}</Descriptions.Item>
      <Descriptions.Item label={tc('fields.estimatedCost')}>{formatMoney(campaign.estimatedCost)}</Descriptions.Item>
      <Descriptions.Item label={t('money.held')}>{formatMoney(campaign.money.held)}</Descriptions.Item>
      <Descriptions.Item label={t('money.settled')}>
        <span data-testid="campaign-settled">{formatMoney(campaign.money.settled)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('money.released')}>
        <span data-testid="campaign-released">{formatMoney(campaign.money.released)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('estimatedFinish')}>
        <span data-testid="campaign-finish">{campaign.estimatedFinishAt ? formatDateTime(campaign.estimatedFinishAt) : t('estimatedFinishUnknown')}</span>
      </Descriptions.Item>
      <Descriptions.Item label={tc('fields.createdAt')}>{formatDateTime(campaign.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The template preview frame (the library's preview page of the template). */
export function DetailTemplatePreview({ previewUrl, title }: { previewUrl: string | null | undefined; title: string }) {
  const { t } = useTranslation('campaign-detail');
  return (
    <Card size="small" title={t('preview')} data-testid="campaign-template-preview">
      {previewUrl ? (
        <iframe src={previewUrl} title={title} sandbox="allow-scripts allow-same-origin" style={{ width: '100%', height: 420, border: 0 }} />
      ) : (
        <Empty description={t('noPreview')} />
      )}
    </Card>
  );
}
