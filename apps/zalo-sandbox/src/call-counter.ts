import type { FastifyInstance } from 'fastify';
import type { Sandbox } from './sandbox';

/**
 * A count of every Zalo call the sandbox received (issue 13 #10), by `METHOD /path` (the path under the
 * sandbox root, without the query), so tests can prove what was and was not sent — e.g. zero
 * `POST /business/message/template` after a campaign was cancelled or the quota ran out. Control calls
 * (`/_control/*`) are not counted. `GET /_control/calls` reads it (with the sandbox clock's time of the
 * last call of each path), `DELETE /_control/calls` resets it; `/_control/reset` leaves it alone.
 */
export interface CallCount {
  count: number;
  /** Sandbox clock (ms) of the last call. */
  lastAt: number;
}

const counters = new WeakMap<Sandbox, Map<string, CallCount>>();

function countersOf(sb: Sandbox): Map<string, CallCount> {
  let m = counters.get(sb);
  if (!m) {
    m = new Map();
    counters.set(sb, m);
  }
  return m;
}

/** The counts so far (for in-process tests). */
export function sandboxCalls(sb: Sandbox): Record<string, CallCount> {
  return Object.fromEntries([...countersOf(sb)].map(([k, v]) => [k, { ...v }]));
}

export function registerCallCounter(app: FastifyInstance, sb: Sandbox): void {
  const prefix = app.prefix;
  app.addHook('onRequest', async (req) => {
    const path = req.url.slice(prefix.length).split('?')[0] ?? '';
    // The control API and the followers' media stand-ins (routes/chat-media.ts) are not Zalo API calls.
    if (path.startsWith('/_control') || path.startsWith('/media/')) return;
    const key = `${req.method} ${path}`;
    const m = countersOf(sb);
    const c = m.get(key);
    const at = sb.clock.now();
    if (c) {
      c.count += 1;
      c.lastAt = at;
    } else m.set(key, { count: 1, lastAt: at });
  });
  app.get('/_control/calls', async () => {
    const calls = sandboxCalls(sb);
    return { total: Object.values(calls).reduce((n, c) => n + c.count, 0), calls };
  });
  app.delete('/_control/calls', async () => {
    countersOf(sb).clear();
    return { ok: true };
  });
}
