import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@zc/shared/limits';
import { resolveZaloHosts, type Config } from './config';
import type { ZaloHosts } from '@zc/zalo/hosts';
import type { ZaloClient } from '@zc/zalo/client';
import { createServerZaloClient } from './modules/zalo-oa/zalo-client';
import type { Database } from './db/client';
import { registerErrorHandler, registerNotFound } from './platform/errors';
import { frameworkErrorHandler } from './platform/framework-errors';
import { registerAccessHook } from './platform/access';
import { registerRouteRules } from './platform/mutation';
import { registerInputSafety } from './platform/input-safety';
import { createTokenSigner } from './platform/tokens';
import { createCipher } from './platform/crypto';
import { createFileStore } from './platform/files';
import { LOG_REDACT_PATHS } from './platform/redact';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { registerStaticAssets } from './platform/static-assets';
import { registerMiniAppAssets } from './platform/mini-app-assets';
import { registerZmaCors } from './platform/zma-cors';
import type { Jobs } from './platform/jobs';
import type { ModuleDeps } from './app-types';
import { registerSystemRoutes } from './modules/system/routes';
import { registerDevOutboxRoute } from './modules/system/dev-outbox';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerMerchantRoutes, registerTenantRoutes } from './modules/organisation/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerInvitationRoutes } from './modules/invitations/routes';
import { registerUserGroupRoutes } from './modules/user-groups/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerMessagingRoutes } from './modules/messaging/routes';
import { registerZaloOaRoutes } from './modules/zalo-oa/routes';
import { registerTemplateRoutes } from './modules/templates/routes';
import { registerApprovalRoutes } from './modules/approvals/routes';
import { wireReviewKinds } from './review-kinds';
import { registerFollowerRoutes } from './modules/followers/routes';
import { registerChatRoutes } from './modules/chat/routes';
import { registerBroadcastRoutes } from './modules/broadcasts/routes';
import { registerOaContentRoutes } from './modules/oa-content/routes';
import { registerOaAnalyticsRoutes } from './modules/oa-analytics/routes';
import { registerOaManagerRoutes } from './modules/oa-manager/routes';
import { registerPlaygroundRoutes } from './modules/playground/routes';
import { registerZaloWebhookRoutes } from './modules/zalo-webhooks/routes';
import { ZALO_EVENT_HANDLERS } from './zalo-event-handlers';
import { registerWalletRoutes } from './modules/wallets/routes';
import { registerApiKeyRoutes } from './modules/api-keys/routes';
import { registerTeamRoutes } from './modules/teams/routes';
import { registerTenantWebhookRoutes } from './modules/tenant-webhooks/routes';
import { registerTenantFallbackRoutes } from './modules/tenant-fallback/routes';
import { registerTicketRoutes } from './modules/tickets/routes';
import { registerCampaignRoutes } from './modules/campaigns/routes';
import { registerCampaignDispatchRoutes } from './modules/campaigns/dispatch-routes';
import { registerDiscountRoutes } from './modules/discounts/routes';
import { registerClickRedirect, registerClickRoutes } from './modules/clicks/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerMiniAppRoutes } from './modules/mini-apps/routes';
import { registerZmaLoyaltyRoutes } from './modules/zma-loyalty/routes';
import { registerZmaDrawRoutes } from './modules/zma-draw/routes';
import { registerZmaCustomerRoutes } from './modules/zma-customers/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerStatsRoutes } from './modules/stats/routes';
import { registerStatementRoutes } from './modules/statements/routes';
import { registerApiRateLimitRoutes } from './modules/api-rate-limits/routes';
import { registerServicePackageRoutes } from './modules/service-packages/routes';
import { registerTenantFileRoutes } from './modules/tenant-files/routes';
import { registerPublicApiRateLimits } from './modules/api-rate-limits/hook';
import { RealtimeHub, registerRealtimeRoutes } from './platform/realtime';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Present when the process runs pg-boss; API-only test apps run without it. */
  jobs?: Jobs;
  /** Extra plugins mounted on the same server (the in-process Zalo sandbox). */
  mounts?: Array<(app: FastifyInstance) => Promise<void>>;
  logger?: boolean;
  /** Where the Zalo client points; defaults to resolveZaloHosts(config, publicUrl). */
  zaloHosts?: ZaloHosts;
  /** Share one client with the worker side of the process (one single-flight refresh map). */
  zalo?: ZaloClient;
  /**
   * Where stored Zalo webhook events are applied (ADR 0019): in this process (default: role all,
   * tests), or by the worker role's consumer (role api: the route only verifies, stores and NOTIFYs).
   */
  zaloEventConsumer?: 'in-process' | 'worker';
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts the first n hops (proxy-addr's semantics). */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** Builds the Fastify instance (used by main.ts and by tests through app.inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' } },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Proxy headers count only from the configured proxies (TRUST_PROXY); off by default.
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false } },
    // Router errors (undecodable path, over-long path parameter) in the one error shape.
    frameworkErrors: frameworkErrorHandler,
  });
  // JSON only (and multipart where a route reads files): other bodies answer 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Before every other hook: a preflight from the mini app inside Zalo is answered without an access check.
  registerZmaCors(app, config.zmaAllowedOrigins);

  const signer = createTokenSigner(config.appSecret, config.accessTokenTtlSeconds);
  const cipher = createCipher(config.appSecret);
  const zaloHosts = deps.zaloHosts ?? resolveZaloHosts(config, config.publicUrl);
  const moduleDeps: ModuleDeps = {
    config,
    db: deps.database.db,
    raw: deps.database.raw,
    signer,
    cipher,
    zalo: deps.zalo ?? createServerZaloClient(deps.database.db, cipher, zaloHosts, { oaPerMinute: config.zaloOaRatePerMinute, timeoutMs: config.zaloTimeoutMs }),
    zaloHosts,
    files: createFileStore(config.uploadsDir),
    jobs: deps.jobs,
  };

  // Reviewable kinds register with the review engine (review-kinds.ts) before any route submits one.
  wireReviewKinds({ cipher, zaloHosts, zalo: { oaPerMinute: config.zaloOaRatePerMinute, timeoutMs: config.zaloTimeoutMs } });
  registerErrorHandler(app);
  registerRouteRules(app, { strictAudit: config.env !== 'production' });
  // Before any route: text the database cannot store is refused on every /api route (ADR 0006).
  registerInputSafety(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Chat voice and video messages play from Zalo's CDN (issue 15), like pictures above.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, config);
  registerAccessHook(app, { db: deps.database.db, signer });
  registerMetrics(app);
  // Per-key and per-tenant limits of /api/v1 (issue 17 #4): attached to those routes as they are registered below.
  registerPublicApiRateLimits(app, { raw: deps.database.raw, config });
  // One LISTEN per API process, opened by the first realtime stream; streams end before the server closes.
  const realtime = new RealtimeHub(deps.database, { onError: (err) => app.log.error({ err }, 'realtime') });
  app.addHook('preClose', async () => realtime.stop());

  await app.register(
    async (api) => {
      // Encapsulated to /api so the in-process sandbox can keep its own multipart limits (50 MB videos).
      await api.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1 } });
      const z = api.withTypeProvider<ZodTypeProvider>();
      registerSystemRoutes(z, moduleDeps, deps.database);
      registerDevOutboxRoute(z, moduleDeps);
      registerAuthRoutes(z, moduleDeps);
      registerMerchantRoutes(z, moduleDeps);
      registerTenantRoutes(z, moduleDeps);
      registerUserRoutes(z, moduleDeps);
      registerInvitationRoutes(z, moduleDeps);
      registerUserGroupRoutes(z, moduleDeps);
      registerAuditRoutes(z, moduleDeps);
      registerMessagingRoutes(z, moduleDeps);
      registerZaloOaRoutes(z, moduleDeps);
      registerTemplateRoutes(z, moduleDeps);
      registerApprovalRoutes(z, moduleDeps);
      registerFollowerRoutes(z, moduleDeps);
      registerChatRoutes(z, moduleDeps);
      registerBroadcastRoutes(z, moduleDeps);
      registerOaContentRoutes(z, moduleDeps);
      registerOaAnalyticsRoutes(z, moduleDeps);
      registerOaManagerRoutes(z, moduleDeps);
      registerPlaygroundRoutes(z, moduleDeps);
      registerZaloWebhookRoutes(z, moduleDeps, ZALO_EVENT_HANDLERS, { consumer: deps.zaloEventConsumer });
      registerWalletRoutes(z, moduleDeps);
      registerApiKeyRoutes(z, moduleDeps);
      registerTeamRoutes(z, moduleDeps);
      registerTenantWebhookRoutes(z, moduleDeps);
      registerTenantFallbackRoutes(z, moduleDeps);
      registerTicketRoutes(z, moduleDeps);
      registerCampaignRoutes(z, moduleDeps);
      registerCampaignDispatchRoutes(z, moduleDeps);
      registerDiscountRoutes(z, moduleDeps);
      registerClickRoutes(z, moduleDeps);
      registerNotificationRoutes(z, moduleDeps);
      registerApiRateLimitRoutes(z, moduleDeps);
      registerServicePackageRoutes(z, moduleDeps);
      registerTenantFileRoutes(z, moduleDeps);
      // Zalo Mini App loyalty (issue 14, ADR 0022).
      registerMiniAppRoutes(z, moduleDeps);
      registerZmaLoyaltyRoutes(z, moduleDeps);
      registerZmaDrawRoutes(z, moduleDeps);
      registerZmaCustomerRoutes(z, moduleDeps);
      registerReportRoutes(z, moduleDeps);
      registerStatsRoutes(z, moduleDeps);
      registerStatementRoutes(z, moduleDeps);
      registerRealtimeRoutes(z, moduleDeps, realtime);
    },
    { prefix: '/api' },
  );
  // Tracked links (ADR 0016): `<PUBLIC_URL>/r/<token>` lives at the root, short enough for a template parameter.
  registerClickRedirect(app.withTypeProvider<ZodTypeProvider>(), moduleDeps);

  for (const mount of deps.mounts ?? []) await mount(app);

  const spa = existsSync(config.webDist);
  await registerMiniAppAssets(app, config.miniAppDist);
  if (spa) await registerStaticAssets(app, config.webDist);
  registerNotFound(app, { spa });
  return app;
}
