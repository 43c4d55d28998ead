import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useCampaignDetail, useCampaignTemplatePreview, useLiveCampaignDetail } from '../../features/campaigns/api/campaign-detail';
import { DetailActions } from '../../features/campaigns/components/detail-actions';
import { DetailHistory } from '../../features/campaigns/components/detail-history';
import { DetailProgress } from '../../features/campaigns/components/detail-progress';
import { DetailDispatchNote, DetailSummary, DetailTemplatePreview } from '../../features/campaigns/components/detail-summary';
import { CampaignClicks } from '../../features/clicks/components/campaign-clicks';

/** /tenant/zns-service/campaign/{id} (§2.12): summary with the template preview, live progress, cancel / pause / resume, the campaign's history. */
export function CampaignDetailPage() {
  const { can } = usePermissions();
  if (!can('VIEW_CAMPAIGN')) return <ErrorResult status={403} />;
  return <CampaignDetailView />;
}

function CampaignDetailView() {
  const { t } = useTranslation('campaign-detail');
  const { id = '' } = useParams();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const detail = useCampaignDetail(tenantId, id);
  const preview = useCampaignTemplatePreview(tenantId, id);
  useLiveCampaignDetail(tenantId, id);
  if (detail.error) return <ErrorResult status={detail.error instanceof ApiError && detail.error.status === 404 ? 404 : 500} />;
  const c = detail.data;
  if (!c) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div data-testid="campaign-detail">
      <PageHeader title={c.name} extra={<DetailActions tenantId={tenantId} campaign={c} />} />
      <DetailDispatchNote campaign={c} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('summary')} style={{ marginBottom: 16 }}>
            <DetailSummary campaign={c} />
          </Card>
          <Card size="small" title={t('progress.title')}>
            <DetailProgress campaign={c} />
          </Card>
          <CampaignClicks tenantId={tenantId} campaignId={c.id} />
        </Col>
        <Col xs={24} xl={8}>
          <DetailTemplatePreview preview={preview.data} />
        </Col>
        <Col span={24}>
          <Card size="small" title={t('history.title')}>
            <DetailHistory tenantId={tenantId} campaignId={c.id} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
