import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

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
    tokenStatus: text('token_status').notNull().default('ACTIVE'),
    lastRefreshError: text('last_refresh_error'),
    lastRefreshedAt: ts('last_refreshed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('zalo_oas_zoa_key').on(t.zoaId), index('zalo_oas_tenant_idx').on(t.tenantId, t.createdAt)],
);
