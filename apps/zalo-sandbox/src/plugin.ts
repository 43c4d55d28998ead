import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { registerControlRoutes } from './control';
import { registerChatControlRoutes } from './routes/chat-control';
import { registerChatMediaRoutes } from './routes/chat-media';
import { registerCallCounter } from './call-counter';
import { registerGraphRoutes } from './routes/graph';
import { registerMiniAppControlRoutes } from './routes/mini-app-control';
import { registerOaInfoRoutes } from './routes/oa-info';
import { registerOaQuotaControl } from './routes/oa-quota';
import { registerOaFollowerRoutes } from './routes/oa-followers';
import { registerOaMediaRoutes } from './routes/oa-media';
import { registerArticleControlRoutes, registerOaArticleRoutes } from './routes/oa-articles';
import { registerOaMessageRoutes } from './routes/oa-messages';
import { registerOaBroadcastControl } from './routes/oa-broadcast';
import { registerOauthRoutes } from './routes/oauth';
import { registerZnsRoutes } from './routes/zns';
import { registerZnsTemplateRoutes } from './routes/zns-templates';
import type { Sandbox } from './sandbox';

export interface ZaloSandboxPluginOptions {
  sandbox: Sandbox;
}

const NOT_FOUND = { error: 404, message: explainZaloError(404, 'oa').zaloMessage };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sandbox as an encapsulated Fastify plugin: register it under any prefix, e.g.
 * `app.register(zaloSandboxPlugin, { prefix: '/zalo-sandbox', sandbox })`. Inside, one prefix per
 * Zalo host: `/oauth/v4`, `/openapi`, `/business`, `/graph/v2.0`, plus `/_control` for tests.
 * Parsers, not-found and error handlers are its own and do not leak into the host app.
 */
export async function zaloSandboxPlugin(app: FastifyInstance, opts: ZaloSandboxPluginOptions): Promise<void> {
  const sb = opts.sandbox;
  const prefix = app.prefix;

  // Zalo answers bad JSON with its own codes (-121/-122, -201), so parse leniently and let routes decide.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body: string, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      done(null, body);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body: string, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body)));
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body: string, done) => done(null, body));
  await app.register(multipart, { limits: { fileSize: 60 * 1024 * 1024, files: 1 } });

  // Every Zalo call counted (tests prove what was and was not sent), injected faults included.
  registerCallCounter(app, sb);

  // Fault injection for tests and benchmarks (never on the control API itself).
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.slice(prefix.length).split('?')[0] ?? '';
    if (path.startsWith('/_control') || path.startsWith('/control/') || path.startsWith('/media/')) return;
    const forced = sb.forcedErrors.get(path);
    if (forced && forced.remaining > 0) {
      forced.remaining -= 1;
      if (forced.remaining === 0) sb.forcedErrors.delete(path);
      const api = path.startsWith('/business') ? 'zns' : path.startsWith('/oauth') ? 'oauth' : path.startsWith('/graph') ? 'graph' : 'oa';
      return reply.send({ error: forced.code, message: forced.message ?? explainZaloError(forced.code, api).zaloMessage });
    }
    if (sb.settings.latencyMs > 0) await sleep(sb.settings.latencyMs);
    if (sb.settings.errorRate > 0 && Math.random() < sb.settings.errorRate) {
      if (sb.settings.errorCode !== undefined) return reply.send({ error: sb.settings.errorCode, message: explainZaloError(sb.settings.errorCode).zaloMessage });
      return reply.code(503).send('Service Unavailable');
    }
  });

  app.setNotFoundHandler(async () => NOT_FOUND);
  app.setErrorHandler(async (err: { statusCode?: number; message?: string }, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.send({ error: -210, message: 'Parameter exceeds allowable limit' });
    if (status < 500) return reply.send({ error: -201, message: `${err.message ?? 'request'} is invalid!` });
    return reply.code(500).send({ error: -1, message: 'Internal Server Error' });
  });

  registerOauthRoutes(app, sb);
  registerZnsRoutes(app, sb);
  registerZnsTemplateRoutes(app, sb);
  registerOaInfoRoutes(app, sb);
  registerOaFollowerRoutes(app, sb);
  registerOaMessageRoutes(app, sb);
  registerOaMediaRoutes(app, sb);
  registerOaArticleRoutes(app, sb);
  registerGraphRoutes(app, sb);
  registerControlRoutes(app, sb);
  registerOaQuotaControl(app, sb);
  registerOaBroadcastControl(app, sb);
  registerArticleControlRoutes(app, sb);
  registerChatControlRoutes(app, sb);
  registerMiniAppControlRoutes(app, sb);
  registerChatMediaRoutes(app);
}
