import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, type JobDefinition } from '../../platform/jobs';
import { expireDueCodes } from './codes';
import { runCodeBatch } from './manage';

/** Bulk generation of a batch's codes (the route opens the batch row, the worker fills it). */
export function zmaCodeBatchJob(db: Db) {
  return defineJob({
    name: 'zma-code-batch',
    payload: z.object({ batchId: z.uuid() }),
    retry: { limit: 2, backoff: true },
    handle: async ({ batchId }) => runCodeBatch(db, batchId),
  });
}

/** ALLOCATED codes past their expiry become EXPIRED (every 5 minutes; a redemption checks expiry itself). */
export function zmaCodeExpiryJob(db: Db) {
  return defineJob({ name: 'zma-code-expiry', payload: z.object({}), cron: '*/5 * * * *', handle: async () => void (await expireDueCodes(db, new Date())) });
}

/** The loyalty module's jobs, registered once in main.ts. */
export function zmaLoyaltyJobs(db: Db): JobDefinition[] {
  return [zmaCodeBatchJob(db), zmaCodeExpiryJob(db)];
}
