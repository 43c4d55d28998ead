import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createZaloClient, type ZaloClient, type ZaloClientOptions } from '@zc/zalo/client';
import { createMemoryTokenStore } from '@zc/zalo/token-store';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '../seed';
import { startSandboxServer, type RunningSandbox } from '../server';

/** 10:00 in Vietnam on 2026-11-21: daytime, so promotion sends are allowed unless a test moves the clock. */
export const DAYTIME_START = Date.parse('2026-11-21T03:00:00Z');

export interface Harness {
  sb: RunningSandbox;
  store: ReturnType<typeof createMemoryTokenStore>;
  client: ZaloClient;
  /** A second client over the same store: models another worker process. */
  newClient(overrides?: Partial<ZaloClientOptions>): ZaloClient;
  control(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** Starts a sandbox on 127.0.0.1:0 and a real client wired to it with the seed tokens. */
export async function startHarness(opts: { startTime?: number; znsDeliveryDelayMs?: number } = {}): Promise<Harness> {
  const sb = await startSandboxServer({ startTime: opts.startTime ?? DAYTIME_START, znsDeliveryDelayMs: opts.znsDeliveryDelayMs });
  const now = () => sb.sandbox.clock.now();
  const store = createMemoryTokenStore();
  for (const oaId of [SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID]) {
    const t = SANDBOX_INITIAL_TOKENS[oaId];
    if (t) store.set(oaId, { ...t, accessTokenExpiresAt: now() + 24 * 3600_000 });
  }
  const newClient = (overrides: Partial<ZaloClientOptions> = {}) =>
    createZaloClient({
      hosts: sb.hosts,
      tokenStore: store,
      app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY },
      retry: { baseDelayMs: 1, rateLimitDelayMs: 1, maxDelayMs: 5 },
      timeoutMs: 2_000,
      now,
      ...overrides,
    });
  return {
    sb,
    store,
    client: newClient(),
    newClient,
    async control(path, body) {
      const res = await fetch(`${sb.url}/_control${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.json();
    },
    close: () => sb.close(),
  };
}

export interface Received {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A local webhook receiver on 127.0.0.1:0 that records deliveries and answers `status()`. */
export async function startReceiver(status: () => number = () => 200): Promise<{ url: string; received: Received[]; close(): Promise<void>; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = status();
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/hook`, received, server, close: () => new Promise((r) => server.close(() => r())) };
}

/** Polls until `check` is true (webhooks are asynchronous even at zero delay). */
export async function waitFor(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
