import type { EventPayloads } from '@zc/shared/api/events';
// The console's side of the realtime stream (docs/realtime.md, ADR 0007): an SSE parser, the event
// types, a listener registry and one resumable connection. No React and no DOM here, so the logic is
// tested in node (realtime.test.ts); app/realtime.tsx mounts it in the signed-in shell.

/** One message of an event stream, as the WHATWG "interpreting an event stream" algorithm dispatches it. */
export interface SseMessage {
  /** The last event id at dispatch (it carries over from earlier messages, as the spec says). */
  id: string;
  event: string;
  data: string;
}

export interface SseChunkResult {
  messages: SseMessage[];
  /** Comments seen in this chunk (the server's `: ping` heartbeats). */
  comments: number;
  /** The last `retry:` value of this chunk, if any (ms). */
  retry: number | null;
}

export interface SseParser {
  /** Feeds decoded text (any split: mid-line, mid-CRLF); answers what it completed. */
  push(text: string): SseChunkResult;
}

/**
 * A streaming text/event-stream parser: CRLF, LF or CR line ends (a CRLF split across chunks counts
 * once), comments, multi-line data, `id` kept across messages (ignored when it contains NUL),
 * numeric `retry`, a leading BOM, unknown fields ignored; a block without data dispatches nothing.
 */
export function createSseParser(): SseParser {
  let pending = '';
  let started = false;
  let skipLf = false;
  let data: string[] = [];
  let event = '';
  let lastId = '';

  const line = (text: string, out: SseChunkResult) => {
    if (text === '') {
      if (data.length > 0) out.messages.push({ id: lastId, event: event || 'message', data: data.join('\n') });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) {
      out.comments += 1;
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) out.retry = Number(value);
  };

  return {
    push(text) {
      const out: SseChunkResult = { messages: [], comments: 0, retry: null };
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLf = false;
      pending += chunk;
      let from = 0;
      for (;;) {
        const cr = pending.indexOf('\r', from);
        const lf = pending.indexOf('\n', from);
        const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
        if (end < 0) break;
        line(pending.slice(from, end), out);
        if (pending[end] === '\r') {
          if (end + 1 === pending.length) {
            // A CR at the end of a chunk: a LF opening the next chunk belongs to it.
            skipLf = true;
            from = end + 1;
            break;
          }
          from = pending[end + 1] === '\n' ? end + 2 : end + 1;
        } else from = end + 1;
      }
      pending = pending.slice(from);
      return out;
    },
  };
}

/** Payloads of the domain event types (packages/shared/src/api/events.ts, EVENT_PAYLOADS). */
export type RealtimeEventData = EventPayloads;
export type RealtimeEventType = keyof RealtimeEventData;
const EVENT_TYPES: ReadonlySet<string> = new Set<RealtimeEventType>([
  'message.status_changed',
  'message.failed_permanently',
  'wallet.threshold_crossed',
  'notification.created',
  'notification.viewed',
  'zalo_oa.token_refresh_failed',
  // My tasks (§2.14): the menu badges and the lists follow reviews and tickets live.
  'task.submitted',
  'task.advanced',
  'task.decided',
  'task.voided',
  'task.viewed',
  'ticket.created',
  'ticket.updated',
  'ticket.commented',
  'ticket.viewed',
  // Ticket pages turn amber or red when the SLA watcher announces a warning or a breach.
  'ticket.sla_warning',
  'ticket.sla_breached',
  // Teams page: another user's change to a team, its members or its quota.
  'team.changed',
  // OA settings: an OA update request created, cancelled or decided elsewhere.
  'oa_update_request.changed',
  // Broadcasts: review and send outcome per OA change live on the list and the details.
  'oa_broadcast.changed',
  // OA content: status and per-OA publishing on the list and detail; a video's conversion in the picker.
  'oa_content.changed',
  'oa_video.changed',
  // Template management: a console template's draft, review or Zalo status (with reason, quality) changed.
  'zns_template.changed',
  // ZNS campaigns: status and dispatch state (quota wait, pause, finish, cancel) and the live sending counts.
  'campaign.changed',
  'campaign.progress',
  // OA chat inbox: new messages and their states, conversation changes (reads, assignment, spam), presence.
  'chat.message',
  'chat.conversation_changed',
  'chat.presence',
  // Mini-app gift codes: a bulk generation's progress bar.
  'zma.codes_progress',
  // Mini-app activity (spins, gifts, turns): the draw detail's won/stock and the customers list follow it.
  'zma.activity',
  // Statements (billing and bills): a month's statement generated, issued or paid.
  'statement.changed',
  // Settings: a tenant's services, time zone or industry changed (menus and the settings tabs follow).
  'tenant.settings_changed',
  // Reports: a large export written in the background is ready (or failed) — its download link appears.
  'report_export.changed',
]);

