import { z } from 'zod';
import type { ZaloClient } from '@zc/zalo/client';
import type { Db } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { sendDueBroadcasts } from './service';

/**
 * The hand-over of approved broadcasts to Zalo, every minute in worker processes. Not the outbox
 * (ADR 0009): the outbox writes one priced message per recipient into message_history, while a
 * broadcast is one unpriced call per OA whose recipients Zalo chooses; the job is idempotent by the
 * row's send state (locked, skip-locked; SENDING is never re-sent).
 */
export function broadcastSendJob(db: Db, zalo: ZaloClient) {
  return defineJob({
    name: 'oa-broadcast-send',
    payload: z.object({}),
    cron: '* * * * *',
    retry: { limit: 0, backoff: false },
    handle: async () => void (await sendDueBroadcasts(db, zalo)),
  });
}
