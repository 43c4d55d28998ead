import type { Notification } from '@zc/shared/api/notifications';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';

/** Where a notification leads (§4): its task, ticket, template management, the wallet or the OA settings. */
export function notificationTarget(n: Pick<Notification, 'idTask' | 'referenceId' | 'referenceType' | 'tenantId'>): string {
  const tenantId = n.tenantId;
  if (n.referenceType === 'WALLET') return PAGES.billing.path;
  if (!tenantId) return PAGES.notifications.path;
  if (n.idTask) return tenantDetailPageHref(PAGES.myRequest, n.idTask, tenantId);
  if (n.referenceType === 'TICKET' && n.referenceId) return tenantDetailPageHref(PAGES.myTicket, n.referenceId, tenantId);
  if (n.referenceType === 'CHAT_CONVERSATION' && n.referenceId) return `${tenantHref(PAGES.oaChat, tenantId)}&conversationId=${encodeURIComponent(n.referenceId)}`;
  if (n.referenceType === 'TEMPLATE') return tenantHref(PAGES.znsTemplateManagement, tenantId);
  if (n.referenceType === 'ZALO_OA') return tenantHref(PAGES.oaSetting, tenantId);
  return tenantHref(PAGES.tenantHome, tenantId);
}
