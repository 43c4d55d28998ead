import { z } from 'zod';

/* ─── ZNS campaigns (§2.12, §3 Campaign, §4 start mode and mode, §5 campaign rules, §7 merchant/campaign/*) ─── */

/** §3 campaign statuses (the review and outcome of the campaign as a whole). */
export const CAMPAIGN_STATUSES = ['PENDING', 'APPROVED', 'DONE', 'FAIL', 'CANCELLED', 'REJECTED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** §4 campaign start mode. */
export const CAMPAIGN_START_MODES = ['IMMEDIATE', 'SCHEDULE'] as const;
export type CampaignStartMode = (typeof CAMPAIGN_START_MODES)[number];

/**
 * Where an APPROVED campaign's sending stands: WAITING for its start, RUNNING, PAUSED by a user,
 * QUOTA_WAIT (the OA's ZNS daily quota is used up: it continues the next day on its own),
 * NIGHT_WAIT (a promotion template outside the allowed hours), FINISHED (every recipient settled).
 */
export const CAMPAIGN_DISPATCH_STATES = ['WAITING', 'RUNNING', 'PAUSED', 'QUOTA_WAIT', 'NIGHT_WAIT', 'FINISHED'] as const;
export type CampaignDispatchState = (typeof CAMPAIGN_DISPATCH_STATES)[number];

/** An uploaded recipient list: PROCESSING while its rows are read, READY, FAILED (unreadable file). */
export const CAMPAIGN_UPLOAD_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export type CampaignUploadStatus = (typeof CAMPAIGN_UPLOAD_STATUSES)[number];

/**
 * One recipient's state in a campaign: QUEUED (not yet handed to the outbox), ENQUEUED (a message row
 * exists: its status is the message's), SENT, FAILED, CANCELLED (never sent: the campaign was cancelled).
 */
export const CAMPAIGN_RECIPIENT_STATES = ['QUEUED', 'ENQUEUED', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type CampaignRecipientState = (typeof CAMPAIGN_RECIPIENT_STATES)[number];

/** The two recipient file kinds `campaign/upload` reads (by content, not by name). */
export const CAMPAIGN_FILE_KINDS = ['csv', 'xlsx'] as const;
export type CampaignFileKind = (typeof CAMPAIGN_FILE_KINDS)[number];
