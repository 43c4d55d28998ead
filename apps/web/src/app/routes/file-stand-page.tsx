import { PageHeader } from '../../components/page-header';

export function FileStandPage() {
  return <PageHeader title="FileStandPage" />;
}

