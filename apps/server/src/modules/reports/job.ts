import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { runReportExport, runReportSchedules, sweepReportExports } from './service';

/** Writes one large report export (enqueued by POST …/export when it is over REPORT_SYNC_EXPORT_ROWS). */
export function reportExportJob(db: Db) {
  return defineJob({
    name: 'report-export',
    payload: z.object({ exportId: z.uuid() }),
    retry: { limit: 3, backoff: true },
    handle: async ({ exportId }) => void (await runReportExport(db, exportId)),
  });
}

/**
 * The report jobs of worker processes: the export writer; a sweep every 5 minutes (exports whose job
 * was lost, expired files); the weekly/monthly report mails every hour (each period once per schedule).
 */
export function reportJobs(db: Db, opts: { publicUrl: string; secret: string }) {
  return [
    reportExportJob(db),
    defineJob({ name: 'report-export-sweep', payload: z.object({}), cron: '*/5 * * * *', retry: { limit: 0, backoff: false }, handle: async () => void (await sweepReportExports(db)) }),
    defineJob({ name: 'report-schedules', payload: z.object({}), cron: '7 * * * *', retry: { limit: 0, backoff: false }, handle: async () => void (await runReportSchedules(db, opts)) }),
  ];
}