export interface RealtimeEvent<T extends RealtimeEventType = RealtimeEventType> {
  id: number;
  type: T;
  merchantId: string;
  tenantId: string | null;
  at: string;
  data: RealtimeEventData[T];
}

/** Both message events: a status moved (history rows, the playground, the wallet after a charge or refund). */
export const MESSAGE_EVENTS = ['message.status_changed', 'message.failed_permanently'] as const satisfies readonly RealtimeEventType[];
export type MessageEvent = RealtimeEvent<(typeof MESSAGE_EVENTS)[number]>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An SSE message → a typed event; null for `ready`/`reset`, types this build does not know, or a malformed body. */
export function decodeEvent(msg: SseMessage): RealtimeEvent | null {
  if (!EVENT_TYPES.has(msg.event)) return null;
  let body: unknown;
  try {
    body = JSON.parse(msg.data);
  } catch {
    return null;
  }
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { id, type, merchantId, tenantId, at } = body;
  if (typeof id !== 'number' || type !== msg.event || typeof merchantId !== 'string' || typeof at !== 'string') return null;
  if (tenantId !== null && typeof tenantId !== 'string') return null;
  // The server validated the payload against its schema before writing the event (emitEvent).
  return { id, type: type as RealtimeEventType, merchantId, tenantId, at, data: body.data as RealtimeEventData[RealtimeEventType] };
}

/** Why consumers must refetch what they show: events may have been missed. */
export type ResyncReason =
  /** The first stream of a connection: data fetched before it opened may be older than its first event. */
  | 'initial'
  /** The server could not replay the missed events (more than 24 h or 10,000): `reset`. */
  | 'reset'
  /** A resume the server did not recognise (another database, a pruned log): a fresh stream. */
  | 'fresh';

export type RealtimeState = 'connecting' | 'live' | 'retrying' | 'stopped';

type Handler = (event: RealtimeEvent) => void;

/** Listeners by event type, the connection state and resync listeners: what the React hooks subscribe to. */
export class RealtimeHub {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly resyncs = new Set<(reason: ResyncReason) => void>();
  private readonly stateListeners = new Set<() => void>();
  private current: RealtimeState = 'stopped';

  get state(): RealtimeState {
    return this.current;
  }

  on<T extends RealtimeEventType>(types: T | readonly T[], handler: (event: RealtimeEvent<T>) => void): () => void {
    const list: readonly string[] = typeof types === 'string' ? [types] : types;
    // The handler is only called with events of its types (dispatch below keys on the type).
    const h = handler as unknown as Handler;
    for (const type of list) {
      let set = this.handlers.get(type);
      if (!set) this.handlers.set(type, (set = new Set()));
      set.add(h);
    }
    return () => {
      for (const type of list) this.handlers.get(type)?.delete(h);
    };
  }

  onResync(listener: (reason: ResyncReason) => void): () => void {
    this.resyncs.add(listener);
    return () => {
      this.resyncs.delete(listener);
    };
  }

  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  emit(event: RealtimeEvent): void {
    for (const h of [...(this.handlers.get(event.type) ?? [])]) h(event);
  }

  resync(reason: ResyncReason): void {
    for (const l of [...this.resyncs]) l(reason);
  }

  setState(state: RealtimeState): void {
    if (state === this.current) return;
    this.current = state;
    for (const l of [...this.stateListeners]) l();
  }
}

/** Reconnection delays: the server's `retry:` (3 s) doubling per failed attempt up to a minute, ±50 % jitter. */
export const BACKOFF = { baseMs: 3000, maxMs: 60_000, afterEndMs: 1000, minOpenMs: 5000 } as const;

