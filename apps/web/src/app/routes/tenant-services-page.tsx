import { PageHeader } from '../../components/page-header';

export function ServicesSettingsPage() {
  return <PageHeader title="ServicesSettingsPage" />;
}

