import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase, migrateDatabase } from './db/client';
import { seedDemoAtBoot, DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo';
import { buildApp } from './app';
import { z } from 'zod';
import { defineJob, startJobs, type JobDefinition } from './platform/jobs';
import { createSmtpTransport, deliverPendingMail } from './platform/mail';
import { webhookDeliveryJob } from './modules/tenant-webhooks/worker';
import { resumeStaleSyncs } from './modules/followers/service';
import { broadcastSendJob } from './modules/broadcasts/job';
import { templateStatusPollJob } from './modules/templates/job';
import { zmaLoyaltyJobs } from './modules/zma-loyalty/jobs';
import { monthEndStatementsJob } from './modules/statements/job';
import { reportJobs } from './modules/reports/job';
import { oaContentPublishJob, oaContentStatsJob } from './modules/oa-content/publisher';
import { createCipher } from './platform/crypto';
import { seedDemoZalo, startDemoInbox } from './db/seed/demo-zalo';
import { createInProcessSandbox, sandboxMounts, type SandboxApp } from './sandbox-mount';
import { resolveZaloHosts } from './config';
import { createServerZaloClient } from './modules/zalo-oa/zalo-client';
import { refreshExpiringTokens } from './modules/zalo-oa/service';
import { startDeliveryLoop } from './modules/messaging/delivery-loop';
import { startCampaignDispatchLoop } from './modules/campaigns/dispatch-loop';
import { startEventDispatcher } from './events/dispatcher';
import { startStatsFoldLoop } from './modules/stats/fold';
import { startSlaWatcher } from './modules/tickets/sla-watcher';
import { EVENT_HANDLERS } from './events/handlers';
import { wireReviewKinds } from './review-kinds';
import { createSharedRateLimiter } from './platform/rate-limiter';
import { startZaloEventConsumer } from './modules/zalo-webhooks/consumer';
import { ZALO_EVENT_HANDLERS } from './zalo-event-handlers';
import { ensureKeyFingerprint, findRecordedSandbox, KeyMismatchError, recordSandboxUrl, SandboxNotFoundError } from './platform/system-settings';

type Role = 'all' | 'api' | 'worker';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') throw new ConfigError(`Invalid --role=${role}: use all, api or worker`);
  return role;
}

/**
 * The only place the server reaches the sandbox app (issue 10 #7: apps never import each other): one
 * dynamic import at the composition root, in sandbox mode only, so live mode never loads the simulator.
 */
async function loadSandboxApp(): Promise<SandboxApp> {
  const [{ createSandbox }, { zaloSandboxPlugin }, seed, chatSim] = await Promise.all([
    import('@zc/zalo-sandbox/sandbox'), import('@zc/zalo-sandbox/plugin'), import('@zc/zalo-sandbox/seed'), import('@zc/zalo-sandbox/chat-sim'),
  ]);
  return { createSandbox, zaloSandboxPlugin, seed, chatSim };
}

