import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SERVICES, API_KEY_STATUSES } from '@zc/shared/api/api-keys';
import { ts, createdAt, updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { zaloOas } from './zalo-oa';

/** API keys of the public send API: one tenant, one OA; the secret is stored as a SHA-256 hash. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id'),
    name: text('name').notNull(),
    service: text('service', { enum: API_KEY_SERVICES }).notNull().default('ZNS'),
    status: text('status', { enum: API_KEY_STATUSES }).notNull().default('ACTIVE'),
    keyPrefix: text('key_prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: ts('last_used_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_key').on(t.secretHash),
    index('api_keys_tenant_idx').on(t.tenantId, t.createdAt),
    check('api_keys_service_ck', oneOf(t.service, API_KEY_SERVICES)),
    check('api_keys_status_ck', oneOf(t.status, API_KEY_STATUSES)),
  ],
);
