import { PageHeader } from '../../components/page-header';

export function TenantPackagePage() {
  return <PageHeader title="TenantPackagePage" />;
}

