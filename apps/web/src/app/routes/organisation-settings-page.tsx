import { PageHeader } from '../../components/page-header';

export function OrganisationSettingsPage() {
  return <PageHeader title="OrganisationSettingsPage" />;
}

