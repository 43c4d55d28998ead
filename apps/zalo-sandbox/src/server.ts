import Fastify, { type FastifyInstance } from 'fastify';
import { sandboxHosts, type ZaloHosts } from '@zc/zalo/hosts';
import { zaloSandboxPlugin } from './plugin';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox';

export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:3900`. */
  url: string;
  /** Client base URLs for the four hosts (`sandboxHosts(url)`). */
  hosts: ZaloHosts;
  sandbox: Sandbox;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts a standalone sandbox listener (port 0 picks a free port; tests do that). */
export async function startSandboxServer(
  opts: SandboxOptions & { port?: number; host?: string; sandbox?: Sandbox; logger?: boolean } = {},
): Promise<RunningSandbox> {
  const sandbox = opts.sandbox ?? createSandbox(opts);
  const app = Fastify({ logger: opts.logger ? { level: 'info' } : false, bodyLimit: 60 * 1024 * 1024, keepAliveTimeout: 30_000 });
  await app.register(zaloSandboxPlugin, { sandbox });
  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port ?? 0;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    hosts: sandboxHosts(url),
    sandbox,
    app,
    async close() {
      sandbox.close();
      await app.close();
    },
  };
}
