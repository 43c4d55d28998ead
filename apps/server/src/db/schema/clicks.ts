import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, oneOf } from './columns';
import { tenants } from './organisation';

export const CLICK_SOURCES = ['REDIRECT', 'CALLBACK'] as const;

/**
 * Clicks on tracked links (issue 13 #9, ADR 0016): one row per click of a tracked button URL of a
 * ZNS message, from our redirect `/r/<token>` or `POST zns/click-callback`. No raw IP is kept; the
 * user agent only as a SHA-256. No foreign key to message_history: its hot insert path stays trigger-free.
 */
export const messageClicks = pgTable(
  'message_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull(),
    campaignId: uuid('campaign_id'),
    phone: text('phone'),
    /** The tracked template parameter (the button URL) that was clicked. */
    param: text('param').notNull(),
    targetUrl: text('target_url').notNull(),
    source: text('source', { enum: CLICK_SOURCES }).notNull(),
    userAgentHash: text('user_agent_hash'),
    clickedAt: ts('clicked_at').notNull().defaultNow(),
  },
  (t) => [
    index('message_clicks_message_idx').on(t.messageId, t.clickedAt),
    index('message_clicks_campaign_idx').on(t.campaignId, t.clickedAt.desc()).where(sql`campaign_id is not null`),
    check('message_clicks_source_ck', oneOf(t.source, CLICK_SOURCES)),
  ],
);
