import { z } from 'zod';
import type { ZaloClient } from '@zc/zalo/client';
import type { Db } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { pollPendingTemplates } from './service';

/**
 * Every 5 minutes in worker processes: console templates still PENDING_REVIEW at Zalo are read with
 * info/v2 so a missed change_template_status webhook cannot leave them waiting (REFERENCE §13.5).
 * Idempotent: a template that changed leaves PENDING_REVIEW and is not read again.
 */
export function templateStatusPollJob(db: Db, zalo: ZaloClient) {
  return defineJob({
    name: 'zns-template-status-poll',
    payload: z.object({}),
    cron: '*/5 * * * *',
    retry: { limit: 0, backoff: false },
    handle: async () => void (await pollPendingTemplates(db, zalo)),
  });
}
