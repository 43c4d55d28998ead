import { useParams } from 'react-router';
import { BranchDetail } from '../../features/zma-loyalty/components/branch-detail';
import { PAGES, zmaHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';

/** `/tenant/mini-app/:id/branch/:branchId`: one branch, and redeeming gift codes there (§5, §8). */
export function ZmaBranchPage() {
  const { id = '', branchId = '' } = useParams();
  const tenantId = useScope().tenant?.id ?? '';
  return <BranchDetail key={branchId} branchId={branchId} backHref={zmaHref(PAGES.zmaBranches, id, tenantId)} />;
}
