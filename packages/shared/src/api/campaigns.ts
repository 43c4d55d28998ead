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
 * TEAM_QUOTA_WAIT (the daily quota of the team its API key belongs to is used up: the same, next day),
 * NIGHT_WAIT (a promotion template outside the allowed hours), FINISHED (every recipient settled).
 */
export const CAMPAIGN_DISPATCH_STATES = ['WAITING', 'RUNNING', 'PAUSED', 'QUOTA_WAIT', 'TEAM_QUOTA_WAIT', 'NIGHT_WAIT', 'FINISHED'] as const;
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

/* ─── Limits (§5 campaign rules; the spec leaves the bounds open: these are ours) ─── */

/** §5: the campaign name is required and bounded (the spec does not give the bounds). */
export const CAMPAIGN_NAME_MIN = 3;
export const CAMPAIGN_NAME_MAX = 100;
/** A recipient file is at most 100 MB (413 above, nothing stored). About 2–3 million rows of a phone and a few params. */
export const CAMPAIGN_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** A cell longer than this rejects its row (CELL_TOO_LONG): a template param is far shorter; it bounds what a junk file costs. */
export const CAMPAIGN_CELL_MAX_CHARS = 4096;

/**
 * Why a row of an upload was rejected (the report's stable code; the web and the report give the
 * text in the user's language). PARAM_* name the param in `param`.
 */
export const CAMPAIGN_REJECT_CODES = [
  'PHONE_EMPTY',
  'PHONE_FORMAT',
  'PHONE_PREFIX',
  'DUPLICATE',
  'COLUMNS_MISSING',
  'ENCODING',
  'CELL_TOO_LONG',
  'PARAM_REQUIRED',
  'PARAM_MIN_LENGTH',
  'PARAM_MAX_LENGTH',
  'PARAM_TYPE',
] as const;
export type CampaignRejectCode = (typeof CAMPAIGN_REJECT_CODES)[number];

/** The rule a refused campaign or upload names (422 CAMPAIGN_INVALID, `details.rule`). */
export const CAMPAIGN_RULES = [
  'NAME_LENGTH',
  'API_KEY_REQUIRED',
  'API_KEY_INACTIVE',
  'SCHEDULE_REQUIRED',
  'PAST_SCHEDULE',
  'MODE_NOT_ALLOWED',
  'TEMPLATE_NOT_ENABLED',
  'MAPPING_INVALID',
  'UPLOAD_NOT_READY',
  'UPLOAD_USED',
  'UPLOAD_OTHER_TEMPLATE',
  'NO_VALID_ROWS',
  'FILE_UNREADABLE',
] as const;
export type CampaignRule = (typeof CAMPAIGN_RULES)[number];

/* ─── Schemas ─── */

const uuid = z.uuid();
const isoDate = z.string().describe('ISO 8601 date-time');

export const campaignMapping = z.strictObject({
  phone: z.string().min(1).max(200).describe('The header of the phone column'),
  params: z.record(z.string().max(100), z.string().max(200)).describe('Template param name → header of its column'),
});
export type CampaignMapping = z.infer<typeof campaignMapping>;

export const campaignListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  teamIds: z.string().max(2000).optional().describe('Comma-joined team ids'),
  name: z.string().max(200).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

/** §3 Campaign (list row), with the dispatch state and the counts the list shows. */
export const campaign = z.object({
  id: uuid,
  name: z.string(),
  mode: z.enum(['production', 'development']),
  startMode: z.enum(CAMPAIGN_START_MODES),
  apiKey: z.object({ id: uuid, name: z.string() }).nullable(),
  scheduleAt: isoDate.nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  dispatchState: z.enum(CAMPAIGN_DISPATCH_STATES).nullable(),
  cost: z.number(),
  estimatedCost: z.number(),
  recordCount: z.number(),
  sentCount: z.number(),
  failedCount: z.number(),
  template: z.object({ templateName: z.string(), price: z.number(), listPrice: z.number(), znsTemplateId: z.string(), teamId: z.uuid().nullable() }),
  team: z.object({ id: uuid, name: z.string() }).nullable(),
  zaloOA: z.object({ id: uuid, name: z.string() }).nullable(),
  createdBy: z.object({ id: uuid, displayName: z.string() }).nullable(),
  createdAt: isoDate,
  abilities: z.object({ view: z.boolean(), decide: z.boolean() }),
});
export type Campaign = z.infer<typeof campaign>;

