import { useNavigate } from 'react-router';
import type { Notification } from '@zc/shared/api/notifications';
import { writeSession } from '../../lib/session';
import { useScope } from '../../lib/scope-context';
import { useMarkViewed } from './api/notifications';
import { notificationTarget } from './notification-target';

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
