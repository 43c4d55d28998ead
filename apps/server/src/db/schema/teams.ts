import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TEAM_QUOTA_MODULES, TEAM_ROLES } from '@zc/shared/api/teams';
import { createdAt, oneOf, updatedAt } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/**
 * Teams of a tenant (§3 Team). Every tenant that uses teams has exactly one default team, which
 * cannot be deleted. A team's quota is the number of ZNS and OA messages its members may send per
 * day (Asia/Ho_Chi_Minh day), out of the tenant's; null means no cap of its own.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    isDefault: boolean('is_default').notNull().default(false),
    znsDailyQuota: integer('zns_daily_quota'),
    oaDailyQuota: integer('oa_daily_quota'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('teams_tenant_default_key').on(t.tenantId).where(sql`is_default`),
    check('teams_zns_quota_ck', sql`${t.znsDailyQuota} is null or ${t.znsDailyQuota} >= 0`),
    check('teams_oa_quota_ck', sql`${t.oaDailyQuota} is null or ${t.oaDailyQuota} >= 0`),
  ],
);

/** Team membership (§3 Team membership) with the §6 team role. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull().default('MEMBER'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId, t.tenantId),
    check('team_members_role_ck', oneOf(t.role, TEAM_ROLES)),
  ],
);

/**
 * Messages sent per team, day (Asia/Ho_Chi_Minh) and module: the counter the public send path
 * reserves one unit from per message (`insert … on conflict do update set used = used + 1 where
 * used < limit`), so a team's daily quota holds under concurrency without scanning message_history
 * (modules/teams/quota.ts).
 */
export const teamDailyUsage = pgTable(
  'team_daily_usage',
  {
    teamId: uuid('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    module: text('module', { enum: TEAM_QUOTA_MODULES }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.day, t.module] }),
    check('team_daily_usage_module_ck', oneOf(t.module, TEAM_QUOTA_MODULES)),
    check('team_daily_usage_used_ck', sql`${t.used} >= 0`),
  ],
);
