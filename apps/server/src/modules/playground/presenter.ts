import { explainZaloError } from '@zc/zalo/error-catalog';
import type { MessageStatus } from '@zc/shared/api/messaging';
import { playgroundOutcome, type PlaygroundApiKey, type PlaygroundConversationMessage, type PlaygroundMessageStatus } from '@zc/shared/api/playground';

type ErrorExplanation = NonNullable<PlaygroundMessageStatus['error']>;

/** The stored Zalo failure in vi and en: decoded from its code, else the stored text (connection failures). */
function explainStoredError(code: number | null, text: string | null): ErrorExplanation | null {
  if (code !== null) {
    const x = explainZaloError(code, 'oa');
    return { code, vi: x.vi, en: x.en };
  }
  if (!text) return null;
  return { code: null, vi: { meaning: text, action: '' }, en: { meaning: text, action: '' } };
}

export function presentPlaygroundKey(r: { id: string; name: string; zaloOAId: string; oaId: string | null; oaName: string | null }): PlaygroundApiKey {
  return { id: r.id, name: r.name, zaloOAId: r.zaloOAId, zaloOA: r.oaId && r.oaName !== null ? { id: r.oaId, name: r.oaName } : null };
}

/**
 * A playground send's status: its history row, and Zalo's receipt when the row is still PUSHED_ZALO (the
 * webhook ingest stores OA receipts without moving the row yet), so a delivery shows as soon as Zalo reports it.
 */
export function presentPlaygroundStatus(
  row: { id: string; trackingId: string; status: string; sessionId: string | null; errorCode: number | null; errorMsg: string | null; deliveredAt: Date | null; updatedAt: Date },
  receipt: { receivedAt: Date } | null,
): PlaygroundMessageStatus {
  // The column holds MESSAGE_STATUSES values only (written by the outbox and the delivery worker).
  const status = row.status as MessageStatus;
  const delivered = status === 'PUSHED_ZALO' && receipt !== null;
  const outcome = delivered ? 'delivered' : playgroundOutcome(status);
  const deliveredAt = delivered ? receipt.receivedAt : row.deliveredAt;
  return {
    id: row.id,
    trackingId: row.trackingId,
    status,
    outcome,
    final: outcome === 'delivered' || outcome === 'failed',
    zaloMessageId: row.sessionId,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    error: outcome === 'delivered' ? null : explainStoredError(row.errorCode, row.errorMsg),
  };
}

/** Zalo's conversation entries (with an id) as the console lists them, newest first as Zalo answers. */
export function presentConversation(list: ReadonlyArray<{ message_id?: unknown; src?: unknown; type?: unknown; message?: unknown; time?: unknown }>): PlaygroundConversationMessage[] {
  return list.flatMap((m) =>
    typeof m.message_id === 'string' && m.message_id.length > 0
      ? [{ messageId: m.message_id, fromFollower: m.src === 1, type: String(m.type ?? ''), text: typeof m.message === 'string' ? m.message : '', time: new Date(Number(m.time) || 0).toISOString() }]
      : [],
  );
}