/** What the create dialog and the creation route need: the tenant's ZNS API keys and its public mode. */
export const campaignFormOptions = z.object({
  apiKeys: z.array(z.object({ id: uuid, name: z.string(), zaloOaId: uuid, zaloOaName: z.string(), teamId: z.uuid().nullable() })),
  publicMode: z.enum(['production', 'development']),
  limits: z.object({ nameMin: z.number(), nameMax: z.number(), uploadMaxBytes: z.number() }),
});
export type CampaignFormOptions = z.infer<typeof campaignFormOptions>;

export const campaignTemplatesQuery = z.strictObject({ apiKeyId: z.uuid() });

/**
 * A tenant's ZNS public mode (§4: a campaign may use production mode only when it is production; in
 * development Zalo delivers to the OA's test numbers only). Set by the tenant's organisation (UPDATE_TENANT).
 */
export const znsPublicMode = z.object({ tenantId: uuid, publicMode: z.enum(['production', 'development']), updatedAt: z.string().nullable(), abilities: z.object({ update: z.boolean() }) });
export type ZnsPublicMode = z.infer<typeof znsPublicMode>;
export const znsPublicModeBody = z.strictObject({ publicMode: z.enum(['production', 'development']) });
export type ZnsPublicModeBody = z.infer<typeof znsPublicModeBody>;

/** A template a campaign may use (ENABLE, on the API key's OA), with its params and prices. */
export const campaignTemplate = z.object({
  znsTemplateId: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  listPrice: z.number(),
  price: z.number(),
  previewUrl: z.string().nullable(),
  params: z.array(z.object({ name: z.string(), require: z.boolean(), type: z.string(), minLength: z.number(), maxLength: z.number(), acceptNull: z.boolean() })),
  rememberedMapping: campaignMapping.nullable(),
});
export type CampaignTemplate = z.infer<typeof campaignTemplate>;

/** Multipart text fields of `campaign/upload` (the file is the field `file`). */
export const campaignUploadFields = z.strictObject({
  apiKeyId: z.uuid(),
  znsTemplateId: z.string().min(1).max(100),
  mapping: z.string().max(20_000).optional().describe('JSON of the mapping; when given (or remembered and every column is in the header), the rows are read at once'),
});

export const campaignUpload = z.object({
  id: uuid,
  fileName: z.string(),
  fileSize: z.number(),
  kind: z.enum(CAMPAIGN_FILE_KINDS),
  status: z.enum(CAMPAIGN_UPLOAD_STATUSES),
  header: z.array(z.string()),
  /** The mapping used, or (not mapped yet) the one suggested: remembered for the template, else by header names. */
  mapping: z.object({ phone: z.string(), params: z.record(z.string(), z.string()) }),
  mapped: z.boolean(),
  znsTemplateId: z.string(),
  totalRows: z.number(),
  validRows: z.number(),
  rejectedRows: z.number(),
  duplicateRows: z.number(),
  listPrice: z.number(),
  price: z.number(),
  estimatedCost: z.number(),
  /** The tenant's available balance and what is missing to cover the estimate (0: covered). */
  balance: z.number(),
  shortfall: z.number(),
  error: z.string().nullable(),
  createdAt: isoDate,
});
export type CampaignUpload = z.infer<typeof campaignUpload>;

export const campaignRejectsQuery = z.strictObject({ lang: z.enum(['vi', 'en']).default('vi') });

export const campaignCreateBody = z.strictObject({
  name: z.string().trim().min(CAMPAIGN_NAME_MIN).max(CAMPAIGN_NAME_MAX),
  apiKeyId: z.uuid().nullable().optional(),
  uploadId: z.uuid(),
  startMode: z.enum(CAMPAIGN_START_MODES).default('IMMEDIATE'),
  scheduleAt: z.iso.datetime({ offset: true }).nullable().optional(),
  mode: z.enum(['production', 'development']).default('production'),
});
export type CampaignCreateBody = z.infer<typeof campaignCreateBody>;

export const campaignApprovalBody = z.strictObject({ approval: z.boolean(), comment: z.string().max(1000) });
