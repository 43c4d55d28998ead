import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@zc/shared/api/audit';
import { oneOf } from './columns';

/**
 * Append-only audit entries, hash-chained per chain key (the organisation id, or 'platform' for
 * entries without one): hash = sha256(prevHash + canonical entry). Editing or deleting a row breaks
 * the chain at that sequence number.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainKey: text('chain_key').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    merchantId: uuid('merchant_id'),
    tenantId: uuid('tenant_id'),
    actorId: uuid('actor_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_logs_chain_seq_key').on(t.chainKey, t.seq),
    index('audit_logs_merchant_idx').on(t.merchantId, t.createdAt),
    index('audit_logs_tenant_idx').on(t.tenantId, t.createdAt),
    // A new action needs a migration (drizzle-kit regenerates this list from AUDIT_ACTIONS).
    check('audit_logs_action_ck', oneOf(t.action, AUDIT_ACTIONS)),
  ],
);

/** The head of each chain; locked FOR UPDATE while an entry is appended. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chainKey: text('chain_key').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
