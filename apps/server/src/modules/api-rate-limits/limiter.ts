import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { ApiRateLimitValues } from '@zc/shared/api/api-rate-limits';

/** One bucket's state after a request: the figures its RateLimit-* headers carry. */
export interface BucketFigures {
  /** Requests the bucket holds when full (rate × burst seconds). */
  capacity: number;
  /** The window of that capacity, in seconds (the burst). */
  windowSeconds: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds to wait before the next request can pass (0 when allowed). */
  retryAfterSeconds: number;
  /** The tighter of the two buckets: the one with fewer requests left. */
  tighter: BucketFigures;
  key: BucketFigures;
  tenant: BucketFigures;
}

interface Waiting {
  hash: string;
  resolve(d: RateDecision | null): void;
  reject(e: unknown): void;
}

interface KeyRow {
  hash: string;
  keyId: string;
  tenantId: string;
  limits: ApiRateLimitValues;
}

const MAX_BATCH = 500;
const KEY_PREFIX = 'api-key:';
const TENANT_PREFIX = 'api-tenant:';

/** node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[]; // driver result shapes
}

/** A bucket's figures when its theoretical arrival time is `tatMs`. */
export function figuresAt(tatMs: number, nowMs: number, perSecond: number, burstSeconds: number): BucketFigures {
  const interval = 1000 / perSecond;
  const ahead = Math.max(0, tatMs - nowMs);
  return {
    capacity: perSecond * burstSeconds,
    windowSeconds: burstSeconds,
    remaining: Math.max(0, Math.floor((burstSeconds * 1000 - ahead) / interval + 1e-6)),
    resetSeconds: Math.max(0, Math.ceil(ahead / 1000 - 1e-6)),
  };
}

/** Pure GCRA step (rejecting variant): the bucket's time after one request at `nowMs`, or how long until it would pass. */
export function gcraStep(tatMs: number, nowMs: number, perSecond: number, burstSeconds: number) {
  const interval = 1000 / perSecond;
  const next = Math.max(tatMs, nowMs) + interval;
  const over = next - nowMs - burstSeconds * 1000;
  return over <= 1e-6 ? { allowed: true, tat: next, waitMs: 0 } : { allowed: false, tat: tatMs, waitMs: over };
}

/**
 * Per-API-key and per-tenant limits of the public API (issue 17 #4), kept in `rate_limit_buckets`
 * as GCRA (one theoretical arrival time per bucket on the database's clock), so every API process
 * draws from the same budget. Requests arriving while a decision is in flight share the next one
 * (DataLoader-style, like the send context loader): one transaction per batch reads the keys'
 * tenants and limits, locks the buckets in key order, decides each request in arrival order and
 * writes the new times. A request passes only if both its key and its tenant have room; a refused
 * one consumes nothing, so a key over its own limit never drains its tenant.
 */
