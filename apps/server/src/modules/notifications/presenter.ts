import type { Notification } from '@zc/shared/api/notifications';
import type { NotificationListRow } from './repo';

/** Row → §3 Notification (whitelist). `avatar`: the creator's, else the tenant's. */
export function presentNotification(r: NotificationListRow): Notification {
  const n = r.n;
  return {
    id: n.id,
    status: n.status,
    action: n.action,
    type: n.type,
    referenceId: n.referenceId,
    referenceType: n.referenceType,
    idTask: n.taskId,
    tenantId: n.tenantId,
    tenant: r.tenant ? { id: r.tenant.id, name: r.tenant.name, avatar: r.tenant.avatar } : null,
    createdByUser: r.creator ? { id: r.creator.id, displayName: r.creator.displayName, email: r.creator.email, avatar: r.creator.avatar } : null,
    description: n.description,
    name: n.name,
    createdAt: n.createdAt.toISOString(),
    avatar: r.creator?.avatar ?? r.tenant?.avatar ?? null,
  };
}
