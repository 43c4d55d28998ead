import { check, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { CAMPAIGN_FILE_KINDS } from '@zc/shared/api/campaigns';
import { SEND_MODES } from '@zc/shared/api/messaging';
import { ts, updatedAt, oneOf } from './columns';
import { tenants } from './organisation';
import { campaignUploads } from './campaigns';

/**
 * The stored file of an upload (`DATA_DIR/campaign-uploads/<uploadId>.<kind>`) and its header row,
 * read while the file was streamed to disk. The columns are mapped after the upload; the rows are
 * read from this file (streamed again) when the mapping is given. `ingestedAt` null: not mapped yet.
 */
export const campaignUploadFiles = pgTable(
  'campaign_upload_files',
  {
    uploadId: uuid('upload_id').primaryKey().references(() => campaignUploads.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    kind: text('kind', { enum: CAMPAIGN_FILE_KINDS }).notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    ingestedAt: ts('ingested_at'),
  },
  (t) => [check('campaign_upload_files_kind_ck', oneOf(t.kind, CAMPAIGN_FILE_KINDS))],
);

/** The column mapping last used for a template by a tenant (offered again for the next upload). */
export const campaignMappings = pgTable(
  'campaign_mappings',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    znsTemplateId: text('zns_template_id').notNull(),
    mapping: jsonb('mapping').$type<{ phone: string; params: Record<string, string> }>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.znsTemplateId] })],
);

/**
 * The tenant's ZNS public mode (§4: campaign mode production only when it is production). A tenant
 * without a row is in production; development keeps campaigns to development mode.
 */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    tenantId: uuid('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
    publicMode: text('public_mode', { enum: SEND_MODES }).notNull().default('production'),
    updatedAt: updatedAt(),
  },
  (t) => [check('campaign_settings_public_mode_ck', oneOf(t.publicMode, SEND_MODES))],
);