export class PublicApiRateLimiter {
  private readonly queue: Waiting[] = [];
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly defaults: ApiRateLimitValues,
  ) {}

  /** The decision for one request of the key with this secret hash; null when no active key has it. */
  check(hash: string): Promise<RateDecision | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ hash, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const decisions = await this.decide(batch.map((w) => w.hash));
          batch.forEach((w, i) => w.resolve(decisions[i] ?? null));
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  private async decide(hashes: string[]): Promise<(RateDecision | null)[]> {
    const distinct = [...new Set(hashes)];
    return this.db.transaction(async (tx) => {
      const keys = await this.lookup(tx, distinct);
      const byHash = new Map(keys.map((k) => [k.hash, k]));
      const buckets = [...new Set(keys.flatMap((k) => [KEY_PREFIX + k.keyId, TENANT_PREFIX + k.tenantId]))].sort();
      if (buckets.length === 0) return hashes.map(() => null);
      // The lookup created missing buckets; every bucket of the batch is now locked in key order.
      const locked = rowsOf<{ key: string; tat_ms: number | string; now_ms: number | string }>(
        await tx.execute(sql`select key, tat_ms, extract(epoch from clock_timestamp()) * 1000 as now_ms
          from rate_limit_buckets where key = any(${toArray(buckets)}::text[]) order by key for update`),
      );
      const nowMs = Number(locked[0]?.now_ms ?? Date.now());
      const tat = new Map(locked.map((r) => [r.key, Number(r.tat_ms)]));
      const changed = new Set<string>();
      const out = hashes.map((hash): RateDecision | null => {
        const k = byHash.get(hash);
        if (!k) return null;
        const kb = KEY_PREFIX + k.keyId;
        const tb = TENANT_PREFIX + k.tenantId;
        const { keyPerSecond, tenantPerSecond, burstSeconds } = k.limits;
        const ks = gcraStep(tat.get(kb) ?? 0, nowMs, keyPerSecond, burstSeconds);
        const ts = gcraStep(tat.get(tb) ?? 0, nowMs, tenantPerSecond, burstSeconds);
        const allowed = ks.allowed && ts.allowed;
        if (allowed) {
          tat.set(kb, ks.tat);
          tat.set(tb, ts.tat);
          changed.add(kb).add(tb);
        }
        // A refused request consumes nothing: both buckets report their state as it stands.
        const keyFig = figuresAt(tat.get(kb) ?? 0, nowMs, keyPerSecond, burstSeconds);
        const tenantFig = figuresAt(tat.get(tb) ?? 0, nowMs, tenantPerSecond, burstSeconds);
        const tighter = keyFig.remaining < tenantFig.remaining || (keyFig.remaining === tenantFig.remaining && keyFig.capacity <= tenantFig.capacity) ? keyFig : tenantFig;
        const waitMs = Math.max(ks.waitMs, ts.waitMs);
        return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(waitMs / 1000)), tighter, key: keyFig, tenant: tenantFig };
      });
      if (changed.size > 0) {
        const list = [...changed];
        await tx.execute(sql`update rate_limit_buckets b set tat_ms = v.tat, updated_at = clock_timestamp()
          from unnest(${toArray(list)}::text[], ${toArray(list.map((b) => tat.get(b) ?? 0))}::float8[]) as v(key, tat) where b.key = v.key`);
      }
      return out;
    });
  }

  private async lookup(tx: Tx, hashes: string[]): Promise<KeyRow[]> {
    const rows = rowsOf<{ hash: string; key_id: string; tenant_id: string; key_per_second: number | null; tenant_per_second: number | null; burst_seconds: number | null }>(
      // One round trip: the keys with their tenant's limits, and their buckets created when missing (a no-op otherwise;
      // sorted, so two processes creating the same buckets wait for each other instead of deadlocking).
      await tx.execute(sql`with k as (
          select k.secret_hash as hash, k.id as key_id, k.tenant_id, o.key_per_second, o.tenant_per_second, o.burst_seconds
          from api_keys k left join tenant_api_rate_limits o on o.tenant_id = k.tenant_id
          where k.secret_hash = any(${toArray(hashes)}::text[]) and k.status = 'ACTIVE'
        ), created as (
          insert into rate_limit_buckets (key, tat_ms, updated_at)
          select b, 0, clock_timestamp() from (select ${KEY_PREFIX} || key_id::text as b from k union select ${TENANT_PREFIX} || tenant_id::text from k) x
          order by b on conflict (key) do nothing
        )
        select * from k`),
    );
    return rows.map((r) => ({
      hash: r.hash,
      keyId: String(r.key_id),
      tenantId: String(r.tenant_id),
      limits: {
        keyPerSecond: r.key_per_second ?? this.defaults.keyPerSecond,
        tenantPerSecond: r.tenant_per_second ?? this.defaults.tenantPerSecond,
        burstSeconds: r.burst_seconds ?? this.defaults.burstSeconds,
      },
    }));
  }
}

/** A text[] literal bound as one parameter (drizzle would otherwise expand a JS array into a row). */
function toArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
