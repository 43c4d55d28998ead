import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MERCHANT_ROLES } from '@zc/shared/permissions';
import { DEFAULT_TENANT_TIME_ZONE, TENANT_INDUSTRIES } from '@zc/shared/api/organisation';
import { createdAt, oneOf } from './columns';
import { users } from './auth';

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  logo: text('logo'),
  createdAt: createdAt(),
});

/** Organisation membership with the account role of §6 (OWNER … EU). */
export const merchantMembers = pgTable(
  'merchant_members',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MERCHANT_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId] }),
    index('merchant_members_user_idx').on(t.userId),
    check('merchant_members_role_ck', oneOf(t.role, MERCHANT_ROLES)),
  ],
);

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    oaService: boolean('oa_service').notNull().default(false),
    znsService: boolean('zns_service').notNull().default(false),
    isMiniAppEnabled: boolean('is_mini_app_enabled').notNull().default(false),
    isMultiTeam: boolean('is_multi_team').notNull().default(false),
    /** IANA time zone of the tenant's month ends (statements); checked at the edge (isTimeZone). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TENANT_TIME_ZONE),
    industry: text('industry', { enum: TENANT_INDUSTRIES }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenants_merchant_idx').on(t.merchantId, t.createdAt), check('tenants_industry_ck', oneOf(t.industry, TENANT_INDUSTRIES))],
);
