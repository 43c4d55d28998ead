import type { RawSql } from '../../db/client';
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

const MAX_BATCH = 500;
const KEY_PREFIX = 'api-key:';
const TENANT_PREFIX = 'api-tenant:';

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

/** One decision for a batch (see the class): $1 the secret hashes in arrival order, $2–$4 the default limits. */
const DECIDE = `with req as (
  select r.hash, r.ord from unnest($1::text[]) with ordinality as r(hash, ord)
), k as (
  select req.ord, ak.id as key_id, ak.tenant_id,
    coalesce(o.key_per_second, $2::int)::float8 as kr, coalesce(o.tenant_per_second, $3::int)::float8 as tr,
    coalesce(o.burst_seconds, $4::int)::float8 as b
  from req join api_keys ak on ak.secret_hash = req.hash and ak.status = 'ACTIVE'
  left join tenant_api_rate_limits o on o.tenant_id = ak.tenant_id
), locked as (
  select rb.key, rb.tat_ms from rate_limit_buckets rb
  where rb.key in (select 'api-key:' || key_id::text from k union select 'api-tenant:' || tenant_id::text from k)
  order by rb.key for update
), clock as (
  -- Soft state: this statement's commit does not wait for the WAL flush (a database crash may forget
  -- well under a second of counting, i.e. grant that much extra budget once), which is most of its cost.
  select extract(epoch from clock_timestamp()) * 1000 as now_ms, set_config('synchronous_commit', 'off', true) as async_commit
), s as (
  select k.*, c.now_ms, c.async_commit, coalesce(lk.tat_ms, 0) as ktat, coalesce(lt.tat_ms, 0) as ttat,
    greatest(coalesce(lk.tat_ms, 0), c.now_ms) as kbase, greatest(coalesce(lt.tat_ms, 0), c.now_ms) as tbase
  from k cross join clock c
  left join locked lk on lk.key = 'api-key:' || k.key_id::text
  left join locked lt on lt.key = 'api-tenant:' || k.tenant_id::text
), room as (
  select s.*,
    floor((s.b * 1000 - (s.kbase - s.now_ms)) * s.kr / 1000 + 1e-9) as kroom,
    floor((s.b * 1000 - (s.tbase - s.now_ms)) * s.tr / 1000 + 1e-9) as troom,
    row_number() over (partition by s.key_id order by s.ord) as kseq
  from s
), cand as (
  select room.*, row_number() over (partition by room.tenant_id order by room.ord) as tseq from room where room.kseq <= room.kroom
), adm as (
  select * from cand where cand.tseq <= cand.troom
), counts as (
  select 'api-key:' || key_id::text as bucket, max(kbase) + count(*) * 1000 / max(kr) as tat from adm group by key_id
  union all
  select 'api-tenant:' || tenant_id::text, max(tbase) + count(*) * 1000 / max(tr) from adm group by tenant_id
), written as (
  insert into rate_limit_buckets as rb (key, tat_ms, updated_at)
  select bucket, tat, clock_timestamp() from counts order by bucket
  on conflict (key) do update set tat_ms = excluded.tat_ms, updated_at = excluded.updated_at
)
select s.ord, s.key_id, s.tenant_id, s.kr, s.tr, s.b, s.ktat, s.ttat, s.now_ms, exists (select 1 from adm where adm.ord = s.ord) as allowed
from s order by s.ord`;

/**
 * Per-API-key and per-tenant limits of the public API (issue 17 #4), kept in `rate_limit_buckets`
 * as GCRA (one theoretical arrival time per bucket on the database's clock), so every API process
 * draws from the same budget. Requests arriving while a decision is in flight share the next one
 * (DataLoader-style, like the send context loader), and a decision is one statement: it reads the
 * keys' tenants and limits, locks the batch's buckets in key order, admits in arrival order the
 * requests both their key and their tenant have room for, and writes the new times. A request passes
 * only if both have room; a refused one consumes nothing, so a key over its own limit never drains
 * its tenant. (Admitting per key first, then per tenant among those, equals deciding one by one: once
 * a tenant refuses, it refuses every later request of the batch.) A bucket's first use by two
 * processes at the same instant may count one of their batches only (the row did not exist to lock).
 */
export class PublicApiRateLimiter {
  private readonly queue: Waiting[] = [];
  private busy = false;

  constructor(
    private readonly raw: RawSql,
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
    const d = this.defaults;
    const { rows } = await this.raw.query<DecisionRow>(DECIDE, [toArray(hashes), d.keyPerSecond, d.tenantPerSecond, d.burstSeconds], { name: 'public-api-rate-decide' });
    const out: (RateDecision | null)[] = hashes.map(() => null);
    const tat = new Map<string, number>();
    for (const r of rows) {
      const kb = KEY_PREFIX + String(r.key_id);
      const tb = TENANT_PREFIX + String(r.tenant_id);
      const nowMs = Number(r.now_ms);
      const [keyPerSecond, tenantPerSecond, burstSeconds] = [Number(r.kr), Number(r.tr), Number(r.b)];
      if (!tat.has(kb)) tat.set(kb, Number(r.ktat));
      if (!tat.has(tb)) tat.set(tb, Number(r.ttat));
      // The statement decided; replaying its decisions in order gives each answer's figures.
      const ks = gcraStep(tat.get(kb) ?? 0, nowMs, keyPerSecond, burstSeconds);
      const ts = gcraStep(tat.get(tb) ?? 0, nowMs, tenantPerSecond, burstSeconds);
      const allowed = r.allowed === true || r.allowed === 't';
      if (allowed) {
        tat.set(kb, Math.max(tat.get(kb) ?? 0, nowMs) + 1000 / keyPerSecond);
        tat.set(tb, Math.max(tat.get(tb) ?? 0, nowMs) + 1000 / tenantPerSecond);
      }
      // A refused request consumes nothing: both buckets report their state as it stands.
      const keyFig = figuresAt(tat.get(kb) ?? 0, nowMs, keyPerSecond, burstSeconds);
      const tenantFig = figuresAt(tat.get(tb) ?? 0, nowMs, tenantPerSecond, burstSeconds);
      const tighter = keyFig.remaining < tenantFig.remaining || (keyFig.remaining === tenantFig.remaining && keyFig.capacity <= tenantFig.capacity) ? keyFig : tenantFig;
      const waitMs = Math.max(ks.waitMs, ts.waitMs);
      out[Number(r.ord) - 1] = { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(waitMs / 1000)), tighter, key: keyFig, tenant: tenantFig };
    }
    return out;
  }
}

interface DecisionRow {
  ord: number | string;
  key_id: string;
  tenant_id: string;
  kr: number | string;
  tr: number | string;
  b: number | string;
  ktat: number | string;
  ttat: number | string;
  now_ms: number | string;
  allowed: boolean | string;
}

/** A text[] literal bound as one parameter (drizzle would otherwise expand a JS array into a row). */
function toArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
