import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { loadConfig, type Config } from '../config';
import { openDatabase, migrateDatabase } from './client';
import { seedDemo } from './seed/demo';
import { verifyChain } from '../platform/audit';
import { auditChainHeads, mailOutbox } from './schema/index';

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}

/** The server recorded in DATA_DIR/server.json, if that process is still alive. */
function runningServer(config: Config): { pid: number; url: string } | null {
  const file = path.join(config.dataDir, 'server.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

function printMails(mails: Mail[]): void {
  for (const m of mails) console.log(`--- ${m.createdAt} to ${m.to}${m.sentAt ? ' (sent)' : ''}\nSubject: ${m.subject}\n${m.text}\n`);
  if (mails.length === 0) console.log('outbox is empty');
}

/** `npm run db:migrate | db:seed | audit:verify | outbox [n]` */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig();
  const server = config.databaseUrl ? null : runningServer(config);
  if (command === 'outbox' && server) {
    // PGlite allows one process: ask the running server instead of opening its files.
    const res = await fetch(`${server.url}/api/dev/outbox?limit=${Number(process.argv[3] ?? 10)}`);
    if (!res.ok) throw new Error(`the running server answered ${res.status} (is SMTP_URL set or NODE_ENV=production?)`);
    printMails(((await res.json()) as { data: Mail[] }).data);
    return;
  }
  if (server) {
    console.error(`The server (pid ${server.pid}) has the embedded database open; stop it first.`);
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    if (command === 'migrate') console.log('migrations applied');
    else if (command === 'seed') {
      // Production never gets the published password: each account's generated one is printed here, once.
      const r = await seedDemo(database.db, { generatedPasswords: config.env === 'production' });
      console.log(r.created ? 'demo data seeded' : 'demo data already present');
      if (r.created && config.env === 'production') for (const l of r.logins) console.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(20)} ${l.password}`);
    }
    else if (command === 'audit-verify') {
      let broken = 0;
      for (const head of await database.db.select().from(auditChainHeads)) {
        const r = await verifyChain(database.db, head.chainKey);
        console.log(`${head.chainKey}: ${r.ok ? 'ok' : `BROKEN at seq ${r.brokenAtSeq}`} (${r.checked} entries)`);
        if (!r.ok) broken += 1;
      }
      process.exitCode = broken ? 1 : 0;
    } else if (command === 'outbox') {
      const rows = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(Number(process.argv[3] ?? 10));
      printMails(rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })));
    } else {
      console.error('usage: cli.ts migrate|seed|audit-verify|outbox [n]');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

await main();
