import { handleZaloWebhook } from '@zc/zalo/webhook';
import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Db } from '../../db/client';
import { sha256, type Cipher } from '../../platform/crypto';
import { applyFollowerEvent } from '../followers/service';
import { recordOaEventStats } from '../oa-analytics/service';
import { applyTemplateQuality, applyTemplateStatus } from '../templates/service';
import { findOasOfApp, insertEventOnce } from './repo';

/** Events that change a synced follower (modules/followers applies them and announces oa_follower.changed). */
const FOLLOWER_EVENTS: ReadonlySet<string> = new Set(['follow', 'unfollow', 'user_withdraw', 'update_user_info', 'add_user_to_tag', 'remove_user_from_tag']);

/** What a refused event is logged with: never the body, the signature or a secret. */
export interface RefusedEventLog {
  appId?: string;
  eventName?: string;
  timestamp?: string;
  /** now − timestamp (ms): positive for an old event, negative for one dated ahead. */
  ageMs?: number;
}

export type IngestOutcome = { status: 200; duplicate: boolean; event?: ZaloWebhookEvent; zaloOaId?: string } | { status: 401; reason: string; log?: RefusedEventLog };

/**
 * Freshness window on the signed `timestamp` (ms): Zalo retries after 30 s, 5 min, 15 min, 30 min
 * and 1 h (REFERENCE §5.1), so a genuine retry is at most ~2 h old; 6 h leaves margin for a slow
 * first attempt and clock drift. An older event, or one dated more than the skew ahead, is refused
 * like a bad signature: a captured body cannot be replayed later (after its dedupe row is gone, or
 * out of order over a newer template status).
 */
export const ZALO_EVENT_MAX_AGE_MS = 6 * 3600_000;
export const ZALO_EVENT_MAX_SKEW_MS = 5 * 60_000;

/** Checks the signed body timestamp (ms since the epoch, as a string or number) against `now`. */
export function checkEventFreshness(timestamp: string, now: number): { ok: true } | { ok: false; reason: 'bad-timestamp' | 'stale-timestamp' | 'future-timestamp'; ageMs?: number } {
  if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, reason: 'bad-timestamp' };
  const ageMs = now - Number(timestamp);
  if (ageMs > ZALO_EVENT_MAX_AGE_MS) return { ok: false, reason: 'stale-timestamp', ageMs };
  if (ageMs < -ZALO_EVENT_MAX_SKEW_MS) return { ok: false, reason: 'future-timestamp', ageMs };
  return { ok: true };
}

/** Ids in the body that may name the OA: `oa_id`, `oaId`, and for messages the sender or recipient. */
function oaCandidates(body: Record<string, unknown>): string[] {
  const id = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const sender = (body.sender ?? {}) as Record<string, unknown>;
  const recipient = (body.recipient ?? {}) as Record<string, unknown>;
  return [id(body.oa_id), id(body.oaId), id(sender.id), id(recipient.id)].filter((x): x is string => Boolean(x));
}

/** What makes a Zalo delivery unique across its retries. */
function dedupeKey(event: ZaloWebhookEvent, rawBody: string): string {
  const raw = event.raw;
  const message = (raw.message ?? {}) as Record<string, unknown>;
  const msgId = message.msg_id ?? (Array.isArray(message.msg_ids) ? message.msg_ids.join(',') : undefined);
  if (msgId) return `${event.eventName}:${String(msgId)}`;
  // Zalo retries resend the same signed body; two different events never share its hash.
  return `${event.eventName}:${event.appId}:${sha256(rawBody)}`;
}

export interface EventHandlers {
  /** Called for each delivery receipt, ZNS or OA (the messaging module moves the message to RECEIVED). */
  onDelivery?: (db: Db, e: { zaloOaId: string; msgId: string; trackingId?: string; deliveredAt: Date }) => Promise<void>;
}

/**
 * Verifies the signature with the OA's own webhook secret, refuses events outside the freshness
 * window, stores the event once (Zalo retries are deduplicated) and applies what the product
 * understands. Unsigned, wrongly signed and stale or future-dated bodies answer 401 and store nothing.
 */
export async function ingestZaloWebhook(
  db: Db,
  cipher: Cipher,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  handlers: EventHandlers,
  opts: { now?: number } = {},
): Promise<IngestOutcome> {
  let parsed: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(rawBody);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { status: 401, reason: 'malformed-body' };
    parsed = v as Record<string, unknown>;
  } catch {
    return { status: 401, reason: 'malformed-body' };
  }
  const appId = parsed.app_id === undefined ? '' : String(parsed.app_id);
  const candidates = oaCandidates(parsed);
  const oas = appId ? await findOasOfApp(db, appId) : [];
  const oa = oas.find((o) => candidates.includes(o.zoaId)) ?? (oas.length === 1 ? oas[0] : undefined);
  const secret = oa ? cipher.decrypt(oa.webhookSecretEnc) : undefined;
  const outcome = handleZaloWebhook({ rawBody, headers, secretFor: () => secret });
  if (!outcome.ok || !oa) return { status: 401, reason: outcome.ok ? 'unknown-app' : outcome.reason };
  const event = outcome.event;
  // After the signature: only a signed timestamp is worth judging (and logging).
  const fresh = checkEventFreshness(event.timestamp, opts.now ?? Date.now());
  if (!fresh.ok) return { status: 401, reason: fresh.reason, log: { appId, eventName: event.eventName, timestamp: event.timestamp.slice(0, 20), ageMs: fresh.ageMs } };

  // The event and its statistics (hourly rollup, ADR 0014) commit together: a retry counts once.
  const inserted = await db.transaction(async (tx) => {
    const stored = await insertEventOnce(tx, { zaloOaId: oa.id, eventName: event.eventName, dedupeKey: dedupeKey(event, rawBody), payload: event.raw });
    if (stored) await recordOaEventStats(tx, { tenantId: oa.tenantId, zaloOaId: oa.id }, event);
    return stored;
  });
  if (!inserted) return { status: 200, duplicate: true, event, zaloOaId: oa.id };

  if (event.type === 'zns_delivery' && handlers.onDelivery) {
    const t = Number(event.deliveryTime ?? event.timestamp);
    await handlers.onDelivery(db, { zaloOaId: oa.id, msgId: event.msgId, trackingId: event.trackingId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
  } else if (event.type === 'message_received' && handlers.onDelivery) {
    // The OA form of the receipt: no tracking id or delivery time, the event's own time instead.
    const t = Number(event.timestamp);
    for (const msgId of event.msgIds) await handlers.onDelivery(db, { zaloOaId: oa.id, msgId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
  } else if (event.type === 'template_status') {
    await applyTemplateStatus(db, { zaloOaId: oa.id, znsTemplateId: event.templateId, status: event.newStatus, reason: event.reason });
  } else if (event.type === 'template_quality') {
    await applyTemplateQuality(db, { zaloOaId: oa.id, znsTemplateId: event.templateId, quality: event.quality });
  } else if (FOLLOWER_EVENTS.has(event.type) || (event.type === 'interaction' && event.eventName === 'user_reply_consent')) {
    await applyFollowerEvent(db, oa.id, event);
  }
  // Every other kind (tags, widget_*, admin echoes, unknown names) is stored above and acknowledged.
  return { status: 200, duplicate: false, event, zaloOaId: oa.id };
}
