import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF,
  createSseParser,
  createTrailingThrottle,
  decodeEvent,
  outcomeOfStatus,
  reconnectDelay,
  RealtimeConnection,
  RealtimeHub,
  type RealtimeEvent,
  type ResyncReason,
  type SseMessage,
} from './realtime';

const MERCHANT = '7b0c6a44-5a55-4f43-9a38-1f7a2e0b9c01';
const TENANT = '2f9d1a77-4b1e-4c55-8d6e-0a3b5c7d9e11';
const MESSAGE = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';

function frame(id: number, status = 'PUSHED_ZALO', type = 'message.status_changed'): string {
  const data = { id, type, merchantId: MERCHANT, tenantId: TENANT, at: '2026-11-23T10:00:00.000Z', data: { messageId: MESSAGE, module: 'ZNS', status } };
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
const ready = (position: number, resumed = false) => `id: ${position}\nevent: ready\ndata: ${JSON.stringify({ position, resumed })}\n\n`;

function parseAll(chunks: string[]): { messages: SseMessage[]; comments: number; retry: number | null } {
  const parser = createSseParser();
  const out = { messages: [] as SseMessage[], comments: 0, retry: null as number | null };
  for (const c of chunks) {
    const r = parser.push(c);
    out.messages.push(...r.messages);
    out.comments += r.comments;
    if (r.retry !== null) out.retry = r.retry;
  }
  return out;
}

describe('the SSE parser', () => {
  const stream = `retry: 3000\n\n${ready(41)}: ping\n\n${frame(42)}${frame(43, 'RECEIVED')}`;

  it('reads the server frames: retry, ready, events with their ids, heartbeats as comments', () => {
    const { messages, comments, retry } = parseAll([stream]);
    expect(retry).toBe(3000);
    expect(comments).toBe(1);
    expect(messages.map((m) => [m.id, m.event])).toEqual([
      ['41', 'ready'],
      ['42', 'message.status_changed'],
      ['43', 'message.status_changed'],
    ]);
    expect(JSON.parse(messages[2]?.data ?? '')).toMatchObject({ id: 43, data: { status: 'RECEIVED' } });
  });

  it('gives the same messages whatever the chunk boundaries (every split point, one character at a time)', () => {
    const whole = parseAll([stream]).messages;
    for (let cut = 1; cut < stream.length; cut += 1) expect(parseAll([stream.slice(0, cut), stream.slice(cut)]).messages).toEqual(whole);
    expect(parseAll([...stream]).messages).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, a CRLF split across chunks counting as one', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    const cr = stream.replace(/\n/g, '\r');
    const whole = parseAll([stream]).messages;
    expect(parseAll([crlf]).messages).toEqual(whole);
    expect(parseAll([cr]).messages).toEqual(whole);
    for (let cut = 1; cut < crlf.length; cut += 1) expect(parseAll([crlf.slice(0, cut), crlf.slice(cut)]).messages).toEqual(whole);
  });

  it('joins data lines, keeps the last id across messages, ignores an id with NUL, unknown fields and a leading BOM', () => {
    const { messages } = parseAll(['\uFEFFid: 7\ndata: a\ndata:b\nfoo: x\ndata\n\n', 'data: second\n\n', 'id: 8\0\nevent: custom\ndata: third\n\n']);
    expect(messages).toEqual([
      { id: '7', event: 'message', data: 'a\nb\n' },
      { id: '7', event: 'message', data: 'second' },
      { id: '7', event: 'custom', data: 'third' },
    ]);
  });

  it('dispatches nothing for a block without data, and forgets its event name', () => {
    const { messages } = parseAll(['event: ready\nid: 5\n\n', 'data: x\n\n']);
    expect(messages).toEqual([{ id: '5', event: 'message', data: 'x' }]);
  });

  it('waits for the blank line before dispatching, and ignores a non-numeric retry', () => {
    const parser = createSseParser();
    expect(parser.push('retry: soon\nid: 1\nevent: ready\ndata: {}\n').messages).toEqual([]);
    expect(parser.push('\n')).toEqual({ messages: [{ id: '1', event: 'ready', data: '{}' }], comments: 0, retry: null });
  });
});

describe('decoding events', () => {
  const msg = (m: Partial<SseMessage>): SseMessage => ({ id: '42', event: 'message.status_changed', data: '', ...m });

  it('types a known event', () => {
    const data = parseAll([frame(42)]).messages[0]?.data ?? '';
    expect(decodeEvent(msg({ data }))).toEqual({ id: 42, type: 'message.status_changed', merchantId: MERCHANT, tenantId: TENANT, at: '2026-11-23T10:00:00.000Z', data: { messageId: MESSAGE, module: 'ZNS', status: 'PUSHED_ZALO' } });
  });

  it('refuses ready/reset, unknown types, a type that differs from the event name and malformed bodies', () => {
    const data = parseAll([frame(42)]).messages[0]?.data ?? '';
    expect(decodeEvent(msg({ event: 'ready', data: '{"position":1}' }))).toBeNull();
    expect(decodeEvent(msg({ event: 'ticket.changed', data }))).toBeNull();
    expect(decodeEvent(msg({ event: 'message.failed_permanently', data }))).toBeNull();
    expect(decodeEvent(msg({ data: '{not json' }))).toBeNull();
    expect(decodeEvent(msg({ data: JSON.stringify({ id: '42', type: 'message.status_changed', merchantId: MERCHANT, tenantId: null, at: 'x', data: {} }) }))).toBeNull();
    expect(decodeEvent(msg({ data: JSON.stringify({ id: 42, type: 'message.status_changed', merchantId: MERCHANT, tenantId: 5, at: 'x', data: {} }) }))).toBeNull();
  });
});

describe('reconnect timing', () => {
  it('reopens about a second after a stream that ended, then backs off from the server retry, doubling to a minute', () => {
    expect(reconnectDelay(0, 3000, () => 0.5)).toBe(BACKOFF.afterEndMs);
    expect([1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a, 3000, () => 0.5))).toEqual([3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000]);
  });

  it('spreads reconnects by ±50 % and never waits past the cap', () => {
    expect(reconnectDelay(2, 3000, () => 0)).toBe(3000);
    expect(reconnectDelay(2, 3000, () => 0.999_999)).toBe(9000);
    expect(reconnectDelay(9, 3000, () => 0.999_999)).toBe(BACKOFF.maxMs);
  });

  it('retries network-like answers, refreshes on 401 and gives up on refusals', () => {
    expect([401, 429, 500, 502, 503, 408, 400, 403, 404, 406].map(outcomeOfStatus)).toEqual(['unauthorized', 'failed', 'failed', 'failed', 'failed', 'failed', 'refused', 'refused', 'refused', 'refused']);
  });
});

