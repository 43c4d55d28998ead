import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, unionPermissions, type MerchantRole, type Permission } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../app-types';
import type { Database, DbOrTx } from '../db/client';
import type { Listener } from '../db/pg-listener';
import { sessions } from '../db/schema/auth';
import { merchantMembers, tenants } from '../db/schema/organisation';
import { tenantMembers, userGroups } from '../db/schema/user-groups';
import { merchantAccess, requireMerchant, requireUser } from './context';
import { AppError } from './errors';
import { EVENT_AUDIENCE, EVENT_CHANNEL, EVENT_COLUMNS, eventFromRow, findEventsByIds, type DomainEvent, type EventRow } from './events';

/** What one stream may see: the organisation role's permissions and, per reachable tenant, the effective ones. */
export interface StreamAccess {
  merchant: ReadonlySet<Permission>;
  tenants: ReadonlyMap<string, ReadonlySet<Permission>>;
}

/** One open stream as the hub sees it. */
export interface RealtimeSubscriber {
  readonly userId: string;
  readonly merchantId: string;
  /** x-tenant-id of the stream: then only that tenant's events (and the organisation's) are sent. */
  readonly tenantScope: string | null;
  access: StreamAccess;
  deliver(event: DomainEvent, frame: string): void;
  ping(): void;
  end(): void;
}

/** Whether a stream may receive an event: its organisation, its tenant scope, the tenant's access, the audience. */
export function canSee(sub: Pick<RealtimeSubscriber, 'userId' | 'merchantId' | 'tenantScope' | 'access'>, event: DomainEvent): boolean {
  if (event.merchantId !== sub.merchantId) return false;
  if (sub.tenantScope && event.tenantId && event.tenantId !== sub.tenantScope) return false;
  const tenantPerms = event.tenantId ? sub.access.tenants.get(event.tenantId) : undefined;
  if (event.tenantId && !tenantPerms) return false;
  const audience = EVENT_AUDIENCE[event.type];
  if ('user' in audience) return (event.data as { userId?: unknown }).userId === sub.userId;
  const needed = event.tenantId ? audience.tenant : audience.merchant;
  const held = tenantPerms ?? sub.access.merchant;
  return needed?.some((p) => held.has(p)) ?? false;
}

