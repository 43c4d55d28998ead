/** The report enumerations and bounds of the contract (api/reports.ts) without Zod, for the console's route chunks; the contract re-exports them. */

/** How a tenant report groups its rows (`status`: one row per counter bucket pending/sent/delivered/failed). */
export const REPORT_GROUP_BYS = ['day', 'type', 'status', 'template', 'apiKey', 'campaign', 'team'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BYS)[number];

/** How the organisation report groups its rows. */
export const ORG_REPORT_GROUP_BYS = ['tenant', 'day', 'type'] as const;
export type OrgReportGroupBy = (typeof ORG_REPORT_GROUP_BYS)[number];

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The key of the rows without a template / API key / campaign / team. */
export const REPORT_NONE_KEY = 'none';

export const REPORT_FREQUENCIES = ['WEEKLY', 'MONTHLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_SCHEDULE_MAX_RECIPIENTS = 10;
