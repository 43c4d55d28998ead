import type { FastifyInstance } from 'fastify';
import { createSandbox, type Sandbox } from '@zc/zalo-sandbox/sandbox';
import { zaloSandboxPlugin } from '@zc/zalo-sandbox/plugin';
import type { Config } from './config';

/**
 * The in-process Zalo sandbox: only in sandbox mode without ZALO_SANDBOX_URL, and only in a process
 * that serves HTTP. Live mode gets none, so neither the simulator nor its unauthenticated control
 * API (`/zalo-sandbox/_control/…`) is mounted (ARCHITECTURE rule 11). It sends its signed webhooks
 * back to our own /api/webhooks/zalo at `localBase`.
 */
export function createInProcessSandbox(config: Pick<Config, 'zaloMode' | 'zaloSandboxUrl'>, servesHttp: boolean, localBase: string): Sandbox | null {
  if (config.zaloMode !== 'sandbox' || config.zaloSandboxUrl || !servesHttp) return null;
  return createSandbox({ webhookUrl: `${localBase}/api/webhooks/zalo` });
}

/** buildApp's `mounts` for the sandbox at /zalo-sandbox; none without one. */
export function sandboxMounts(sandbox: Sandbox | null): Array<(app: FastifyInstance) => Promise<void>> {
  if (!sandbox) return [];
  return [async (app) => void (await app.register(zaloSandboxPlugin, { prefix: '/zalo-sandbox', sandbox }))];
}