/** The SSE frame of an event, built once and written to every stream that may see it. */
export function eventFrame(e: DomainEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, type: e.type, merchantId: e.merchantId, tenantId: e.tenantId, at: e.at, data: e.data })}\n\n`;
}

/**
 * The memberships of a stream, or null when the session is revoked or the user left the
 * organisation. Tenant permissions are the same union as the access hook's (merchant role ∪ user
 * group); organisation-wide roles reach every tenant of the organisation.
 */
export async function loadStreamAccess(db: DbOrTx, userId: string, sessionId: string, merchantId: string): Promise<StreamAccess | null> {
  const [member] = await db
    .select({ role: merchantMembers.role })
    .from(merchantMembers)
    .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .where(and(eq(merchantMembers.userId, userId), eq(merchantMembers.merchantId, merchantId)));
  if (!member) return null;
  const role = member.role as MerchantRole; // written only from MERCHANT_ROLES
  const orgWide = ORGANISATION_WIDE_ROLES.includes(role);
  const rows = await db
    .select({ id: tenants.id, memberUserId: tenantMembers.userId, groupPermissions: userGroups.permissions })
    .from(tenants)
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenants.id), eq(tenantMembers.userId, userId)))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(eq(tenants.merchantId, merchantId));
  const byTenant = new Map<string, ReadonlySet<Permission>>();
  for (const r of rows) {
    if (!orgWide && !r.memberUserId) continue;
    byTenant.set(r.id, new Set(unionPermissions(MERCHANT_ROLE_PERMISSIONS[role], r.groupPermissions ?? [])));
  }
  return { merchant: new Set(MERCHANT_ROLE_PERMISSIONS[role]), tenants: byTenant };
}

export interface RealtimeHubOptions {
  /** How long a gap in the ids (an event whose transaction has not committed yet) holds later events back. */
  gapMs?: number;
  /** SSE comment sent to every stream so proxies keep the connection (25 s). */
  heartbeatMs?: number;
  onError?: (err: unknown) => void;
}

const FETCH_LIMIT = 1000;
const SKIPPED_KEPT = 10_000;

/**
 * One per API process (ADR 0007). It LISTENs once on EVENT_CHANNEL, reads new events by id and
 * writes each to the open streams of its organisation that may see it (an index by organisation;
 * the frame is built once). Events go out in id order: a missing id (a transaction that took its id
 * and has not committed) holds later ones back for up to `gapMs`, then is skipped — and still sent
 * if it commits later, since its NOTIFY names it. Started by the first stream.
 */
export class RealtimeHub {
  private readonly byMerchant = new Map<string, Set<RealtimeSubscriber>>();
  private readonly perUser = new Map<string, number>();
  private horizon = 0;
  private readonly pending = new Map<number, DomainEvent | null>();
  private readonly skipped = new Set<number>();
  private readonly late = new Set<number>();
  private started: Promise<void> | null = null;
  private listener: Listener | null = null;
  private fetching: Promise<void> | null = null;
  private dirty = false;
  private gapTimer: NodeJS.Timeout | null = null;
  private gapAt = 0;
  private gapExpired = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  readonly stats = { delivered: 0, events: 0, skippedIds: 0 };

  constructor(
    private readonly database: Database,
    private readonly opts: RealtimeHubOptions = {},
  ) {}

  /** Open streams of one user in this process (a cap keeps one account from exhausting it). */
  streamsOf(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  get subscribers(): number {
    let n = 0;
    for (const set of this.byMerchant.values()) n += set.size;
    return n;
  }

  /** Everything up to this id has been dispatched (or skipped as a gap). */
  get position(): number {
    return this.horizon;
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('realtime hub stopped'));
    this.started ??= this.open().catch((err: unknown) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  private async open(): Promise<void> {
    // LISTEN first, then read where the log ends: nothing committed in between is lost.
    this.listener = await this.database.listen(EVENT_CHANNEL, (payload) => this.onNotify(payload), {
      onReconnect: () => this.poke(),
      onError: (err) => this.opts.onError?.(err),
    });
    const res = (await this.database.db.execute(sql`select coalesce(max(id), 0)::text as max from domain_events`)) as unknown as { rows: Array<{ max: string }> }; // both drivers answer { rows }
    this.horizon = Number(res.rows[0]?.max ?? 0);
    // Ids missing just below the end may belong to transactions still open: their NOTIFY gets them sent.
    const recent = (await this.database.db.execute(sql`select id::text as id from domain_events where id > ${this.horizon - 1000}`)) as unknown as { rows: Array<{ id: string }> };
    const present = new Set(recent.rows.map((r) => Number(r.id)));
    for (let id = Math.max(1, this.horizon - 999); id <= this.horizon; id += 1) if (!present.has(id)) this.addSkipped(id);
    this.heartbeat = setInterval(() => {
      for (const set of this.byMerchant.values()) for (const s of set) s.ping();
    }, this.opts.heartbeatMs ?? 25_000);
    this.heartbeat.unref();
  }

  /** Adds a stream; answers the position it starts after (events up to it were dispatched before). */
  async subscribe(sub: RealtimeSubscriber): Promise<number> {
    await this.start();
    let set = this.byMerchant.get(sub.merchantId);
    if (!set) this.byMerchant.set(sub.merchantId, (set = new Set()));
    set.add(sub);
    this.perUser.set(sub.userId, this.streamsOf(sub.userId) + 1);
    return this.horizon;
  }

  unsubscribe(sub: RealtimeSubscriber): void {
    const set = this.byMerchant.get(sub.merchantId);
    if (!set?.delete(sub)) return;
    if (set.size === 0) this.byMerchant.delete(sub.merchantId);
    const n = this.streamsOf(sub.userId) - 1;
    if (n > 0) this.perUser.set(sub.userId, n);
    else this.perUser.delete(sub.userId);
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of [...this.byMerchant.values()]) for (const s of [...set]) s.end();
    this.byMerchant.clear();
    await this.listener?.close();
    await this.fetching;
  }

  private onNotify(payload: string): void {
    if (!/^\d{1,15}$/.test(payload)) return;
    const id = Number(payload);
    if (id <= this.horizon) {
      // Skipped as a gap earlier, committed now: send it late rather than never.
      if (this.skipped.delete(id)) {
        this.late.add(id);
        this.poke();
      }
      return;
    }
    if (!this.pending.has(id)) this.poke();
  }

  /** Schedules a read of the log (coalesced: one read in flight, one more queued at most). */
  private poke(): void {
    if (this.closed) return;
    if (this.fetching) {
      this.dirty = true;
      return;
    }
    this.fetching = (async () => {
      do {
        this.dirty = false;
        try {
          await this.fetchOnce();
        } catch (err) {
          this.opts.onError?.(err);
        }
      } while (this.dirty && !this.closed);
    })().finally(() => {
      this.fetching = null;
    });
  }

  private async fetchOnce(): Promise<void> {
    if (this.late.size > 0) {
      const ids = [...this.late];
      this.late.clear();
      for (const e of await findEventsByIds(this.database.db, ids)) this.dispatch(e);
    }
    const res = (await this.database.db.execute(sql`select ${EVENT_COLUMNS} from domain_events where id > ${this.horizon} order by id limit ${FETCH_LIMIT}`)) as unknown as { rows: EventRow[] }; // both drivers answer { rows }
    for (const row of res.rows) {
      const id = Number(row.id);
      if (id > this.horizon) this.pending.set(id, eventFromRow(row));
    }
    if (res.rows.length === FETCH_LIMIT) this.dirty = true;
    if (this.gapExpired) {
      this.gapExpired = false;
      if (this.pending.size > 0 && !this.pending.has(this.horizon + 1) && this.gapAt === this.horizon + 1) {
        const next = Math.min(...this.pending.keys());
        for (let id = this.horizon + 1; id < next; id += 1) this.addSkipped(id);
        this.horizon = next - 1;
      }
    }
    this.drain();
  }

  private drain(): void {
    for (let e = this.pending.get(this.horizon + 1); e !== undefined; e = this.pending.get(this.horizon + 1)) {
      this.pending.delete(this.horizon + 1);
      this.horizon += 1;
      if (e) this.dispatch(e);
    }
    if (this.pending.size === 0) {
      if (this.gapTimer) clearTimeout(this.gapTimer);
      this.gapTimer = null;
      return;
    }
    if (this.gapTimer && this.gapAt === this.horizon + 1) return;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapAt = this.horizon + 1;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      this.gapExpired = true;
      this.poke();
    }, this.opts.gapMs ?? 500);
    this.gapTimer.unref();
  }

  private addSkipped(id: number): void {
    this.skipped.add(id);
    this.stats.skippedIds += 1;
    if (this.skipped.size > SKIPPED_KEPT) {
      const oldest = this.skipped.values().next().value;
      if (oldest !== undefined) this.skipped.delete(oldest);
    }
  }

  private dispatch(e: DomainEvent): void {
    this.stats.events += 1;
    const set = this.byMerchant.get(e.merchantId);
    if (!set) return;
    let frame: string | null = null;
    for (const s of set) {
      if (!canSee(s, e)) continue;
      frame ??= eventFrame(e);
      s.deliver(e, frame);
      this.stats.delivered += 1;
    }
  }
}

/** Streams one user may hold open in one process. */
export const MAX_STREAMS_PER_USER = 32;
/** How far back a Last-Event-ID is replayed (and at most how many events); past it the stream says `reset`. */
export const REPLAY_WINDOW_MS = 24 * 3600_000;
export const REPLAY_LIMIT = 10_000;
/** How often a stream re-reads its session and memberships. */
const ACCESS_RECHECK_MS = 60_000;
/** A stream's socket buffer past this (a reader that stopped reading) ends it; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** `Last-Event-ID` (header) or `lastEventId` (query): digits only; anything else means a fresh stream. */
export function parseLastEventId(value: unknown): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v.trim())) return null;
  return Number(v.trim());
}

const streamQuery = z.object({ lastEventId: z.union([z.string(), z.array(z.string())]).optional() });

interface ReplayResult {
  events: DomainEvent[];
  reset: 'too_old' | 'too_many' | null;
}

async function replayAfter(db: DbOrTx, merchantId: string, after: number): Promise<ReplayResult | 'unknown'> {
  const bounds = ((await db.execute(sql`select coalesce(min(id), 0)::text as min, coalesce(max(id), 0)::text as max from domain_events`)) as unknown as { rows: Array<{ min: string; max: string }> }).rows[0]; // both drivers answer { rows }
  const max = Number(bounds?.max ?? 0);
  // An id past the end of the log was not issued here (another database, a forged header): start fresh.
  if (after > max) return 'unknown';
  if (after + 1 < Number(bounds?.min ?? 0)) return { events: [], reset: 'too_old' };
  const rows = ((await db.execute(sql`select ${EVENT_COLUMNS} from domain_events where merchant_id = ${merchantId}::uuid and id > ${after} order by id limit ${REPLAY_LIMIT + 1}`)) as unknown as { rows: EventRow[] }).rows;
  if (rows.length > REPLAY_LIMIT) return { events: [], reset: 'too_many' };
  const first = rows[0];
  if (first && new Date(first.created_at).getTime() < Date.now() - REPLAY_WINDOW_MS) return { events: [], reset: 'too_old' };
  return { events: rows.flatMap((r) => eventFromRow(r) ?? []), reset: null };
}

/** Whether the request accepts an event stream (a plain API call, or `inject`, gets 406 instead of a stream that never ends). */
function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
}

/**
 * GET /api/realtime/stream (docs/realtime.md): one server-sent-events stream per signed-in console,
 * scoped by x-merchant-id (and optionally x-tenant-id), resumable with Last-Event-ID. Only for
 * `Accept: text/event-stream`: anything else answers 406 rather than a response that never ends.
 */
export function registerRealtimeRoutes(app: ZodApp, deps: ModuleDeps, hub: RealtimeHub): void {
  app.get(
    '/realtime/stream',
    {
      config: { access: merchantAccess() },
      schema: {
        operationId: 'streamEvents',
        tags: ['Realtime'],
        summary: 'Server-sent events of the organisation (and its tenants) the user may see',
        description:
          'text/event-stream (send Accept: text/event-stream; 406 otherwise). Messages: `ready` first (id = position to resume from), then events `id: <event id>`, `event: <type>`, `data: {id,type,merchantId,tenantId,at,data}`, `reset` when a resume is past 24 h / 10,000 events, `: ping` every 25 s. Resume with the Last-Event-ID header or lastEventId (digits; anything else starts fresh). Contract: docs/realtime.md.',
        querystring: streamQuery,
      },
    },
    async (request, reply) => {
      if (!acceptsEventStream(request.headers.accept)) throw new AppError('NOT_ACCEPTABLE');
      const user = requireUser(request.ctx);
      const merchantId = requireMerchant(request.ctx);
      const sessionId = request.ctx.sessionId ?? '';
      const tenantScope = request.ctx.tenantId;
      const access = await loadStreamAccess(deps.db, user.id, sessionId, merchantId);
      if (!access) throw new AppError('UNAUTHORIZED');
      if (hub.streamsOf(user.id) >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED', 'Too many open realtime streams for this account');
      const lastEventId = parseLastEventId(request.headers['last-event-id'] ?? request.query.lastEventId);
      const replay = lastEventId === null ? null : await replayAfter(deps.db, merchantId, lastEventId);
      await hub.start(); // before the headers: a database that cannot LISTEN answers an error, not an empty stream
      const auth = request.headers.authorization ?? '';
      const exp = (() => {
        try {
          return decodeJwt(auth.slice(7)).exp ?? null; // verified by the access hook already
        } catch {
          return null;
        }
      })();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n\n');

      let buffer: Array<{ event: DomainEvent; frame: string }> | null = [];
      let ended = false;
      const timers: NodeJS.Timeout[] = [];
      const write = (chunk: string) => {
        if (ended) return;
        res.write(chunk);
        if (res.writableLength > MAX_BUFFERED_BYTES) sub.end();
      };
      const sub: RealtimeSubscriber = {
        userId: user.id,
        merchantId,
        tenantScope,
        access,
        deliver(event, frame) {
          if (buffer) buffer.push({ event, frame });
          else write(frame);
        },
        ping() {
          write(': ping\n\n');
        },
        end() {
          if (ended) return;
          ended = true;
          res.end();
        },
      };
      const cleanup = () => {
        ended = true;
        for (const t of timers) clearTimeout(t);
        hub.unsubscribe(sub);
      };
      res.on('close', cleanup);

      const start = await hub.subscribe(sub);
      const resumed = replay !== null && replay !== 'unknown' ? replay : null;
      // Resumed: the client's own position; otherwise where this stream starts (events after it follow).
      const readyId = resumed && !resumed.reset && lastEventId !== null ? lastEventId : start;
      write(`id: ${readyId}\nevent: ready\ndata: ${JSON.stringify({ position: readyId, resumed: resumed !== null && !resumed.reset })}\n\n`);
      const sent = new Set<number>();
      if (resumed?.reset) {
        write(`id: ${start}\nevent: reset\ndata: ${JSON.stringify({ reason: resumed.reset })}\n\n`);
      } else if (resumed) {
        for (const e of resumed.events) {
          if (!canSee(sub, e)) continue;
          sent.add(e.id);
          write(eventFrame(e));
        }
      }
      const queued = buffer;
      buffer = null;
      for (const q of queued) if (!sent.has(q.event.id)) write(q.frame);

      // A token's end ends the stream (the console reconnects with a fresh one and Last-Event-ID).
      if (exp) timers.push(setTimeout(() => sub.end(), Math.max(0, Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1))));
      const recheck = () => {
        timers.push(
          setTimeout(() => {
            loadStreamAccess(deps.db, user.id, sessionId, merchantId).then(
              (next) => {
                if (ended) return;
                if (!next || (tenantScope && !next.tenants.has(tenantScope))) return sub.end();
                sub.access = next;
                recheck();
              },
              () => recheck(),
            );
          }, ACCESS_RECHECK_MS + Math.floor(Math.random() * 10_000)),
        );
      };
      recheck();
      if (ended) cleanup();
    },
  );
}
