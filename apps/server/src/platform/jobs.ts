import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';

/**
 * One kind of job: its queue name, the Zod schema of its payload (ids, not state — the handler
 * re-loads), its retry policy and its handler. `cron` also runs it periodically with `{}`.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Cron for a periodic sweep; the schema must accept `{}` (checked at start). */
  cron?: string;
  /** Attempts after the first failure, with exponential back-off (default 5, on). */
  retry?: { limit: number; backoff: boolean };
  handle(payload: z.output<S>): Promise<void>;
}

/** Declares a job; the payload type of `jobs.send` and of `handle` comes from the schema. */
export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/** Raised when a payload does not match its job's schema (at send, or at run for a stored one). */
export class JobPayloadError extends Error {}

export interface Jobs {
  /** Validates the payload against the job's schema, then enqueues it (retries as the job declares). */
  send<S extends z.ZodType>(def: JobDefinition<S>, payload: z.input<S>): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_RETRY = { limit: 5, backoff: true };

function parsePayload<S extends z.ZodType>(def: JobDefinition<S>, data: unknown): z.output<S> {
  const parsed = def.payload.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
    throw new JobPayloadError(`job ${def.name}: invalid payload (${issues})`);
  }
  return parsed.data;
}

/**
 * pg-boss on the product's own database. On PGlite it goes through `db.executeSql` on the single
 * in-process client (exec for parameterless multi-statement SQL, query otherwise). `workers`
 * decides whether this process runs the handlers (and schedules the cron ones) or only enqueues.
 */
export async function startJobs(database: Database, options: { url?: string; workers: boolean; jobs: JobDefinition[] }): Promise<Jobs> {
  for (const def of options.jobs) if (def.cron) parsePayload(def, {});
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
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  for (const def of options.jobs) {
    await ensureQueue(def.name);
    if (options.workers) {
      await boss.work(def.name, async (batch) => {
        // A stored payload that no longer parses (a deploy changed the schema) fails the job visibly.
        for (const job of batch) await def.handle(parsePayload(def, job.data ?? {}));
      });
      if (def.cron) await boss.schedule(def.name, def.cron, {});
    }
  }
  return {
    async send(def, payload) {
      parsePayload(def, payload);
      await ensureQueue(def.name);
      const retry = def.retry ?? DEFAULT_RETRY;
      // pg-boss stores a JSON object; every job schema here is a z.object (validated just above).
      await boss.send(def.name, payload as object, { retryLimit: retry.limit, retryBackoff: retry.backoff });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
