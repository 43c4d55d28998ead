import { eq, inArray } from 'drizzle-orm';
import { WEBHOOK_HEADERS, WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_RETRY_WINDOW_SECONDS } from '@zc/shared/api/webhooks';
import type { Db } from '../../db/client';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import type { Cipher } from '../../platform/crypto';
import { keyedHash } from '../../platform/crypto';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../platform/jobs';
import { claimDue, leaseFence, scheduledBackoff } from '../../platform/lease-queue';
import type { DeliveryRow } from './presenter';
import { postWebhook, type WebhookTransport } from './transport';
import { checkWebhookUrl, pinnedLookup, resolvingLookup, systemResolve, type Resolver } from './url-guard';

/** A claimed row is invisible to other workers for this long; a crashed worker's rows come back after it. */
export const DELIVERY_LEASE_MS = 2 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const DUE = ['PENDING', 'RETRYING'];

export interface DeliverOptions {
  now?: () => Date;
  /** Replaces the HTTP POST (tests); the URL guard runs before it either way. */
  transport?: WebhookTransport;
  /** Host name resolver (tests); defaults to the system's. */
  resolve?: Resolver;
  limit?: number;
  /** config.webhookAllowPrivateTargets; false (private targets refused) unless given (see url-guard.ts). */
  allowPrivate?: boolean;
}

type RunOptions = Required<Pick<DeliverOptions, 'transport' | 'resolve' | 'allowPrivate'>>;

/** `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, the x-zc-signature header. */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${keyedHash(secret, `${unixSeconds}.${body}`)}`;
}

/** Delay before the next attempt after `failedAttempts` failures (1-based), in ms. */
export const retryDelayMs = scheduledBackoff(WEBHOOK_RETRY_SCHEDULE_SECONDS);

export interface DeliverySummary {
  attempted: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

type Outcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

async function attempt(row: DeliveryRow, hook: { url: string; secret: string }, now: Date, opts: RunOptions): Promise<Outcome> {
  // Checked again at every attempt (DNS answers change); the socket then goes only to the checked addresses.
  const verdict = await checkWebhookUrl(hook.url, { allowPrivate: opts.allowPrivate, resolve: opts.resolve });
  if (!verdict.ok) return { ok: false, statusCode: null, error: `URL refused: ${verdict.reason}` };
  const body = JSON.stringify({ id: row.id, event: row.event, createdAt: row.createdAt.toISOString(), data: row.payload });
  const t = Math.floor(now.getTime() / 1000);
  try {
    const res = await opts.transport(verdict.url, {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ZaloConsole-Webhooks/1',
        [WEBHOOK_HEADERS.signature]: signWebhookBody(hook.secret, body, t),
        [WEBHOOK_HEADERS.event]: row.event,
        [WEBHOOK_HEADERS.deliveryId]: row.id,
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      lookup: verdict.addresses ? pinnedLookup(verdict.addresses, opts.allowPrivate) : resolvingLookup(opts.resolve),
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status };
    // A redirect could point at an internal address: it counts as a failure, never followed.
    if (res.status >= 300 && res.status < 400) return { ok: false, statusCode: res.status, error: `HTTP ${res.status}: redirects are not followed` };
    return { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    const message = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
    return { ok: false, statusCode: null, error: message.slice(0, 500) };
  }
}

/** Claims due rows (optionally one id) under FOR UPDATE SKIP LOCKED and leases them (platform/lease-queue.ts). */
async function claim(db: Db, now: Date, limit: number, onlyId?: string) {
  return claimDue(db, webhookDeliveries, { due: DUE, now, leaseMs: DELIVERY_LEASE_MS, limit, where: onlyId ? eq(webhookDeliveries.id, onlyId) : undefined });
}

async function processClaimed(db: Db, cipher: Cipher, rows: DeliveryRow[], now: Date, opts: RunOptions): Promise<DeliverySummary> {
  const summary: DeliverySummary = { attempted: 0, succeeded: 0, retrying: 0, failed: 0 };
  if (rows.length === 0) return summary;
  const hooks = await db.select().from(tenantWebhooks).where(inArray(tenantWebhooks.id, [...new Set(rows.map((r) => r.webhookId))]));
  const byId = new Map(hooks.map((h) => [h.id, h]));
  await Promise.all(
    rows.map(async (row) => {
      const hook = byId.get(row.webhookId);
      const outcome: Outcome =
        !hook || (!hook.isActive && !row.isTest)
          ? { ok: false, statusCode: null, error: 'Webhook is disabled' }
          : await attempt(row, { url: hook.url, secret: cipher.decrypt(hook.secretEnc) }, now, opts);
      const attempts = row.attempts + 1;
      const expired = now.getTime() - row.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_SECONDS * 1000;
      const giveUp = !outcome.ok && (row.isTest || expired || !hook || !hook.isActive);
      const status = outcome.ok ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'RETRYING';
      // Only the holder of this attempt records it (a worker whose lease ran out loses the race).
      const updated = await db
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.ok ? null : outcome.error,
          deliveredAt: outcome.ok ? now : null,
          nextAttemptAt: status === 'RETRYING' ? new Date(now.getTime() + retryDelayMs(attempts)) : now,
        })
        .where(leaseFence(webhookDeliveries, row, DUE))
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) return;
      summary.attempted += 1;
      if (status === 'SUCCEEDED') summary.succeeded += 1;
      else if (status === 'RETRYING') summary.retrying += 1;
      else summary.failed += 1;
    }),
  );
  return summary;
}

function resolved(opts: DeliverOptions) {
  return {
    now: opts.now?.() ?? new Date(),
    limit: opts.limit ?? 50,
    run: { transport: opts.transport ?? postWebhook, resolve: opts.resolve ?? systemResolve, allowPrivate: opts.allowPrivate ?? false },
  };
}

/**
 * The delivery worker: sends due deliveries (signed POST), marks 2xx SUCCEEDED, otherwise
 * schedules a retry with back-off until 24 h after creation, then FAILED. Safe to run in several
 * processes at once (SKIP LOCKED + lease). Returns what it did.
 */
export async function deliverDueWebhooks(db: Db, cipher: Cipher, opts: DeliverOptions = {}): Promise<DeliverySummary> {
  const r = resolved(opts);
  return processClaimed(db, cipher, await claim(db, r.now, r.limit), r.now, r.run);
}

/** Attempts one delivery now (test-fire); a no-op when another worker holds it. */
export async function deliverOne(db: Db, cipher: Cipher, deliveryId: string, opts: DeliverOptions = {}): Promise<DeliverySummary> {
  const r = resolved(opts);
  return processClaimed(db, cipher, await claim(db, r.now, 1, deliveryId), r.now, r.run);
}

/**
 * pg-boss schedules at most once a minute, so each run sweeps twice, 30 s apart (every 30 s
 * overall); each sweep drains up to 10 batches.
 */
export function webhookDeliveryJob(db: Db, cipher: Cipher, opts: { allowPrivate: boolean }): JobDefinition {
  const sweep = async () => {
    for (let i = 0; i < 10; i += 1) if ((await deliverDueWebhooks(db, cipher, { limit: 50, allowPrivate: opts.allowPrivate })).attempted < 50) return;
  };
  return defineJob({
    name: 'webhook-deliver',
    payload: z.object({}),
    cron: '* * * * *',
    handle: async () => {
      await sweep();
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      await sweep();
    },
  });
}
