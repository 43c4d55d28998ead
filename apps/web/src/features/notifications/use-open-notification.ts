import { useNavigate } from 'react-router';
import type { Notification } from '@zc/shared/api/notifications';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { writeSession } from '../../lib/session';
import { useScope } from '../../lib/scope-context';
import { useMarkViewed } from './api/notifications';

/** Where a notification leads (§4): its task, ticket, template management, the wallet or the OA settings. */
export function notificationTarget(n: Pick<Notification, 'idTask' | 'referenceId' | 'referenceType' | 'tenantId'>): string {
  const tenantId = n.tenantId;
  if (n.referenceType === 'WALLET') return PAGES.billing.path;
  if (!tenantId) return PAGES.notifications.path;
  if (n.idTask) return tenantDetailPageHref(PAGES.myRequest, n.idTask, tenantId);
  if (n.referenceType === 'TICKET' && n.referenceId) return tenantDetailPageHref(PAGES.myTicket, n.referenceId, tenantId);
  if (n.referenceType === 'TEMPLATE') return tenantHref(PAGES.znsTemplateManagement, tenantId);
  if (n.referenceType === 'ZALO_OA') return tenantHref(PAGES.oaSetting, tenantId);
  return tenantHref(PAGES.tenantHome, tenantId);
}

/**
 * §4 notification click: if the tenant differs, switch the current tenant (saved locally); then if
 * new, mark it viewed; route to the target.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const scope = useScope();
  const markViewed = useMarkViewed();
  return async (n: Notification) => {
    if (n.tenantId && n.tenantId !== scope.tenant?.id) writeSession({ tenantId: n.tenantId, oaId: null, zmaId: null });
    const merchantId = scope.merchant?.id;
    if (n.status === 'new' && merchantId) {
      try {
        await markViewed.mutateAsync({ id: n.id, merchantId });
      } catch {
        // Marking is a courtesy: the user still reaches what the notification is about.
      }
    }
    void navigate(notificationTarget(n));
  };
}
