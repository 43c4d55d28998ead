import { useTranslation } from 'react-i18next';
import { ORG_REPORT_GROUP_BYS, REPORT_GROUP_BYS, type OrgReportGroupBy, type ReportGroupBy } from '@zc/shared/api/report-rules';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError, PermissionAlert } from '../../components/permission-alert';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { DashboardTabs } from '../../features/dashboards/components/dashboard-tabs';
import { useOrganisationReport, useTenantFailures, useTenantReport } from '../../features/reports/api/reports-api';
import { ExportButtons } from '../../features/reports/components/export-buttons';
import { FailuresTable } from '../../features/reports/components/failures-table';
import { ReportFilters, useReportFilter } from '../../features/reports/components/report-filters';
import { ReportTable } from '../../features/reports/components/report-table';
import { SchedulesCard } from '../../features/reports/components/schedules-card';
import Alert from 'antd/es/alert';

/** /dashboard/report (VIEW_REVENUE_CHART): every tenant's sends and revenue per tenant, day or type, exported as CSV or XLSX. */
export function OrganisationReportPage() {
  const { t } = useTranslation('reports');
  const { merchant } = useScope();
  const errorText = useErrorText();
  const [filter, setFilter] = useReportFilter<OrgReportGroupBy>(ORG_REPORT_GROUP_BYS, 'tenant');
  const report = useOrganisationReport(merchant?.id ?? null, filter);
  return (
    <>
      <PageHeader title={t('title.organisation')} />
      <DashboardTabs active="report" />
      <ReportFilters value={filter} groups={ORG_REPORT_GROUP_BYS} onChange={setFilter} extra={<ExportButtons scope="organisation" tenantId={null} filter={filter} />} />
      {isForbiddenError(report.error) ? <PermissionAlert what={t('what.report')} /> : report.error ? <Alert type="error" showIcon title={errorText(report.error)} style={{ marginBottom: 16 }} /> : null}
      <ReportTable report={report.data} loading={report.isFetching} groupBy={filter.groupBy} />
    </>
  );
}

/** /tenant/report (VIEW_REPORT): the tenant's sends by day, type, status, template, API key, campaign or team; failures by Zalo error; exports; report mails. */
export function TenantReportPage() {
  const { t, i18n } = useTranslation('reports');
  const { tenant } = useScope();
  const errorText = useErrorText();
  const tenantId = tenant?.id ?? null;
  const [filter, setFilter] = useReportFilter<ReportGroupBy>(REPORT_GROUP_BYS, 'day');
  const report = useTenantReport(tenantId, filter, i18n.language);
  const failures = useTenantFailures(tenantId, filter);
  return (
    <>
      <PageHeader title={t('title.tenant')} />
      <ReportFilters value={filter} groups={REPORT_GROUP_BYS} onChange={setFilter} extra={<ExportButtons scope="tenant" tenantId={tenantId} filter={filter} />} />
      {isForbiddenError(report.error) ? <PermissionAlert what={t('what.report')} /> : report.error ? <Alert type="error" showIcon title={errorText(report.error)} style={{ marginBottom: 16 }} /> : null}
      <ReportTable report={report.data} loading={report.isFetching} groupBy={filter.groupBy} />
      {isForbiddenError(failures.error) ? <PermissionAlert what={t('what.failures')} /> : <FailuresTable rows={failures.data} loading={failures.isFetching} />}
      {tenantId ? <SchedulesCard tenantId={tenantId} /> : null}
    </>
  );
}
