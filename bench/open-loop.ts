// An open-loop load generator for "p99 at a given rate" figures. Requests are scheduled at evenly
// spaced instants (1 / rate apart) whatever the server does, over a keep-alive pool of at most
// `connections` sockets, and each latency is measured from the request's SCHEDULED instant, so a
// stalled server is charged for the requests it delayed (no coordinated omission).
//
// Why not autocannon's `overallRate`: it gives each connection a per-second budget that is spent
// as fast as possible at the start of every second and then pauses — at "half of peak" the first
// half of each second is a full-speed burst, so its latencies are those of peak load.
import http from 'node:http';

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
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export async function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const total = Math.round(o.rate * o.seconds);
  const interval = 1000 / o.rate;
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();

  const fire = (scheduled: number) => {
    const { headers, body } = o.request();
    const p = new Promise<void>((resolve) => {
      const req = http.request(
        { host: o.host ?? '127.0.0.1', port: o.port, path: o.path, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - scheduled);
            if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300) ok += 1;
            else non2xx += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(p);
    void p.then(() => inFlight.delete(p));
  };

  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      // Issue every request whose instant has come (a late tick issues the backlog at once,
      // each still timed from its own scheduled instant).
      while (sent < total && start + sent * interval <= now) {
        fire(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, start + sent * interval - performance.now())));
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    sent,
    ok,
    non2xx,
    errors,
    achieved: Math.round((ok + non2xx) / elapsed),
    p50: r(percentile(latencies, 0.5)),
    p90: r(percentile(latencies, 0.9)),
    p99: r(percentile(latencies, 0.99)),
    max: r(latencies[latencies.length - 1] ?? Number.NaN),
  };
}
