import type { MessageStatus } from '@zc/shared/api/messaging';
import type { HistoryModule } from '../api/history-query';

export const ALL_STATUSES: readonly MessageStatus[] = ['PENDING', 'PROCESSING', 'PUSHED_QUEUE', 'ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'PUSHED_ZALO', 'RECEIVED'];
const ERRORS: readonly MessageStatus[] = ['ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO'];

/** §4 default status filter: the error set plus RECEIVED (ZNS); plus PROCESSING (OA). */
export function defaultStatuses(module: HistoryModule): MessageStatus[] {
  return module === 'ZNS' ? [...ERRORS, 'RECEIVED'] : [...ERRORS, 'RECEIVED', 'PROCESSING'];
}

/** §4: 'sent to the messaging provider' (PUSHED_ZALO) is not offered in the official-account module. */
export function statusChoices(module: HistoryModule): MessageStatus[] {
  return module === 'OA' ? ALL_STATUSES.filter((s) => s !== 'PUSHED_ZALO') : [...ALL_STATUSES];
}

/** §4 colours: pending yellow, pushed/processing blue, errors red, sent lime, received green. */
export function statusColor(status: MessageStatus): string {
  switch (status) {
    case 'PENDING':
      return 'gold';
    case 'PROCESSING':
    case 'PUSHED_QUEUE':
      return 'blue';
    case 'PUSHED_ZALO':
      return 'lime';
    case 'RECEIVED':
      return 'green';
    default:
      return 'red';
  }
}

const VI_LABELS: Record<MessageStatus, string> = {
  PENDING: 'Đang chờ',
  PROCESSING: 'Đang xử lý',
  PUSHED_QUEUE: 'Đã vào hàng đợi',
  ERROR_PUSH_QUEUE: 'Lỗi đưa vào hàng đợi',
  ERROR: 'Lỗi',
  ERROR_CALL_ZALO: 'Lỗi gọi Zalo',
  PUSHED_ZALO: 'Đã gửi tới Zalo',
  RECEIVED: 'Đã nhận',
};

/** §2.13 labels: Vietnamese in vi, otherwise the status with underscores replaced by spaces. */
export function statusLabel(status: MessageStatus, language: string): string {
  return language.startsWith('vi') ? VI_LABELS[status] : status.replace(/_/g, ' ');
}

/** Rows reachable by page number (OFFSET); further pages need the server's keyset cursors. */
export const MAX_OFFSET_ROWS = 1000;

export interface PagePosition {
  page: number;
  cursor?: string;
}

/**
 * Where a click on page `target` leads: by number while its offset is within the first 1,000 rows,
 * otherwise only one step forward/back through meta.nextCursor / meta.prevCursor (null: unreachable).
 */
export function pageRequest(target: number, size: number, current: number, meta: { nextCursor: string | null; prevCursor: string | null } | undefined): PagePosition | null {
  if ((target - 1) * size <= MAX_OFFSET_ROWS) return { page: target };
  if (target === current + 1 && meta?.nextCursor) return { page: target, cursor: meta.nextCursor };
  if (target === current - 1 && meta?.prevCursor) return { page: target, cursor: meta.prevCursor };
  return null;
}

/** §2.13 pagination: size changer only with ≥ 10 records, hidden on a single page. */
export function historyPagination(total: number, size: number): { showSizeChanger: boolean; hideOnSinglePage: boolean } {
  return { showSizeChanger: total >= 10, hideOnSinglePage: total <= size };
}

/** §2.13 columns of each module, in display order (the sticky ones at the ends). */
export const HISTORY_COLUMNS = {
  ZNS: ['trackingId', 'sessionId', 'znsApiKeyId', 'znsTemplateId', 'templateName', 'phone', 'type', 'mode', 'isCharged', 'status', 'createdAt'],
  OA: ['trackingId', 'sessionId', 'znsApiKeyId', 'uid', 'templateName', 'type', 'mode', 'status', 'createdAt'],
} as const satisfies Record<HistoryModule, readonly string[]>;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[HistoryModule][number];

/** The row's identity and outcome: always shown, pinned left and right while the rest scrolls (§2.9 drawer cannot hide them). */
export const LOCKED_COLUMNS: readonly HistoryColumn[] = ['trackingId', 'status'];
/** Pinned on wide screens: the tracking id on the left; status and created time on the right. */
export const PINNED_LEFT: readonly HistoryColumn[] = ['trackingId'];
export const PINNED_RIGHT: readonly HistoryColumn[] = ['status', 'createdAt'];

/** Where the §2.9 drawer keeps a module's hidden columns (localStorage, under the product prefix). */
export function hiddenColumnsKey(module: HistoryModule): `columns.${string}` {
  return `columns.history.${module}`;
}

function isColumnIn(known: readonly string[], key: string): key is HistoryColumn {
  return known.includes(key);
}

/** A stored hidden-column list made safe: only this module's columns, never a locked one, no repeats. */
export function sanitizeHidden(module: HistoryModule, stored: readonly string[]): HistoryColumn[] {
  const known: readonly string[] = HISTORY_COLUMNS[module];
  const out: HistoryColumn[] = [];
  for (const key of stored) {
    if (isColumnIn(known, key) && !LOCKED_COLUMNS.includes(key) && !out.includes(key)) out.push(key);
  }
  return out;
}
