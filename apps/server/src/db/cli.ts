import { loadConfig } from '../config';
import { openDatabase, migrateDatabase } from './client';
import { seedDemo } from './seed/demo';
import { verifyChain } from '../platform/audit';
import { auditChainHeads, mailOutbox } from './schema/index';
import { desc } from 'drizzle-orm';

/** `npm run db:migrate | db:seed | audit:verify | outbox` */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  try {
    await migrateDatabase(database);
    if (command === 'migrate') console.log('migrations applied');
    else if (command === 'seed') console.log((await seedDemo(database.db)).created ? 'demo data seeded' : 'demo data already present');
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
      for (const m of rows) console.log(`--- ${m.createdAt.toISOString()} to ${m.to}${m.sentAt ? ' (sent)' : ''}\nSubject: ${m.subject}\n${m.text}\n`);
      if (rows.length === 0) console.log('outbox is empty');
    } else {
      console.error('usage: cli.ts migrate|seed|audit-verify|outbox [n]');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

await main();
