import type { FastifyInstance } from 'fastify';
import type { createSandbox, Sandbox } from '@zc/zalo-sandbox/sandbox';
import type { zaloSandboxPlugin } from '@zc/zalo-sandbox/plugin';
import type * as sandboxSeed from '@zc/zalo-sandbox/seed';
import type * as sandboxChat from '@zc/zalo-sandbox/chat-sim';
import type { Config } from './config';

/**
 * What the server uses of the sandbox app. Apps never import each other (issue 10 #7): main.ts, the
 * composition root, loads these with one dynamic import in sandbox mode only (tests import them directly).
 */
export interface SandboxApp {
  createSandbox: typeof createSandbox;
  zaloSandboxPlugin: typeof zaloSandboxPlugin;
  seed: typeof sandboxSeed;
  /** Simulated followers (the demo's inbox). */
  chatSim: typeof sandboxChat;
}

/**
 * The in-process Zalo sandbox: only in sandbox mode without ZALO_SANDBOX_URL, and only in a process
 * that serves HTTP. Live mode gets none, so neither the simulator nor its unauthenticated control
 * API (`/zalo-sandbox/_control/…`) is mounted (ARCHITECTURE rule 11). It sends its signed webhooks
 * back to our own /api/webhooks/zalo at `localBase`.
 */
export function createInProcessSandbox(
  app: Pick<SandboxApp, 'createSandbox'> | null,
  config: Pick<Config, 'zaloMode' | 'zaloSandboxUrl'> & Partial<Pick<Config, 'publicUrl'>>,
  servesHttp: boolean,
  localBase: string,
): Sandbox | null {
  if (!app || config.zaloMode !== 'sandbox' || config.zaloSandboxUrl || !servesHttp) return null;
  // Followers' media (images, files) are served by the sandbox itself, at the address browsers use.
  return app.createSandbox({ webhookUrl: `${localBase}/api/webhooks/zalo`, mediaBaseUrl: `${config.publicUrl ?? localBase}/zalo-sandbox` });
}

/** buildApp's `mounts` for the sandbox at /zalo-sandbox; none without one. */
export function sandboxMounts(app: Pick<SandboxApp, 'zaloSandboxPlugin'> | null, sandbox: Sandbox | null): Array<(app: FastifyInstance) => Promise<void>> {
  if (!app || !sandbox) return [];
  const plugin = app.zaloSandboxPlugin;
  return [
    async (server) =>
      void (await server.register(
        async (scope) => {
          // Zalo's simulator is not our API: its routes stay out of the OpenAPI document and the reference.
          scope.addHook('onRoute', (route) => {
            route.schema = { ...route.schema, hide: true };
          });
          await scope.register(plugin, { prefix: '/zalo-sandbox', sandbox });
        },
      )),
  ];
}
