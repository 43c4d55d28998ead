import { z } from 'zod';

const uuid = z.uuid();
const messageStatus = z.object({
  messageId: uuid,
  module: z.enum(['ZNS', 'OA']),
  status: z.string().min(1).max(40),
  zaloErrorCode: z.number().int().nullable().optional(),
});

/**
 * Every domain event type and its payload (ids and statuses, never rows). The server validates each
 * event against it when a module announces it (apps/server/src/platform/events.ts); the web reads
 * the same types from the realtime stream. Add a type here, with its audience on the server.
 */
export const EVENT_PAYLOADS = {
  /** A message moved to PUSHED_ZALO, RECEIVED, back to PENDING for a retry, or to ERROR_CALL_ZALO. */
  'message.status_changed': messageStatus,
  /** A message failed for good (ERROR_CALL_ZALO after a permanent code or the last attempt), refunded. */
  'message.failed_permanently': messageStatus.extend({ status: z.literal('ERROR_CALL_ZALO') }),
  /** A prepaid wallet's balance fell below (below: true) or rose back over (false) its threshold. */
  'wallet.threshold_crossed': z.object({ walletId: uuid, balance: z.number().int(), threshold: z.number().int(), below: z.boolean() }),
  /** An in-app notification was created for `userId`. */
  'notification.created': z.object({ notificationId: uuid, userId: uuid }),
  /** An OA's token refresh failed; it is REFRESH_FAILED until re-connected. */
  'zalo_oa.token_refresh_failed': z.object({ zaloOaId: uuid }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
/** The payload of every event type, by type (what a realtime client receives as `data`). */
export type EventPayloads = { [T in EventType]: EventData<T> };
