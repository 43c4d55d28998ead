import { PageHeader } from '../../components/page-header';

export function OrganisationMessagesPage() {
  return <PageHeader title="OrganisationMessagesPage" />;
}

export function MessagesByTenantPage() {
  return <PageHeader title="MessagesByTenantPage" />;
}

export function MessagesByOaPage() {
  return <PageHeader title="MessagesByOaPage" />;
}

