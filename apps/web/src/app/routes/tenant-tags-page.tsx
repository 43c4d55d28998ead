import { PageHeader } from '../../components/page-header';

export function TagsSettingsPage() {
  return <PageHeader title="TagsSettingsPage" />;
}

