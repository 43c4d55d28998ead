import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { campaignRecipients, campaigns } from '../../db/schema/campaigns';
import { apiKeys } from '../../db/schema/api-keys';
import { teams } from '../../db/schema/teams';
import { znsTemplates } from '../../db/schema/templates';

/** SQL of campaign dispatch (issue 13): the campaign row as a leased work item, and its recipients. */

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

/** Dispatch states in which an APPROVED campaign is picked up when `next_run_at` comes. */
export const DUE_STATES = ['WAITING', 'RUNNING', 'QUOTA_WAIT', 'TEAM_QUOTA_WAIT', 'NIGHT_WAIT'] as const;

/** The ZNS daily cap of the team the campaign's API key belongs to (null: no team, or a team without a cap). */
export async function findCampaignTeamCap(db: DbOrTx, c: Pick<CampaignRow, 'apiKeyId' | 'tenantId'>): Promise<{ teamId: string; limit: number } | null> {
  if (!c.apiKeyId) return null;
  const [row] = await db
    .select({ teamId: teams.id, limit: teams.znsDailyQuota })
    .from(apiKeys)
    .innerJoin(teams, and(eq(teams.id, apiKeys.teamId), eq(teams.tenantId, apiKeys.tenantId)))
    .where(and(eq(apiKeys.id, c.apiKeyId), eq(apiKeys.tenantId, c.tenantId)));
  return row && row.limit !== null ? { teamId: row.teamId, limit: row.limit } : null;
}

/**
 * Claims up to `limit` due campaigns (APPROVED, a due dispatch state, next_run_at passed) with
 * FOR UPDATE SKIP LOCKED and moves their next_run_at `leaseMs` ahead: a claimed campaign belongs to
 * one worker until it sets the next run (or, when that worker died, until the lease runs out).
 */
export async function claimDueCampaigns(db: Db, opts: { now: Date; leaseMs: number; limit: number }): Promise<CampaignRow[]> {
  const due = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'APPROVED'), inArray(campaigns.dispatchState, [...DUE_STATES]), lte(campaigns.nextRunAt, opts.now)))
    .orderBy(asc(campaigns.nextRunAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(campaigns)
    .set({ nextRunAt: new Date(opts.now.getTime() + opts.leaseMs) })
    .where(inArray(campaigns.id, due))
    .returning();
}

/** The campaign row, locked for this transaction (the enqueue, cancel, pause and finish serialise on it). */
export async function lockCampaign(tx: Tx, id: string): Promise<CampaignRow | null> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row ?? null;
}

export async function updateCampaign(db: DbOrTx, id: string, set: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow | null> {
  const [row] = await db.update(campaigns).set({ ...set, updatedAt: new Date() }).where(eq(campaigns.id, id)).returning();
  return row ?? null;
}

/** The next `limit` QUEUED recipients in send order, locked (skip-locked) for this transaction. */
export async function takeQueuedRecipients(tx: Tx, uploadId: string, limit: number): Promise<RecipientRow[]> {
  return tx
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.uploadId, uploadId), eq(campaignRecipients.state, 'QUEUED')))
    .orderBy(asc(campaignRecipients.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Whether any recipient of the upload still waits to be handed to the outbox (the partial QUEUED index). */
export async function hasQueuedRecipients(db: DbOrTx, uploadId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(campaignRecipients).where(and(eq(campaignRecipients.uploadId, uploadId), eq(campaignRecipients.state, 'QUEUED'))).limit(1);
  return Boolean(row);
}

/** Records each recipient's hand-over in one statement: its state and the message row it became. */
export async function markRecipients(tx: Tx, uploadId: string, rows: Array<{ seq: number; state: 'ENQUEUED' | 'FAILED'; messageId: string | null }>): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((r) => ({ seq: r.seq, state: r.state, message_id: r.messageId })));
  await tx.execute(sql`
    update ${campaignRecipients} as r set state = v.state, message_id = v.message_id
    from jsonb_to_recordset(${payload}::jsonb) as v(seq int, state text, message_id uuid)
    where r.upload_id = ${uploadId}::uuid and r.seq = v.seq`);
}

/** QUEUED recipients → CANCELLED, and those whose message was cancelled; answers how many. */
export async function cancelRecipients(tx: Tx, uploadId: string, cancelledMessageIds: string[]): Promise<number> {
  const queued = await tx
    .update(campaignRecipients)
    .set({ state: 'CANCELLED' })
    .where(and(eq(campaignRecipients.uploadId, uploadId), eq(campaignRecipients.state, 'QUEUED')))
    .returning({ seq: campaignRecipients.seq });
  let fromMessages = 0;
  for (let at = 0; at < cancelledMessageIds.length; at += 1000) {
    const chunk = cancelledMessageIds.slice(at, at + 1000);
    const rows = await tx
      .update(campaignRecipients)
      .set({ state: 'CANCELLED' })
      .where(and(eq(campaignRecipients.uploadId, uploadId), inArray(campaignRecipients.messageId, chunk)))
      .returning({ seq: campaignRecipients.seq });
    fromMessages += rows.length;
  }
  return queued.length + fromMessages;
}

/** Recipients the outbox refused (no message row: they never reached Zalo and cost nothing). */
export async function countRefusedRecipients(db: DbOrTx, uploadId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.uploadId, uploadId), eq(campaignRecipients.state, 'FAILED')));
  return row?.n ?? 0;
}

/** The template's Zalo tag as synced into the library (PROMOTION / "3" → night ban). */
export async function findTemplateTag(db: DbOrTx, c: Pick<CampaignRow, 'tenantId' | 'zaloOaId' | 'znsTemplateId'>): Promise<string | null> {
  const [row] = await db
    .select({ tag: znsTemplates.tag })
    .from(znsTemplates)
    .where(and(eq(znsTemplates.tenantId, c.tenantId), eq(znsTemplates.zaloOaId, c.zaloOaId), eq(znsTemplates.znsTemplateId, c.znsTemplateId)));
  return row?.tag ?? null;
}
