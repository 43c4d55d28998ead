import type { MessageStatus, MessageType } from '@zc/shared/api/messaging';

export type HistoryModule = 'ZNS' | 'OA';

/** Filters of one history list (both modules; the ZNS-only fields are ignored for OA). */
export interface HistoryFilters {
  tenantId: string;
  /** The header's current OA, sent as x-oa-id (not a query parameter); null = 'All' (every OA). */
  oaId: string | null;
  orderBy: 'createdAt=desc' | 'createdAt=asc';
  trackingId?: string;
  sessionId?: string;
  uid?: string;
  status: MessageStatus[];
  type?: MessageType;
  templateId?: string;
  phone?: string;
  templateName?: string;
  isCharged?: boolean;
}

/** Filters and position of one history page (the paged-list hook's query). */
export type HistoryParams = HistoryFilters & { page: number; size: number; cursor?: string };

/** The query string of merchant/uid and merchant/zns/history (statuses comma-joined). */
export function toHistoryQuery(module: HistoryModule, p: HistoryParams): Record<string, string | number | undefined> {
  const common = {
    page: p.page,
    size: p.size,
    cursor: p.cursor,
    orderBy: p.orderBy,
    trackingId: p.trackingId,
    sessionId: p.sessionId,
    uid: p.uid,
    status: p.status.length ? p.status.join(',') : undefined,
    type: p.type,
  };
  if (module === 'OA') return common;
  return { ...common, templateId: p.templateId, phone: p.phone, templateName: p.templateName, isCharged: p.isCharged === undefined ? undefined : String(p.isCharged) };
}
