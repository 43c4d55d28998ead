import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../test/helpers';
import type { Database } from '../db/client';
import { defineJob, JobPayloadError, startJobs, type Jobs } from './jobs';

let database: Database & { drop(): Promise<void> };
let jobs: Jobs | undefined;
const handled: Array<{ messageId: string; attempt: number }> = [];
const deliver = defineJob({
  name: 'test-deliver',
  payload: z.object({ messageId: z.uuid(), attempt: z.number().int().min(1).default(1) }),
  retry: { limit: 2, backoff: true },
  handle: async (p) => void handled.push(p),
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await jobs?.stop();
  await database.drop();
});

const queued = async (name: string) =>
  (await database.raw.query<{ data: unknown; retry_limit: number }>(`select data, retry_limit from pgboss.job where name = $1`, [name])).rows;

describe('typed jobs (defineJob + jobs.send)', () => {
  it('validates a payload against the job\'s schema before enqueueing, with the job\'s retry policy', async () => {
    jobs = await startJobs(database, { workers: false, jobs: [deliver] });
    const id = '0b6f7c1e-3f7a-4d2b-9c1e-2a4b6c8d0e1f';
    await jobs.send(deliver, { messageId: id });
    // @ts-expect-error a payload of the wrong shape does not type-check …
    const wrong = jobs.send(deliver, { messageId: 42 });
    // … and is refused at run time too, naming the field; nothing is enqueued.
    await expect(wrong).rejects.toBeInstanceOf(JobPayloadError);
    await expect(jobs.send(deliver, { messageId: 'not-a-uuid' })).rejects.toThrow(/job test-deliver: invalid payload \(messageId: /);
    expect(await queued('test-deliver')).toEqual([{ data: { messageId: id }, retry_limit: 2 }]);
    await jobs.stop();
    jobs = undefined;
  });

  it('hands the handler the parsed payload (defaults applied)', async () => {
    jobs = await startJobs(database, { workers: true, jobs: [deliver] });
    for (let i = 0; i < 100 && handled.length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(handled).toEqual([{ messageId: '0b6f7c1e-3f7a-4d2b-9c1e-2a4b6c8d0e1f', attempt: 1 }]);
  }, 20_000);

  it('refuses at start a cron job whose schema does not accept the scheduled {}', async () => {
    const bad = defineJob({ name: 'test-cron', payload: z.object({ tenantId: z.uuid() }), cron: '* * * * *', handle: async () => undefined });
    await expect(startJobs(database, { workers: false, jobs: [bad] })).rejects.toThrow(/job test-cron: invalid payload \(tenantId: /);
  });
});