/** Entry: one codebase, roles chosen at start (--role=all|api|worker). */
async function main(): Promise<void> {
  const role = parseRole(process.argv.slice(2));
  const config = loadConfig();
  // Embedded PGlite belongs to one process: a second one would open its own copy under its DATA_DIR.
  if (role !== 'all' && !config.databaseUrl) throw new ConfigError(`--role=${role} needs DATABASE_URL (PostgreSQL shared by the api and worker processes); embedded PGlite runs only --role=all`);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), worker: config.pgliteWorker });
  await migrateDatabase(database);
  // Every process of one database must hold the key its secrets were encrypted with.
  await ensureKeyFingerprint(database.db, config.appSecret, { generated: config.appSecretGenerated });
  const cipher = createCipher(config.appSecret);
  const runFile = path.join(config.dataDir, 'server.json');
  const localBase = `http://127.0.0.1:${config.port}`;
  // Sandbox mode without ZALO_SANDBOX_URL: the simulator runs in this process at /zalo-sandbox; live mode: none.
  const sandboxApp = config.zaloMode === 'sandbox' ? await loadSandboxApp() : null;
  const inProcessSandbox = createInProcessSandbox(sandboxApp, config, role !== 'worker', localBase);
  // A worker in sandbox mode calls the sandbox its API process serves (recorded in the database).
  const sandboxUrl = role === 'worker' && config.zaloMode === 'sandbox' && !config.zaloSandboxUrl ? await findRecordedSandbox(database.db) : config.zaloSandboxUrl;
  const zaloHosts = resolveZaloHosts({ ...config, zaloSandboxUrl: sandboxUrl }, localBase);
  // Production never keeps the published demo password (generated ones are printed once below).
  // Only processes that serve HTTP seed: a worker would race its API process for the same rows.
  const demo = await seedDemoAtBoot(database.db, { production: config.env === 'production', seed: config.seedDemo && role !== 'worker' });
  if (config.seedDemo && role !== 'worker' && sandboxApp) await seedDemoZalo(database.db, cipher, sandboxApp.seed);
  // Every process draws on one per-OA budget kept in the database, so N workers together stay within Zalo's limit.
  const limiter = config.zaloRateLimit === 'shared' ? createSharedRateLimiter(database.raw, { perMinute: config.zaloOaRatePerMinute }) : undefined;
  const zalo = createServerZaloClient(database.db, cipher, zaloHosts, { oaPerMinute: config.zaloOaRatePerMinute, timeoutMs: config.zaloTimeoutMs, limiter });

  // Review kinds and their approval actions (the template submission handler uses this client).
  wireReviewKinds({ cipher, zaloHosts, zalo: { oaPerMinute: config.zaloOaRatePerMinute, timeoutMs: config.zaloTimeoutMs, limiter } });
  const transport = createSmtpTransport(config.smtpUrl);
  const sweep = z.object({});
  const definitions: JobDefinition[] = [
    // Refresh OA tokens 2 h ahead of expiry (Zalo access tokens live 25 h); alert admins on failure.
    defineJob({ name: 'zalo-token-refresh', payload: sweep, cron: '*/10 * * * *', handle: async () => void (await refreshExpiringTokens(database.db, zalo)) }),
    // Follower syncs whose process stopped mid-way continue from their stored offset.
    defineJob({ name: 'follower-sync-resume', payload: sweep, cron: '*/5 * * * *', handle: async () => void (await resumeStaleSyncs(database.db, zalo)) }),
  ];
  if (transport) definitions.push(defineJob({ name: 'mail-deliver', payload: sweep, cron: '* * * * *', handle: async () => void (await deliverPendingMail(database.db, transport, config.mailFrom)) }));
  definitions.push(webhookDeliveryJob(database.db, cipher, { allowPrivate: config.webhookAllowPrivateTargets }));
  // OA broadcasts: approved ones are handed to Zalo at their schedule time (window, monthly quota, held with a reason).
  definitions.push(broadcastSendJob(database.db, zalo));
  // OA posts and videos: publish approved content to each OA (create → verify, own back-off), refresh view/share totals.
  definitions.push(oaContentPublishJob(database.db, zalo), oaContentStatsJob(database.db, zalo));
  // ZNS templates authored in the console: Zalo's review state read back when a status webhook was missed.
  definitions.push(templateStatusPollJob(database.db, zalo));
  // Mini-app gift codes: bulk generation batches, and ALLOCATED codes past expiry → EXPIRED every 5 minutes.
  definitions.push(...zmaLoyaltyJobs(database.db));
  // Month-end statements (issue 16 #3): hourly, for wallets whose month has just ended in their time zone.
  definitions.push(monthEndStatementsJob(database.db));
  // Reports (issue 16 #4): large exports written in the background, expired files dropped, the weekly/monthly report mails.
  definitions.push(...reportJobs(database.db, { publicUrl: config.publicUrl, secret: config.appSecret }));
  const jobs = await startJobs(database, { url: config.databaseUrl, workers: role !== 'api', jobs: definitions });
  // Message delivery: a poll loop over the history-as-queue in worker processes (ADR 0003).
  const delivery = role !== 'api' ? startDeliveryLoop({ db: database.db, zalo, trackedLinks: { publicUrl: config.publicUrl, secret: config.appSecret } }, { onError: (e) => console.error('[delivery]', e) }) : null;
  // ZNS campaigns: paced hand-over of approved campaigns' recipients to the outbox (tenant rate shared by every worker, OA quota from Zalo).
  const campaignLimiter = config.zaloRateLimit === 'shared' ? createSharedRateLimiter(database.raw, { perMinute: config.campaignRatePerSecond * 60, prefix: 'campaign-tenant:' }) : undefined;
  const campaignDispatch = role !== 'api' ? startCampaignDispatchLoop({ db: database.db, zalo, ratePerSecond: config.campaignRatePerSecond, limiter: campaignLimiter }, { onError: (e) => console.error('[campaigns]', e) }) : null;
  // Domain-event handlers run after commit in worker processes (events/handlers.ts, ADR 0007).
  const dispatcher = role !== 'api' ? await startEventDispatcher(database, EVENT_HANDLERS, { onError: (e) => console.error('[events]', e) }) : null;
  // Ticket SLA warnings and breaches, announced once each, in worker processes.
  const slaWatcher = role !== 'api' ? startSlaWatcher(database.db, { onError: (e) => console.error('[sla]', e) }) : null;
  // Message statistics: what message_history's triggers appended is folded into the rollups every 2 s (ADR 0024).
  const statsFold = role !== 'api' ? startStatsFoldLoop(database.db, { onError: (e) => console.error('[stats]', e) }) : null;
  // Zalo webhook events stored by API processes are applied here, woken by their NOTIFY (ADR 0019);
  // role all applies the events it stores itself (the route starts that consumer).
  const zaloEvents = role === 'worker' ? startZaloEventConsumer(database.db, ZALO_EVENT_HANDLERS, { listen: (channel, onNotify, o) => database.listen(channel, onNotify, o), onError: (e) => console.error('[zalo-events]', e) }) : null;

  const shutdown: Array<() => Promise<void>> = [async () => campaignDispatch?.stop(), async () => delivery?.stop(), async () => dispatcher?.stop(), async () => slaWatcher?.stop(), async () => statsFold?.stop(), async () => zaloEvents?.stop(), () => jobs.stop(), async () => inProcessSandbox?.close()];
  if (role !== 'worker') {
    const app = await buildApp({
      config,
      database,
      jobs,
      zaloHosts,
      zalo,
      mounts: sandboxMounts(sandboxApp, inProcessSandbox),
      zaloEventConsumer: role === 'api' ? 'worker' : 'in-process',
    });
    await app.listen({ host: config.host, port: config.port });
    shutdown.unshift(() => app.close());
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    console.log(`\nZalo Console ready at ${url}  (database: ${database.kind}, role: ${role})`);
    if (demo.published) {
      console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
      for (const u of DEMO_USERS) console.log(`  ${u.role.padEnd(10)} ${u.email}`);
    }
    console.log(`API docs: ${url}/api/docs\n`);
    // Lets `npm run outbox` and the db commands find the running server (PGlite is single-process).
    writeFileSync(runFile, JSON.stringify({ pid: process.pid, url }));
    shutdown.push(async () => rmSync(runFile, { force: true }));
    // Worker processes in sandbox mode find the in-process sandbox here (PUBLIC_URL if set, else where we listen).
    if (inProcessSandbox) await recordSandboxUrl(database.db, `${config.publicUrlGiven ? config.publicUrl : url}/zalo-sandbox`);
    // The demo's inbox: its followers synced once, then a few of them write (issue 15).
    if (inProcessSandbox && sandboxApp && config.seedDemo) void startDemoInbox(database.db, zalo, sandboxApp.seed, sandboxApp.chatSim, inProcessSandbox).catch((e: unknown) => console.error('[demo inbox]', e));
  } else {
    console.log(`Zalo Console worker running (database: ${database.kind})`);
  }
  if (demo.fresh.length > 0) {
    // Printed this once and stored nowhere else (only their argon2 hashes).
    console.log('Demo logins with generated passwords (shown once; keep them or reset them):');
    for (const l of demo.fresh) console.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(20)} ${l.password}`);
    console.log('');
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const fn of shutdown) await fn().catch(() => undefined);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof KeyMismatchError || err instanceof SandboxNotFoundError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
