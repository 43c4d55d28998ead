import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { runMonthEndStatements } from './service';

/**
 * Month-end statements, every hour at minute 5 in worker processes: each wallet whose month has just ended in
 * its time zone (zones end months at different UTC hours) and has no statement for it gets one. Idempotent:
 * a statement exists once per wallet and month, so a rerun or a second worker finds nothing left to do.
 */
export function monthEndStatementsJob(db: Db) {
  return defineJob({
    name: 'statements-month-end',
    payload: z.object({}),
    cron: '5 * * * *',
    retry: { limit: 0, backoff: false },
    handle: async () => void (await runMonthEndStatements(db)),
  });
}
