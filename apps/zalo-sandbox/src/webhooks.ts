import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import type { SandboxClock } from './clock';
import type { SandboxState } from './state';

/** Zalo's retry schedule after a failed delivery: 30 s, 5 min, 15 min, 30 min, 1 h (REFERENCE §5.1). */
export const WEBHOOK_RETRY_DELAYS_MS = [30_000, 300_000, 900_000, 1_800_000, 3_600_000] as const;

export interface WebhookDelivery {
  id: number;
  appId: string;
  eventName: string;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'retrying' | 'failed' | 'dropped';
  attempts: number;
  lastHttpStatus?: number;
  lastError?: string;
}

export interface WebhookSettings {
  /** Lose the next N events entirely (never delivered). */
  dropNext: number;
  /** Fail the next N delivery attempts as if the connection failed (exercises the retry schedule). */
  failNext: number;
  /** Extra delay before the first attempt. */
  delayMs: number;
}

export interface WebhookEmitter {
  settings: WebhookSettings;
  log: WebhookDelivery[];
  /** Signs and queues one event for the app's webhook URL (no-op without a URL). */
  emit(appId: string, event: Record<string, unknown>, opts?: { zns?: boolean; at?: number }): void;
  reset(): void;
}

const LOG_LIMIT = 2_000;

/** Builds the emitter; deliveries run on the sandbox clock so tests can advance through retries. */
export function createWebhookEmitter(deps: { state: SandboxState; clock: SandboxClock; fetch?: typeof fetch }): WebhookEmitter {
  const doFetch = deps.fetch ?? globalThis.fetch;
  const settings: WebhookSettings = { dropNext: 0, failNext: 0, delayMs: 0 };
  let log: WebhookDelivery[] = [];
  let nextId = 1;

  async function attempt(d: WebhookDelivery, headers: Record<string, string>): Promise<void> {
    d.attempts += 1;
    const retry = d.attempts - 1;
    let ok = false;
    if (settings.failNext > 0) {
      settings.failNext -= 1;
      d.lastError = 'simulated connection failure';
    } else {
      try {
        const res = await doFetch(d.url, {
          method: 'POST',
          headers: retry > 0 ? { ...headers, num_retry: String(retry) } : headers,
          body: d.body,
          signal: AbortSignal.timeout(2_000),
        });
        await res.arrayBuffer();
        d.lastHttpStatus = res.status;
        ok = res.ok;
      } catch (e) {
        d.lastError = e instanceof Error ? e.message : String(e);
      }
    }
    if (ok) {
      d.status = 'delivered';
      return;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[retry];
    if (delay === undefined) {
      d.status = 'failed';
      return;
    }
    d.status = 'retrying';
    deps.clock.schedule(deps.clock.now() + delay, () => attempt(d, headers));
  }

  return {
    settings,
    get log() {
      return log;
    },
    emit(appId, event, opts = {}) {
      const app = deps.state.apps.get(appId);
      if (!app?.webhookUrl) return;
      const at = opts.at ?? deps.clock.now();
      const d: WebhookDelivery = { id: nextId++, appId, eventName: String(event.event_name), url: app.webhookUrl, body: '', status: 'pending', attempts: 0 };
      // Stamped with the real time when first sent, whatever the sandbox clock says (tests move it):
      // receivers judge the signed timestamp against their own clock. Retries resend the same
      // signed body, as Zalo's do, so they stay within a receiver's freshness window.
      const stamp = (): Record<string, string> => {
        const timestamp = String(Date.now());
        d.body = JSON.stringify({ app_id: appId, ...event, timestamp });
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'x-zevent-signature': signZaloWebhook({ appId, rawBody: d.body, timestamp, secret: app.webhookSecret }),
        };
        if (opts.zns) headers['x-zevent-server'] = 'ZNS';
        return headers;
      };
      stamp();
      log.push(d);
      if (log.length > LOG_LIMIT) log = log.slice(-LOG_LIMIT / 2);
      if (settings.dropNext > 0) {
        settings.dropNext -= 1;
        d.status = 'dropped';
        return;
      }
      deps.clock.schedule(Math.max(at, deps.clock.now()) + settings.delayMs, () => attempt(d, stamp()));
    },
    reset() {
      log = [];
      Object.assign(settings, { dropNext: 0, failNext: 0, delayMs: 0 });
    },
  };
}
