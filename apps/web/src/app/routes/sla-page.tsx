import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Spin from 'antd/es/spin';
import Alert from 'antd/es/alert';
import { useSla } from '../../features/sla/api/get-sla';
import { SlaForm } from '../../features/sla/components/sla-form';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { usePermissions, useScope } from '../../lib/scope-context';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/** /tenant/settings/sla: first-response and resolution targets per priority, in the tenant's business hours. */
export function SlaPage() {
  const { t } = useTranslation('tickets');
  const { can } = usePermissions();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const sla = useSla(tenantId);
  if (!can('VIEW_TICKET')) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('sla.title')} />
      <TenantSettingsTabs active="sla" />
      <Card>
        <Alert type="info" showIcon message={t('sla.intro')} style={{ marginBottom: 16 }} />
        {sla.error ? <ErrorResult status={500} /> : sla.data ? <SlaForm tenantId={tenantId} settings={sla.data} /> : <Spin />}
      </Card>
    </>
  );
}
