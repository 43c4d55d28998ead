import { handleZaloWebhook } from '@zc/zalo/webhook';
import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Db } from '../../db/client';
import { sha256, type Cipher } from '../../platform/crypto';
import { wakeZaloConsumer } from './consumer';
import { findOasOfApp, insertEventOnce, insertEventsOnce } from './repo';

export type { EventHandlers } from './consumer';

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
  // A reaction names the message reacted to: the same side may react to it again (another icon, a
  // removal), so its icon and time belong to the key too (a retry resends the same body, the same key).
  if (msgId && event.type === 'reaction') return `${event.eventName}:${String(msgId)}:${event.reactIcon ?? ''}:${String(raw.timestamp ?? '')}`;
  if (msgId) return `${event.eventName}:${String(msgId)}`;
  // Zalo retries resend the same signed body; two different events never share its hash.
  return `${event.eventName}:${event.appId}:${sha256(rawBody)}`;
}

/** What the ingest path needs of an OA: its ids, tenant and decrypted webhook secret. */
interface AppOa {
  id: string;
  tenantId: string;
  zoaId: string;
  webhookSecret: string;
}

/**
 * The OAs of each Zalo app, with their webhook secrets decrypted, kept in process for
 * APP_CACHE_TTL_MS (ADR 0015): the ingest path then reads no row before it stores. A miss (an app
 * with no OA) is not kept; an event that does not verify against a cached entry, or names an OA the
 * entry lacks, reads it again, so a new OA or a rotated secret is seen at once and a removed OA within the TTL.
 */
export const APP_CACHE_TTL_MS = 10_000;
const appCache = new WeakMap<object, Map<string, { oas: AppOa[]; until: number }>>();

async function oasOfApp(db: Db, cipher: Cipher, appId: string, fresh: boolean): Promise<{ oas: AppOa[]; cached: boolean }> {
  if (!appId) return { oas: [], cached: false };
  let byApp = appCache.get(db);
  if (!byApp) appCache.set(db, (byApp = new Map()));
  const hit = byApp.get(appId);
  if (hit && !fresh && hit.until > Date.now()) return { oas: hit.oas, cached: true };
  const oas = (await findOasOfApp(db, appId)).map((o) => ({ id: o.id, tenantId: o.tenantId, zoaId: o.zoaId, webhookSecret: cipher.decrypt(o.webhookSecretEnc) }));
  if (oas.length > 0) byApp.set(appId, { oas, until: Date.now() + APP_CACHE_TTL_MS });
  else byApp.delete(appId);
  return { oas, cached: false };
}

/** Forgets the cached OAs of every app (tests; a process that changed OA credentials may call it). */
export function forgetZaloApps(db: Db): void {
  appCache.delete(db);
}

function verify(
  oas: AppOa[],
  candidates: string[],
  rawBody: string,
  body: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
): { ok: true; oa: AppOa; event: ZaloWebhookEvent; named: boolean } | { ok: false; reason: string } {
  const named = oas.find((o) => candidates.includes(o.zoaId));
  const oa = named ?? (oas.length === 1 ? oas[0] : undefined);
  const outcome = handleZaloWebhook({ rawBody, body, headers, secretFor: () => oa?.webhookSecret });
  if (!outcome.ok || !oa) return { ok: false, reason: outcome.ok ? 'unknown-app' : outcome.reason };
  return { ok: true, oa, event: outcome.event, named: Boolean(named) };
}

interface Pending {
  oa: AppOa;
  event: ZaloWebhookEvent;
  dedupeKey: string;
  done: (stored: boolean) => void;
  fail: (err: unknown) => void;
}

/** At most this many events are stored by one statement. */
const BATCH_MAX = 500;

/**
 * Group commit of verified events (ADR 0015): requests that arrive while a batch is being written
 * wait for the next one, which stores them all with ONE insert … on conflict do nothing returning,
 * marked pending. Their effects (rollups, chat sessions, followers, receipts, templates) are applied
 * off the request path by the consumer (consumer.ts, ADR 0019), woken once the batch committed. A
 * batch that fails (a removed OA) is retried event by event, so one event never fails another.
 */
class IngestBatcher {
  private queue: Pending[] = [];
  private running = false;
  constructor(private readonly db: Db) {}

  store(item: Omit<Pending, 'done' | 'fail'>): Promise<boolean> {
    return new Promise<boolean>((done, fail) => {
      this.queue.push({ ...item, done, fail });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_MAX);
        try {
          // One statement, its own implicit transaction: durable when it answers.
          const keys = await insertEventsOnce(
            this.db,
            batch.map((p) => ({ zaloOaId: p.oa.id, eventName: p.event.eventName, dedupeKey: p.dedupeKey, payload: p.event.raw, pending: true })),
          );
          // The first of the batch with a stored key is the stored one; a second copy is a duplicate.
          const flags = batch.map((p) => keys.delete(p.dedupeKey));
          if (flags.some(Boolean)) wakeZaloConsumer(this.db);
          batch.forEach((p, i) => p.done(Boolean(flags[i])));
        } catch {
          for (const p of batch) await this.storeOne(p);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async storeOne(p: Pending): Promise<void> {
    try {
      const stored = await insertEventOnce(this.db, { zaloOaId: p.oa.id, eventName: p.event.eventName, dedupeKey: p.dedupeKey, payload: p.event.raw, pending: true });
      if (stored) wakeZaloConsumer(this.db);
      p.done(stored);
    } catch (err) {
      p.fail(err);
    }
  }
}

const batchers = new WeakMap<object, IngestBatcher>();
function batcherOf(db: Db): IngestBatcher {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new IngestBatcher(db)));
  return b;
}

/**
 * Verifies the signature with the OA's own webhook secret, refuses events outside the freshness
 * window and stores the event once (Zalo retries are deduplicated), pending: what the product
 * understands of it is applied by the consumer (ADR 0019). Unsigned, wrongly signed and stale or
 * future-dated bodies answer 401 and store nothing.
 */
export async function ingestZaloWebhook(
  db: Db,
  cipher: Cipher,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
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
  const app = await oasOfApp(db, cipher, appId, false);
  let verified = verify(app.oas, candidates, rawBody, parsed, headers);
  // A cached app whose OA or secret no longer matches (an OA added, a secret rotated), or whose OAs do
  // not include the one the event names (it would otherwise fall back to the app's only cached OA): read it again once.
  if (app.cached && (!verified.ok || (!verified.named && candidates.length > 0))) verified = verify((await oasOfApp(db, cipher, appId, true)).oas, candidates, rawBody, parsed, headers);
  if (!verified.ok) return { status: 401, reason: verified.reason };
  const { oa, event } = verified;
  // After the signature: only a signed timestamp is worth judging (and logging).
  const fresh = checkEventFreshness(event.timestamp, opts.now ?? Date.now());
  if (!fresh.ok) return { status: 401, reason: fresh.reason, log: { appId, eventName: event.eventName, timestamp: event.timestamp.slice(0, 20), ageMs: fresh.ageMs } };

  // Stored durably (a batch of concurrent deliveries per statement, ADR 0015) before the 200; its
  // effects follow off the request path, exactly once (ADR 0019). A retry stores nothing.
  const inserted = await batcherOf(db).store({ oa, event, dedupeKey: dedupeKey(event, rawBody) });
  return { status: 200, duplicate: !inserted, event, zaloOaId: oa.id };
}
