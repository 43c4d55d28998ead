import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useFallback } from '../../features/tenant-fallback/api/get-fallback';
import type { FallbackInput } from '../../features/tenant-fallback/api/types';
import { FallbackSettingsForm } from '../../features/tenant-fallback/components/fallback-settings-form';
import { FallbackPreview } from '../../features/tenant-fallback/components/fallback-preview';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/** /tenant/settings/fallback (VIEW_WEBHOOK, checked by the router; saving when the answer's abilities.update says so): ZNS → OA fallback (ADR 0004). */
export function FallbackPage() {
  const { t } = useTranslation('fallback');
  const scope = useScope();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const fallback = useFallback(tenantId);
  const [form] = Form.useForm<FallbackInput>();

  return (
    <>
      <PageHeader title={t('title')} />
      <TenantSettingsTabs active="fallback" />
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('intro')}
      </Typography.Paragraph>
      {scope.tenant && !scope.tenant.oaService ? <Alert type="warning" showIcon title={t('oaDisabled')} style={{ marginBottom: 16 }} data-testid="fallback-oa-disabled" /> : null}
      {fallback.isError ? (
        <Card>
          <ErrorResult status={500} message={`${t('loadFailed')}: ${errorText(fallback.error)}`} />
        </Card>
      ) : !fallback.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} align="top">
          <Col xs={24} xl={14}>
            <Card>
              <FallbackSettingsForm tenantId={tenantId} view={fallback.data} canEdit={fallback.data.abilities.update} form={form} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card style={{ position: 'sticky', top: 80 }}>
              <FallbackPreview tenantId={tenantId} form={form} />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