// A server the test drives: every fetch is recorded and answered with a stream the test writes to.
interface Call {
  headers: Record<string, string>;
  write(text: string): void;
  end(): void;
  aborted: boolean;
}

function fakeServer(answer: (n: number) => { status: number } | 'stream' | 'network-error' = () => 'stream') {
  const calls: Call[] = [];
  const encoder = new TextEncoder();
  const fetchFn = (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const n = calls.length;
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const call: Call = {
      headers: { ...(init?.headers as Record<string, string>) },
      write: (text) => controller?.enqueue(encoder.encode(text)),
      end: () => controller?.close(),
      aborted: false,
    };
    init?.signal?.addEventListener('abort', () => {
      call.aborted = true;
      try {
        controller?.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    calls.push(call);
    const a = answer(n);
    if (a === 'network-error') return Promise.reject(new TypeError('fetch failed'));
    if (a === 'stream') return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
    return Promise.resolve(new Response(JSON.stringify({ error: { code: 'X', message: 'x', requestId: 'r' } }), { status: a.status, headers: { 'content-type': 'application/json' } }));
  };
  return { calls, fetch: fetchFn as typeof fetch };
}

function setup(server: ReturnType<typeof fakeServer>, overrides: { refresh?: () => Promise<boolean>; silenceMs?: number } = {}) {
  const hub = new RealtimeHub();
  const events: RealtimeEvent[] = [];
  const resyncs: ResyncReason[] = [];
  const states: string[] = [];
  hub.on(['message.status_changed', 'message.failed_permanently'], (e) => events.push(e));
  hub.onResync((r) => resyncs.push(r));
  hub.onState(() => states.push(hub.state));
  let token = 'token-1';
  const signOut = vi.fn();
  const refresh = vi.fn(
    overrides.refresh ??
      (() => {
        token = 'token-2';
        return Promise.resolve(true);
      }),
  );
  const conn = new RealtimeConnection({ merchantId: MERCHANT, hub, getToken: () => token, refresh, signOut, fetch: server.fetch, random: () => 0.5, silenceMs: overrides.silenceMs });
  const done = conn.start();
  return { hub, conn, events, resyncs, states, signOut, refresh, done };
}

/** Lets streams, promises and due timers run. */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('the realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one stream with the bearer token and the organisation, delivers events and says it is live', async () => {
    const server = fakeServer();
    const { conn, events, resyncs, hub } = setup(server);
    await tick();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer token-1', 'x-merchant-id': MERCHANT });
    expect(hub.state).toBe('connecting');
    server.calls[0]?.write(`retry: 3000\n\n${ready(41)}`);
    await tick();
    expect(hub.state).toBe('live');
    expect(resyncs).toEqual(['initial']);
    server.calls[0]?.write(frame(42).slice(0, 30));
    await tick();
    expect(events).toEqual([]);
    server.calls[0]?.write(frame(42).slice(30) + frame(43, 'RECEIVED'));
    await tick();
    expect(events.map((e) => [e.id, 'status' in e.data ? e.data.status : null])).toEqual([
      [42, 'PUSHED_ZALO'],
      [43, 'RECEIVED'],
    ]);
    expect(conn.lastEventId).toBe('43');
    conn.close();
    expect(hub.state).toBe('stopped');
    await tick();
    expect(server.calls[0]?.aborted).toBe(true);
  });

  it('resumes with Last-Event-ID of the last event after the server ends the stream, and drops a repeated event', async () => {
    const server = fakeServer();
    const { conn, events, resyncs, hub } = setup(server);
    await tick();
    server.calls[0]?.write(ready(41) + frame(42) + frame(43));
    await tick(BACKOFF.minOpenMs);
    server.calls[0]?.end();
    await tick();
    expect(hub.state).toBe('retrying');
    expect(server.calls).toHaveLength(1);
    await tick(BACKOFF.afterEndMs);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('43');
    // The replay repeats 43 (dedupe by id), then goes on.
    server.calls[1]?.write(ready(43, true) + frame(43) + frame(44, 'RECEIVED'));
    await tick();
    expect(events.map((e) => e.id)).toEqual([42, 43, 44]);
    expect(resyncs).toEqual(['initial']);
    expect(hub.state).toBe('live');
    conn.close();
  });

  it('keeps the ready position when no event came, and never moves the position back for a late event', async () => {
    const server = fakeServer();
    const { conn, events } = setup(server);
    await tick();
    server.calls[0]?.write(ready(100) + frame(102) + frame(101));
    await tick();
    expect(events.map((e) => e.id)).toEqual([102, 101]);
    expect(conn.lastEventId).toBe('102');
    server.calls[0]?.end();
    await tick(BACKOFF.maxMs);
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('102');
    conn.close();
  });

  it('asks consumers to refetch when the resume was not possible (reset) or not recognised (fresh stream)', async () => {
    const server = fakeServer();
    const { conn, resyncs } = setup(server);
    await tick();
    server.calls[0]?.write(ready(10));
    await tick(BACKOFF.minOpenMs);
    server.calls[0]?.end();
    await tick(BACKOFF.afterEndMs * 2);
    // As the server answers a resume past the replay window: a ready that did not resume, then reset. One refetch.
    server.calls[1]?.write(`${ready(900)}id: 900\nevent: reset\ndata: {"reason":"too_old"}\n\n`);
    await tick();
    expect(resyncs).toEqual(['initial', 'fresh']);
    expect(conn.lastEventId).toBe('900');
    await tick(BACKOFF.minOpenMs);
    server.calls[1]?.end();
    await tick(BACKOFF.afterEndMs * 2);
    expect(server.calls[2]?.headers['Last-Event-ID']).toBe('900');
    // A database that was reset: the server does not know 900 and starts fresh at 3.
    server.calls[2]?.write(ready(3, false));
    await tick();
    expect(resyncs).toEqual(['initial', 'fresh', 'fresh']);
    expect(conn.lastEventId).toBe('3');
    // A reset on a resumed stream on its own.
    await tick(BACKOFF.minOpenMs);
    server.calls[2]?.end();
    await tick(BACKOFF.afterEndMs * 2);
    server.calls[3]?.write(`${ready(3, true)}id: 950\nevent: reset\ndata: {"reason":"too_many"}\n\n`);
    await tick();
    expect(resyncs).toEqual(['initial', 'fresh', 'fresh', 'reset']);
    expect(conn.lastEventId).toBe('950');
    conn.close();
  });

  it('refreshes the access token once on 401 and reconnects with the new one', async () => {
    const server = fakeServer((n) => (n === 0 ? { status: 401 } : 'stream'));
    const { conn, refresh, signOut, hub } = setup(server);
    await tick();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers.Authorization).toBe('Bearer token-2');
    server.calls[1]?.write(ready(1));
    await tick();
    expect(hub.state).toBe('live');
    expect(signOut).not.toHaveBeenCalled();
    conn.close();
  });

  it('signs out when the refresh is refused, or when the new token is refused too', async () => {
    const refused = setup(fakeServer(() => ({ status: 401 })), { refresh: () => Promise.resolve(false) });
    await tick();
    await refused.done;
    expect(refused.signOut).toHaveBeenCalledTimes(1);
    expect(refused.hub.state).toBe('stopped');

    const server = fakeServer(() => ({ status: 401 }));
    const again = setup(server);
    await tick();
    await again.done;
    expect(again.refresh).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(2);
    expect(again.signOut).toHaveBeenCalledTimes(1);
  });

  it('stops without retrying when the organisation is refused (403)', async () => {
    const server = fakeServer(() => ({ status: 403 }));
    const { done, hub, signOut } = setup(server);
    await tick();
    await done;
    await tick(BACKOFF.maxMs * 2);
    expect(server.calls).toHaveLength(1);
    expect(hub.state).toBe('stopped');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('backs off on network errors and 5xx, doubling, and a nudge reconnects at once', async () => {
    const server = fakeServer((n) => (n < 3 ? 'network-error' : n === 3 ? { status: 503 } : 'stream'));
    const { conn, hub } = setup(server);
    await tick();
    expect(server.calls).toHaveLength(1);
    expect(hub.state).toBe('retrying');
    await tick(2999);
    expect(server.calls).toHaveLength(1);
    await tick(1);
    expect(server.calls).toHaveLength(2);
    await tick(5999);
    expect(server.calls).toHaveLength(2);
    await tick(1);
    expect(server.calls).toHaveLength(3);
    // The third failure would wait 12 s; the browser comes back online instead.
    await tick(100);
    conn.nudge();
    await tick();
    expect(server.calls).toHaveLength(4);
    await tick(24_000);
    expect(server.calls).toHaveLength(5);
    server.calls[4]?.write(ready(7));
    await tick();
    expect(hub.state).toBe('live');
    conn.close();
  });

  it('backs off when the server ends every stream at once instead of reopening each second', async () => {
    const server = fakeServer();
    const { conn } = setup(server);
    await tick();
    for (let i = 0; i < 3; i += 1) {
      server.calls[i]?.write(ready(1));
      server.calls[i]?.end();
      await tick(BACKOFF.baseMs * 2 ** i);
    }
    expect(server.calls).toHaveLength(4);
    conn.close();
  });

  it('cuts a silent connection (no heartbeat) and resumes', async () => {
    const server = fakeServer();
    const { conn } = setup(server, { silenceMs: 60_000 });
    await tick();
    server.calls[0]?.write(ready(5) + frame(6));
    await tick(30_000);
    server.calls[0]?.write(': ping\n\n');
    await tick(59_000);
    expect(server.calls[0]?.aborted).toBe(false);
    await tick(1000);
    expect(server.calls[0]?.aborted).toBe(true);
    await tick(BACKOFF.afterEndMs * 2);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('6');
    conn.close();
  });
});

describe('the hub', () => {
  it('calls the handlers of an event type only, until they unsubscribe', () => {
    const hub = new RealtimeHub();
    const seen: string[] = [];
    const off = hub.on('wallet.threshold_crossed', (e) => seen.push(`wallet ${e.data.balance}`));
    hub.on('message.status_changed', (e) => seen.push(`message ${e.data.status}`));
    const base = { merchantId: MERCHANT, tenantId: TENANT, at: '2026-11-23T10:00:00.000Z' };
    hub.emit({ ...base, id: 1, type: 'wallet.threshold_crossed', data: { walletId: MESSAGE, balance: 5, threshold: 10, below: true } });
    hub.emit({ ...base, id: 2, type: 'message.status_changed', data: { messageId: MESSAGE, module: 'ZNS', status: 'RECEIVED' } });
    off();
    hub.emit({ ...base, id: 3, type: 'wallet.threshold_crossed', data: { walletId: MESSAGE, balance: 50, threshold: 10, below: false } });
    expect(seen).toEqual(['wallet 5', 'message RECEIVED']);
  });
});

describe('the trailing throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('folds a burst into one call at the end of the window', () => {
    const fn = vi.fn();
    const t = createTrailingThrottle(fn, 500);
    for (let i = 0; i < 10; i += 1) t.call();
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    t.call();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
