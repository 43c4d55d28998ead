import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export interface Jobs {
  send(name: string, data: object): Promise<void>;
  stop(): Promise<void>;
}

export interface JobHandler {
  name: string;
  /** Cron for a periodic sweep, if the job also runs on a schedule. */
  cron?: string;
  handle(data: Record<string, unknown>): Promise<void>;
}

/**
 * pg-boss on the product's own database. On PGlite it goes through `db.executeSql` on the single
 * in-process client (exec for parameterless multi-statement SQL, query otherwise).
 */
export async function startJobs(database: Database, options: { url?: string; workers: boolean; handlers: JobHandler[] }): Promise<Jobs> {
  const boss = options.url
    ? new PgBoss({ connectionString: options.url, schema: 'pgboss' })
    : new PgBoss({
        schema: 'pgboss',
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            if (!values || values.length === 0) {
              if (text.includes(';')) {
                await database.raw.exec(text);
                return { rows: [] };
              }
            }
            return database.raw.query(text, values);
          },
        },
      } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (err: unknown) => {
    console.error('[jobs]', err instanceof Error ? err.message : err);
  });
  await boss.start();
  for (const h of options.handlers) {
    await boss.createQueue(h.name);
    if (options.workers) {
      await boss.work(h.name, async (jobs) => {
        for (const job of jobs) await h.handle((job.data ?? {}) as Record<string, unknown>);
      });
      if (h.cron) await boss.schedule(h.name, h.cron, {});
    }
  }
  return {
    async send(name, data) {
      await boss.send(name, data, { retryLimit: 5, retryBackoff: true });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
