import { markDelivered } from './modules/messaging/delivery-worker';
import type { EventHandlers } from './modules/zalo-webhooks/consumer';

/**
 * Composition point of the Zalo webhook consumer (ADR 0019), shared by the process that serves the
 * route (role all) and the worker role: Zalo's delivery receipt (ZNS or OA) moves the sent message to RECEIVED.
 */
export const ZALO_EVENT_HANDLERS: EventHandlers = {
  onDelivery: async (db, e) => void (await markDelivered(db, { zaloMsgId: e.msgId, deliveredAt: e.deliveredAt, trackingId: e.trackingId, zaloOaId: e.zaloOaId })),
};
