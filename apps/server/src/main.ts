import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase, migrateDatabase } from './db/client';
import { seedDemo, DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo';
import { buildApp } from './app';
import { startJobs, type JobHandler } from './platform/jobs';
import { createSmtpTransport, deliverPendingMail } from './platform/mail';

type Role = 'all' | 'api' | 'worker';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') throw new ConfigError(`Invalid --role=${role}: use all, api or worker`);
  return role;
}

/** Entry: one codebase, roles chosen at start (--role=all|api|worker). */
async function main(): Promise<void> {
  const role = parseRole(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await migrateDatabase(database);
  if (config.seedDemo) await seedDemo(database.db);

  const transport = createSmtpTransport(config.smtpUrl);
  const handlers: JobHandler[] = transport
    ? [{ name: 'mail-deliver', cron: '* * * * *', handle: async () => void (await deliverPendingMail(database.db, transport, config.mailFrom)) }]
    : [];
  const jobs = await startJobs(database, { url: config.databaseUrl, workers: role !== 'api', handlers });

  const shutdown: Array<() => Promise<void>> = [() => jobs.stop()];
  if (role !== 'worker') {
    const app = await buildApp({ config, database, jobs });
    await app.listen({ host: config.host, port: config.port });
    shutdown.unshift(() => app.close());
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    console.log(`\nZalo Console ready at ${url}  (database: ${database.kind}, role: ${role})`);
    if (config.seedDemo) {
      console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
      for (const u of DEMO_USERS) console.log(`  ${u.role.padEnd(10)} ${u.email}`);
    }
    console.log(`API docs: ${url}/api/docs\n`);
  } else {
    console.log(`Zalo Console worker running (database: ${database.kind})`);
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
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