/**
 * How long to wait before the next attempt. `attempt` counts failures since the last stream that
 * opened (0 = the stream was open and the server ended it: token expiry, deploy, a slow reader).
 * Jitter spreads the reconnects of every console after a server restart.
 */
export function reconnectDelay(attempt: number, retryMs: number, random: () => number = Math.random): number {
  const jitter = 0.5 + random();
  if (attempt <= 0) return Math.round(BACKOFF.afterEndMs * jitter);
  const base = Math.min(BACKOFF.maxMs, retryMs * 2 ** (attempt - 1));
  return Math.round(Math.min(BACKOFF.maxMs, base * jitter));
}

/** What one attempt ended with, and so what the connection does next. */
export type AttemptOutcome =
  /** The stream opened and the server (or the network) ended it later. */
  | 'ended'
  /** No stream: network error, 429 or 5xx — back off. */
  | 'failed'
  /** 401: refresh the access token once, then reconnect. */
  | 'unauthorized'
  /** 400/403/404/406: this session cannot have the stream for this organisation; stop. */
  | 'refused';

/** The outcome of an answer that is not a stream. */
export function outcomeOfStatus(status: number): AttemptOutcome {
  if (status === 401) return 'unauthorized';
  if (status === 429 || status >= 500 || status === 408) return 'failed';
  return 'refused';
}

export interface RealtimeConnectionOptions {
  merchantId: string;
  hub: RealtimeHub;
  /** The current access token (read at every attempt: a refresh elsewhere is picked up). */
  getToken: () => string | null;
  /** Exchanges the refresh token (lib/api-client refreshOnce); false when the session is over. */
  refresh: () => Promise<boolean>;
  /** The session is over (refresh refused): the shell goes to the login page. */
  signOut: () => void;
  url?: string;
  fetch?: typeof fetch;
  random?: () => number;
  /** Without a byte for this long (heartbeats come every 25 s) the connection is taken for dead. */
  silenceMs?: number;
}

const SEEN_KEPT = 512;

/**
 * One resumable stream for one organisation: fetch + ReadableStream (EventSource cannot send the
 * bearer header), `Last-Event-ID` of the last position on every reconnect, back-off on failures, one
 * token refresh on 401, events deduplicated by id (a resume can repeat one). Stops on close(), on a
 * refused session (403/400) and when the refresh fails (signOut).
 */
export class RealtimeConnection {
  private position: string | null = null;
  private readonly seen = new Set<number>();
  private retryMs: number = BACKOFF.baseMs;
  private attempt = 0;
  private closed = false;
  private abort: AbortController | null = null;
  private wake: (() => void) | null = null;
  private sleepTimer: ReturnType<typeof setTimeout> | null = null;
  private opened = false;
  private resynced = false;
  private readonly fetchFn: typeof fetch;
  private readonly url: string;

  constructor(private readonly opts: RealtimeConnectionOptions) {
    this.fetchFn = opts.fetch ?? ((input, init) => fetch(input, init));
    this.url = opts.url ?? '/api/realtime/stream';
  }

  /** The position a reconnect resumes from (the last event id seen, or the `ready` position). */
  get lastEventId(): string | null {
    return this.position;
  }

  /** Starts the loop; resolves when the connection stops for good. */
  start(): Promise<void> {
    return this.run();
  }

  close(): void {
    this.closed = true;
    this.abort?.abort();
    this.interruptSleep();
    this.opts.hub.setState('stopped');
  }

  /** Reconnects now instead of waiting out the back-off (the browser came back online, the tab became visible). */
  nudge(): void {
    this.interruptSleep();
  }

