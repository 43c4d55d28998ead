import { PageHeader } from '../../components/page-header';

export function StatementsPage() {
  return <PageHeader title="StatementsPage" />;
}

export function BillsPage() {
  return <PageHeader title="BillsPage" />;
}

export function TenantBillingPage() {
  return <PageHeader title="TenantBillingPage" />;
}

