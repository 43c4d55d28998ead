import { z } from 'zod';
import { MESSAGE_MODULES } from './messaging';
import { ORG_REPORT_GROUP_BYS, REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_GROUP_BYS, REPORT_SCHEDULE_MAX_RECIPIENTS } from './report-rules';
import { statCounters, statRangeQuery } from './stats';

// The report enumerations and bounds without Zod live in report-rules.ts, which the console imports.
export {
  ORG_REPORT_GROUP_BYS,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_GROUP_BYS,
  REPORT_NONE_KEY,
  REPORT_SCHEDULE_MAX_RECIPIENTS,
  type OrgReportGroupBy,
  type ReportFormat,
  type ReportFrequency,
  type ReportGroupBy,
} from './report-rules';

/**
 * Reports (issue 16 #4): the tenant's sends grouped by day, type, status, template, API key, campaign
 * or team, the failures by Zalo error code, the organisation report per tenant, day or type, their
 * CSV/XLSX exports and the weekly/monthly report mails. Read from the message statistics rollups
 * (ADR 0024); `from`/`to` are days in Asia/Ho_Chi_Minh, both included (at most STAT_LIST_RANGE_MAX_DAYS).
 */




export const REPORT_SCOPES = ['tenant', 'organisation'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** An export of more rows than this is written by a background job (202 with its id), not answered at once. */
export const REPORT_SYNC_EXPORT_ROWS = 5000;


export const reportQuery = statRangeQuery.extend({ groupBy: z.enum(REPORT_GROUP_BYS).default('day') });
export type ReportQuery = z.infer<typeof reportQuery>;

export const orgReportQuery = statRangeQuery.extend({ groupBy: z.enum(ORG_REPORT_GROUP_BYS).default('tenant') });
export type OrgReportQuery = z.infer<typeof orgReportQuery>;

/** One row: `key` the day / type / status / id (REPORT_NONE_KEY for none), `label` its name. */
export const reportRow = statCounters.extend({ key: z.string(), label: z.string() });
export type ReportRow = z.infer<typeof reportRow>;

export const report = z.object({ from: z.string(), to: z.string(), groupBy: z.string(), rows: z.array(reportRow), totals: statCounters });
export type Report = z.infer<typeof report>;

/** Failed messages of one Zalo error code and module, with the catalogue's explanation in both languages (code 0: failed without a Zalo code). */
export const reportFailure = z.object({
  module: z.enum(MESSAGE_MODULES),
  errorCode: z.number().int(),
  count: z.number().int(),
  message: z.string(),
  messageVi: z.string(),
  action: z.string(),
  actionVi: z.string(),
});
export type ReportFailure = z.infer<typeof reportFailure>;

export const reportFailures = z.array(reportFailure);

export const reportExportBody = z.strictObject({
  scope: z.enum(REPORT_SCOPES).default('tenant'),
  format: z.enum(REPORT_FORMATS),
  /** One of REPORT_GROUP_BYS (scope tenant) or ORG_REPORT_GROUP_BYS (scope organisation). */
  groupBy: z.enum([...REPORT_GROUP_BYS, 'tenant']),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' }),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' }),
  /** The language of the column headings. */
  lang: z.enum(['vi', 'en']).default('vi'),
});
export type ReportExportBody = z.input<typeof reportExportBody>;

export const REPORT_EXPORT_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

/** An export written in the background: the download is ready once `status` is READY. */
export const reportExport = z.object({
  id: z.uuid(),
  scope: z.enum(REPORT_SCOPES),
  format: z.enum(REPORT_FORMATS),
  groupBy: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(REPORT_EXPORT_STATUSES),
  rows: z.number().int(),
  fileName: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExport>;

export const reportExportAccepted = z.object({ exportId: z.uuid(), rows: z.number().int() });


/** Schedules a tenant may keep. */
export const REPORT_SCHEDULES_MAX = 20;

export const reportScheduleBody = z.strictObject({
  frequency: z.enum(REPORT_FREQUENCIES),
  recipients: z
    .array(z.email().max(254))
    .min(1)
    .max(REPORT_SCHEDULE_MAX_RECIPIENTS)
    .refine((a) => new Set(a.map((e) => e.toLowerCase())).size === a.length, { message: 'recipients must not repeat' }),
  format: z.enum(REPORT_FORMATS),
  groupBy: z.enum(REPORT_GROUP_BYS),
  lang: z.enum(['vi', 'en']).default('vi'),
});
export type ReportScheduleBody = z.input<typeof reportScheduleBody>;

/** A weekly (the previous Monday–Sunday) or monthly (the previous month) report mail; `lastPeriod` the last period mailed. */
export const reportSchedule = z.object({
  id: z.uuid(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipients: z.array(z.string()),
  format: z.enum(REPORT_FORMATS),
  groupBy: z.enum(REPORT_GROUP_BYS),
  lang: z.enum(['vi', 'en']),
  lastPeriod: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
