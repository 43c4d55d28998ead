import { createClock, type SandboxClock } from './clock';
import { seedState } from './seed';
import { createEmptyState, type SandboxState } from './state';
import { createWebhookEmitter, type WebhookEmitter } from './webhooks';

export interface SandboxOptions {
  /** PRNG seed of the demo data (default SANDBOX_SEED). */
  seed?: number;
  /** Start the sandbox clock at this epoch ms (default: real now). */
  startTime?: number;
  /** Webhook URL of the seed app (can be changed later through the control API). */
  webhookUrl?: string;
  /** Delay between a ZNS send and its delivery webhook / status 1 (default 1,000 ms). */
  znsDeliveryDelayMs?: number;
  /** The OA API limit per app and minute (default 4,000, Zalo's). */
  oaRateLimitPerMinute?: number;
  /** The sandbox's own public address (e.g. `https://console.example/zalo-sandbox`): followers' media are served from `<it>/media`. */
  mediaBaseUrl?: string;
  /** Used to deliver webhooks (tests may pass their own). */
  fetch?: typeof fetch;
}

/** Tunables the control API changes at runtime. */
export interface SandboxSettings {
  znsDeliveryDelayMs: number;
  oaRateLimitPerMinute: number;
  latencyMs: number;
  /** Share (0–1) of Zalo calls answered with `errorCode` (or HTTP 503 when no code is set). */
  errorRate: number;
  errorCode?: number;
}

export interface ForcedError {
  code: number;
  remaining: number;
  message?: string;
}

/** One sandbox instance: state, clock, webhooks and fault settings. Routes are a plugin over it. */
export interface Sandbox {
  options: SandboxOptions;
  state: SandboxState;
  clock: SandboxClock;
  webhooks: WebhookEmitter;
  settings: SandboxSettings;
  /** Path (relative to the sandbox root, e.g. `/business/message/template`) → forced Zalo error. */
  forcedErrors: Map<string, ForcedError>;
  /** Back to the seed data, clock and settings of creation. */
  reset(): void;
  close(): void;
}

/** Creates a seeded sandbox (no HTTP yet: register `zaloSandboxPlugin` or call `startSandboxServer`). */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clock = createClock(options.startTime);
  const sb: Sandbox = {
    options,
    state: createEmptyState(),
    clock,
    webhooks: undefined as unknown as WebhookEmitter, // assigned just below, once state exists
    settings: defaults(options),
    forcedErrors: new Map(),
    reset() {
      clock.reset(options.startTime);
      const fresh = createEmptyState();
      Object.assign(sb.state, fresh);
      seedState(sb.state, clock.now(), options.seed);
      applyWebhookUrl(sb, options.webhookUrl);
      sb.webhooks.reset();
      sb.settings = defaults(options);
      sb.forcedErrors.clear();
    },
    close() {
      clock.close();
    },
  };
  sb.webhooks = createWebhookEmitter({ state: sb.state, clock, fetch: options.fetch });
  seedState(sb.state, clock.now(), options.seed);
  applyWebhookUrl(sb, options.webhookUrl);
  return sb;
}

function defaults(o: SandboxOptions): SandboxSettings {
  return { znsDeliveryDelayMs: o.znsDeliveryDelayMs ?? 1_000, oaRateLimitPerMinute: o.oaRateLimitPerMinute ?? 4_000, latencyMs: 0, errorRate: 0 };
}

function applyWebhookUrl(sb: Sandbox, url: string | undefined): void {
  if (!url) return;
  for (const app of sb.state.apps.values()) app.webhookUrl = url;
}
