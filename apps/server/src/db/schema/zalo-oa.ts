import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/** ACTIVE, or REFRESH_FAILED once a token refresh failed until the OA is re-connected. */
export const ZALO_OA_TOKEN_STATUSES = ['ACTIVE', 'REFRESH_FAILED'] as const;
export type ZaloOaTokenStatus = (typeof ZALO_OA_TOKEN_STATUSES)[number];

/** A connected Zalo Official Account; every credential is AES-256-GCM encrypted at rest. */
export const zaloOas = pgTable(
  'zalo_oas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    zappId: text('zapp_id').notNull(),
    zoaId: text('zoa_id').notNull(),
    secretKeyEnc: text('secret_key_enc').notNull(),
    webhookSecretEnc: text('webhook_secret_enc').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    tokenStatus: text('token_status', { enum: ZALO_OA_TOKEN_STATUSES }).notNull().default('ACTIVE'),
    lastRefreshError: text('last_refresh_error'),
    lastRefreshedAt: ts('last_refreshed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('zalo_oas_zoa_key').on(t.zoaId),
    index('zalo_oas_tenant_idx').on(t.tenantId, t.createdAt),
    check('zalo_oas_token_status_ck', oneOf(t.tokenStatus, ZALO_OA_TOKEN_STATUSES)),
  ],
);
