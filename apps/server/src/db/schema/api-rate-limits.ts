import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { updatedAt } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/**
 * A tenant's own public API rate limits (issue 17 #4), set by its organisation; a null column falls
 * back to the server default (PUBLIC_API_RATE_*). No row: every default applies.
 */
export const tenantApiRateLimits = pgTable(
  'tenant_api_rate_limits',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    keyPerSecond: integer('key_per_second'),
    tenantPerSecond: integer('tenant_per_second'),
    burstSeconds: integer('burst_seconds'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tenant_api_rate_limits_key_ck', sql`${t.keyPerSecond} is null or ${t.keyPerSecond} between 1 and 100000`),
    check('tenant_api_rate_limits_tenant_ck', sql`${t.tenantPerSecond} is null or ${t.tenantPerSecond} between 1 and 100000`),
    check('tenant_api_rate_limits_burst_ck', sql`${t.burstSeconds} is null or ${t.burstSeconds} between 1 and 60`),
  ],
);
