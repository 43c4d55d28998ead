import { PageHeader } from '../../components/page-header';

export function OrganisationReportPage() {
  return <PageHeader title="OrganisationReportPage" />;
}

export function TenantReportPage() {
  return <PageHeader title="TenantReportPage" />;
}