  private interruptSleep(): void {
    if (this.sleepTimer) clearTimeout(this.sleepTimer);
    this.sleepTimer = null;
    this.wake?.();
    this.wake = null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.sleepTimer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
    });
  }

  private async run(): Promise<void> {
    let refreshed = false;
    while (!this.closed) {
      if (!this.opened && this.attempt === 0) this.opts.hub.setState('connecting');
      const outcome = await this.attemptOnce();
      if (this.closed) return;
      if (outcome === 'unauthorized') {
        // One refresh per 401: a second one right after a successful refresh means the session is over.
        if (!refreshed && (await this.opts.refresh())) {
          refreshed = true;
          continue;
        }
        if (this.closed) return;
        this.opts.hub.setState('stopped');
        this.opts.signOut();
        return;
      }
      refreshed = false;
      if (outcome === 'refused') {
        this.opts.hub.setState('stopped');
        return;
      }
      this.attempt = outcome === 'ended' ? 0 : this.attempt + 1;
      this.opts.hub.setState('retrying');
      await this.sleep(reconnectDelay(this.attempt, this.retryMs, this.opts.random));
    }
  }

  /** One request: headers, the answer's status, then the stream until it ends. */
  private async attemptOnce(): Promise<AttemptOutcome> {
    const token = this.opts.getToken();
    if (!token) return 'unauthorized';
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
      'x-merchant-id': this.opts.merchantId,
    };
    const resumeFrom = this.position;
    this.resynced = false;
    if (resumeFrom !== null) headers['Last-Event-ID'] = resumeFrom;
    const abort = new AbortController();
    this.abort = abort;
    let response: Response;
    try {
      response = await this.fetchFn(this.url, { headers, signal: abort.signal, cache: 'no-store' });
    } catch {
      return 'failed';
    }
    const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (!response.ok || !isStream || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return response.ok ? 'failed' : outcomeOfStatus(response.status);
    }
    return this.read(response.body, resumeFrom, abort);
  }

  private async read(body: ReadableStream<Uint8Array>, resumeFrom: string | null, abort: AbortController): Promise<AttemptOutcome> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    const silenceMs = this.opts.silenceMs ?? 60_000;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const arm = () => {
      if (silence) clearTimeout(silence);
      // A half-open connection (a laptop that slept, a proxy that dropped it) sends nothing: cut it.
      silence = setTimeout(() => abort.abort(), silenceMs);
    };
    let readyAt: number | null = null;
    arm();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arm();
        const result = parser.push(decoder.decode(value, { stream: true }));
        if (result.retry !== null) this.retryMs = Math.max(1000, result.retry);
        for (const msg of result.messages) {
          if (this.closed) break;
          if (msg.event === 'ready') readyAt = Date.now();
          this.handle(msg, resumeFrom);
        }
      }
    } catch {
      // Aborted (close, silence) or the network went away: the loop decides what comes next.
    } finally {
      if (silence) clearTimeout(silence);
      reader.releaseLock();
    }
    // A stream that never said `ready` did not open (a proxy's empty 200), and one that the server
    // ends at once, again and again, must not be reopened every second: both back off like failures.
    return readyAt !== null && Date.now() - readyAt >= BACKOFF.minOpenMs ? 'ended' : 'failed';
  }

  /** One refetch per stream is enough: the server follows a not-resumed `ready` with `reset`. */
  private resync(reason: ResyncReason): void {
    this.seen.clear();
    if (this.resynced) return;
    this.resynced = true;
    this.opts.hub.resync(reason);
  }

  private handle(msg: SseMessage, resumeFrom: string | null): void {
    const hub = this.opts.hub;
    if (msg.event === 'ready') {
      this.position = msg.id || this.position;
      let resumed = false;
      try {
        const body: unknown = JSON.parse(msg.data);
        resumed = isRecord(body) && body.resumed === true;
      } catch {
        resumed = false;
      }
      hub.setState('live');
      const first = !this.opened;
      this.opened = true;
      if (first) this.resync('initial');
      else if (resumeFrom !== null && !resumed) this.resync('fresh');
      return;
    }
    if (msg.event === 'reset') {
      this.position = msg.id || this.position;
      this.resync('reset');
      return;
    }
    const id = Number(msg.id);
    if (Number.isSafeInteger(id) && id > 0) {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      if (this.seen.size > SEEN_KEPT) {
        const oldest = this.seen.values().next().value;
        if (oldest !== undefined) this.seen.delete(oldest);
      }
      // Ids increase; a late one (a long transaction) must not move the position back.
      if (this.position === null || id > Number(this.position)) this.position = msg.id;
    }
    const event = decodeEvent(msg);
    if (event) hub.emit(event);
  }
}

/**
 * Calls `fn` at most once per `ms`, at the end of the window that the first call opened (the calls
 * inside it are folded into that one). For refetches triggered by bursts of events.
 */
export function createTrailingThrottle(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    call() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        fn();
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
