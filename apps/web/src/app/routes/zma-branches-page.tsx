import { useParams } from 'react-router';
import { BranchesView } from '../../features/zma-loyalty/components/branches-view';
import { PAGES, zmaHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';

/** `/tenant/mini-app/:id/branch` (§7): the mini app's branches. */
export function ZmaBranchesPage() {
  const { id = '' } = useParams();
  const tenantId = useScope().tenant?.id ?? '';
  return <BranchesView branchHref={(branchId) => zmaHref(PAGES.zmaBranch, id, tenantId, { branchId })} />;
}
