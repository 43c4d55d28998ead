import type { HistoryRecord, MessageStatus, MessageType } from '@zc/shared/api/messaging';
import type { HistoryRow } from './repo';
import { csvRow } from '../../platform/csv';

/** History row → §3 sending history record (whitelist: no request hash, lease or idempotency key). */
export function presentHistory(r: HistoryRow): HistoryRecord {
  return {
    id: r.id,
    trackingId: r.trackingId,
    sessionId: r.sessionId,
    znsApiKeyId: r.apiKeyId,
    uid: r.uid,
    znsTemplateId: r.znsTemplateId,
    templateName: r.templateName,
    phone: r.phone,
    templateData: r.templateData ?? null,
    messageData: r.messageData ?? null,
    mode: r.mode === 'development' ? 'development' : 'production',
    type: r.type as MessageType, // written only from MESSAGE_TYPES by send-service
    status: r.status as MessageStatus, // written only from MESSAGE_STATUSES by this module
    errorMsg: r.errorMsg,
    isCharged: r.isCharged,
    isDirectZalo: r.isDirectZalo,
    price: r.price,
    listPrice: r.listPrice ?? null,
    createdAt: r.createdAt.toISOString(),
    fallbackMessageId: r.fallbackMessageId,
    fallbackStatus: r.fallbackStatus as MessageStatus | null, // a history row's status, as above
    fallbackNote: r.fallbackNote,
    fallbackOf: r.fallbackOf,
  };
}

const CSV_COLUMNS = ['createdAt', 'trackingId', 'sessionId', 'znsApiKeyId', 'uid', 'type', 'templateName', 'mode', 'status', 'errorMsg', 'isCharged', 'isDirectZalo', 'price', 'listPrice', 'messageData'] as const;

export function csvHeader(): string {
  return csvRow(CSV_COLUMNS);
}

export function csvLine(r: HistoryRecord): string {
  return csvRow(CSV_COLUMNS.map((c) => r[c]));
}
