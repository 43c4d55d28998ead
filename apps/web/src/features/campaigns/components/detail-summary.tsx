import { useTranslation } from 'react-i18next';
import Descriptions from 'antd/es/descriptions';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import type { CampaignDetail, CampaignTemplatePreview } from '@zc/shared/api/campaign-dispatch';
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

/**
 * The template preview: what the campaign sends (name, tag, parameters, price) and a link to Zalo's own
 * preview page, opened in a new tab (Zalo's page cannot be framed, and is unreachable offline).
 */
export function DetailTemplatePreview({ preview }: { preview: CampaignTemplatePreview | undefined }) {
  const { t } = useTranslation('campaign-detail');
  return (
    <Card size="small" title={t('preview')} data-testid="campaign-template-preview">
      {preview ? (
        <Flex vertical gap={12}>
          <Typography.Text strong>{preview.templateName}</Typography.Text>
          <Typography.Text type="secondary">
            {preview.znsTemplateId}
            {preview.tag ? ` · ${preview.tag}` : ''} · {formatMoney(preview.price)}
          </Typography.Text>
          {preview.params.length > 0 ? (
            <Descriptions size="small" column={1} bordered title={t('previewParams')}>
              {preview.params.map((p) => (
                <Descriptions.Item key={p.name} label={<code>{`<${p.name}>`}</code>}>
                  {p.type}
                  {p.require ? ` · ${t('previewRequired')}` : ''}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
          {preview.previewUrl ? (
            <Button href={preview.previewUrl} target="_blank" rel="noreferrer" icon={<ExportOutlined />} data-testid="campaign-template-preview-link">
              {t('previewOpen')}
            </Button>
          ) : (
            <Empty description={t('noPreview')} />
          )}
        </Flex>
      ) : (
        <Empty description={t('noPreview')} />
      )}
    </Card>
  );
}
