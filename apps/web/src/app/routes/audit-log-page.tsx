import { useTranslation } from 'react-i18next';
import { AuditLogView } from '../../features/audit/components/audit-log-view';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** /audit-log: the organisation's audit entries, with chain verification. */
export function OrganisationAuditLogPage() {
  const { t } = useTranslation('audit');
  const scope = useScope();
  const { can } = usePermissions();
  const errorText = useErrorText();
  if (!can('VIEW_MERCHANT_AUDIT_LOG')) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('title')} />
      <AuditLogView level="merchant" merchantId={scope.merchant?.id ?? null} tenantId={null} canVerify errorText={errorText} />
    </>
  );
}

/** /tenant/audit-log: the current tenant's audit entries. */
export function TenantAuditLogPage() {
  const { t } = useTranslation('audit');
  const scope = useScope();
  const { can } = usePermissions();
  const errorText = useErrorText();
  if (!can('VIEW_TENANT_AUDIT_LOG')) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('tenantTitle', { name: scope.tenant?.name ?? '' })} />
      <AuditLogView level="tenant" merchantId={scope.merchant?.id ?? null} tenantId={scope.tenant?.id ?? null} canVerify={false} errorText={errorText} />
    </>
  );
}
