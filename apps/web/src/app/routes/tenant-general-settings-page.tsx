import { PageHeader } from '../../components/page-header';

export function GeneralSettingsPage() {
  return <PageHeader title="GeneralSettingsPage" />;
}

