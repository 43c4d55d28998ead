// An open-loop load generator for "p99 at a given rate" figures. Requests are scheduled at evenly
// spaced instants (1 / rate apart) whatever the server does, over a keep-alive pool of at most
// `connections` sockets, and each latency is measured from the request's SCHEDULED instant, so a
// stalled server is charged for the requests it delayed (no coordinated omission).
//
// Why not autocannon's `overallRate`: it gives each connection a per-second budget that is spent
// as fast as possible at the start of every second and then pauses — at "half of peak" the first
// half of each second is a full-speed burst, so its latencies are those of peak load.
import net from 'node:net';

export interface OpenLoopOptions {
  host?: string;
  port: number;
  path: string;
  /** Requests per second, spread evenly. */
  rate: number;
  seconds: number;
  /** Keep-alive sockets at most; requests beyond them wait (and that wait counts). */
  connections: number;
  request: () => { headers: Record<string, string>; body: string };
}

export interface OpenLoopResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Completed requests per second over the phase. */
  achieved: number;
  /** The generator's own CPU over the phase, in % of one core. */
  generatorCpu: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * One keep-alive HTTP/1.1 connection on a raw socket: a request is written when the previous
 * answer is complete (no pipelining); answers are framed by Content-Length. Far cheaper than
 * node:http, whose per-request cost would otherwise take CPU from the server on a 2-core host.
 */
class Connection {
  private buffer = Buffer.alloc(0);
  private current: { scheduled: number; done: (status: number) => void } | null = null;
  readonly socket: net.Socket;
  constructor(host: string, port: number, onIdle: (c: Connection) => void, onError: () => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      for (;;) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = this.buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (this.buffer.length < end + 4 + length) return;
        this.buffer = this.buffer.subarray(end + 4 + length);
        const req = this.current;
        this.current = null;
        req?.done(Number(head.slice(9, 12)));
        onIdle(this);
      }
    });
    this.socket.on('error', () => {
      this.current?.done(0);
      this.current = null;
      onError();
    });
  }
  send(bytes: Buffer, scheduled: number, done: (status: number) => void): void {
    this.current = { scheduled, done };
    this.socket.write(bytes);
  }
}

/** The bytes of one keep-alive HTTP/1.1 POST (what a Connection writes). */
export function postBytes(r: { host?: string; port: number; path: string; headers: Record<string, string>; body: string }): Buffer {
  const lines = [`POST ${r.path} HTTP/1.1`, `host: ${r.host ?? '127.0.0.1'}:${r.port}`, 'connection: keep-alive', `content-length: ${Buffer.byteLength(r.body)}`];
  for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${r.body}`);
}

export interface ClosedLoopResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  /** The generator's own CPU per request (µs). */
  generatorCpuPerRequest: number;
}

/**
 * A closed loop over `connections` keep-alive sockets: each sends its next request (prepared bytes
 * from `next`, null when there are none left) as soon as the previous answer is complete, for
 * `seconds` — the server's saturation throughput, with a generator that costs little CPU on a shared host.
 */
export async function closedLoop(o: { host?: string; port: number; connections: number; seconds: number; next: () => Buffer | null }): Promise<ClosedLoopResult> {
  const host = o.host ?? '127.0.0.1';
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let open = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const until = start + o.seconds * 1000;
  const sockets: Connection[] = [];
  await new Promise<void>((done) => {
    const onIdle = (c: Connection) => {
      const bytes = performance.now() < until ? o.next() : null;
      if (!bytes) {
        c.socket.end();
        open -= 1;
        if (open === 0) done();
        return;
      }
      const t0 = performance.now();
      sent += 1;
      c.send(bytes, t0, (status) => {
        latencies.push(performance.now() - t0);
        if (status === 0) errors += 1;
        else if (status >= 200 && status < 300) ok += 1;
        else non2xx += 1;
      });
    };
    for (let i = 0; i < o.connections; i += 1) {
      open += 1;
      const c = new Connection(host, o.port, onIdle, () => {
        open -= 1;
        if (open === 0) done();
      });
      sockets.push(c);
      c.socket.once('connect', () => onIdle(c));
    }
  });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const c of sockets) c.socket.destroy();
  latencies.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { sent, ok, non2xx, errors, seconds, p50: r(percentile(latencies, 0.5)), p99: r(percentile(latencies, 0.99)), generatorCpuPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, sent)) };
}

export async function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const host = o.host ?? '127.0.0.1';
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let completed = 0;
  const total = Math.round(o.rate * o.seconds);
  const interval = 1000 / o.rate;
  const waiting: Array<{ scheduled: number; bytes: Buffer }> = [];
  const idle: Connection[] = [];
  let opened = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const complete = (scheduled: number) => (status: number) => {
    latencies.push(performance.now() - scheduled);
    if (status === 0) errors += 1;
    else if (status >= 200 && status < 300) ok += 1;
    else non2xx += 1;
    completed += 1;
    if (completed === total) finish();
  };
  const onIdle = (c: Connection) => {
    const next = waiting.shift();
    if (next) c.send(next.bytes, next.scheduled, complete(next.scheduled));
    else idle.push(c);
  };
  const dispatch = (scheduled: number) => {
    const { headers, body } = o.request();
    const bytes = postBytes({ host, port: o.port, path: o.path, headers, body });
    const free = idle.pop();
    if (free) return free.send(bytes, scheduled, complete(scheduled));
    waiting.push({ scheduled, bytes });
    if (opened < o.connections) {
      opened += 1;
      const c = new Connection(host, o.port, onIdle, () => {
        opened -= 1; // a later request opens a fresh one
      });
      c.socket.once('connect', () => onIdle(c));
    }
  };

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      // Issue every request whose instant has come (a late tick issues the backlog at once,
      // each still timed from its own scheduled instant).
      while (sent < total && start + sent * interval <= now) {
        dispatch(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, start + sent * interval - performance.now())));
      else done();
    };
    tick();
  });
  // Every answer, or 30 s after the last instant (a dead server must not hang the benchmark).
  if (total > 0) await Promise.race([finished, new Promise((r) => setTimeout(r, 30_000))]);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const c of idle) c.socket.destroy();
  latencies.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    sent,
    ok,
    non2xx,
    errors,
    achieved: Math.round(completed / elapsed),
    generatorCpu: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100),
    p50: r(percentile(latencies, 0.5)),
    p90: r(percentile(latencies, 0.9)),
    p99: r(percentile(latencies, 0.99)),
    max: r(latencies[latencies.length - 1] ?? Number.NaN),
  };
}
