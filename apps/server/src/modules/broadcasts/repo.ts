import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { oaBroadcasts } from '../../db/schema/broadcasts';
import { tenants } from '../../db/schema/organisation';
import { teams } from '../../db/schema/teams';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type BroadcastRow = typeof oaBroadcasts.$inferSelect;
export type BroadcastInsert = Omit<typeof oaBroadcasts.$inferInsert, 'id' | 'tenantId'>;
export type BroadcastChange = Partial<Omit<BroadcastRow, 'id' | 'tenantId' | 'createdAt' | 'createdBy'>>;

export async function insertBroadcast(tx: DbOrTx, scope: TenantScope, values: BroadcastInsert): Promise<BroadcastRow> {
  const [row] = await tx.insert(oaBroadcasts).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('broadcast insert returned nothing');
  return row;
}

export async function findBroadcastRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<BroadcastRow | null> {
  const q = db.select().from(oaBroadcasts).where(inTenant(scope, oaBroadcasts, eq(oaBroadcasts.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export interface BroadcastFilter {
  contentType?: BroadcastRow['contentType'] | undefined;
  status?: BroadcastRow['status'] | undefined;
  title?: string | undefined;
  teamIds?: string[] | undefined;
  zaloOaIds?: string[] | undefined;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listBroadcasts(db: DbOrTx, scope: TenantScope, f: BroadcastFilter): Promise<{ rows: BroadcastRow[]; total: number }> {
  const conds: SQL[] = [];
  if (f.contentType) conds.push(eq(oaBroadcasts.contentType, f.contentType));
  if (f.status) conds.push(eq(oaBroadcasts.status, f.status));
  if (f.title) conds.push(ilikeContains(oaBroadcasts.name, f.title));
  if (f.teamIds && f.teamIds.length > 0) conds.push(inArray(oaBroadcasts.teamId, f.teamIds));
  if (f.zaloOaIds && f.zaloOaIds.length > 0) conds.push(inArray(oaBroadcasts.zaloOaId, f.zaloOaIds));
  const where = inTenant(scope, oaBroadcasts, ...conds);
  const dir = f.direction === 'asc' ? asc : desc;
  const rows = await db.select().from(oaBroadcasts).where(where).orderBy(dir(oaBroadcasts.createdAt), dir(oaBroadcasts.id)).limit(f.limit).offset(f.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(oaBroadcasts).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function updateBroadcast(tx: DbOrTx, scope: TenantScope, id: string, values: BroadcastChange, onlyIf?: SQL): Promise<BroadcastRow | null> {
  const [row] = await tx
    .update(oaBroadcasts)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(scope, oaBroadcasts, eq(oaBroadcasts.id, id), onlyIf))
    .returning();
  return row ?? null;
}

export async function deleteBroadcastRow(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(oaBroadcasts).where(inTenant(scope, oaBroadcasts, eq(oaBroadcasts.id, id)));
}

export async function findOas(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, { id: string; name: string; avatar: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar }).from(zaloOas).where(inTenant(scope, zaloOas, inArray(zaloOas.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findTeams(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.tenantId, scopedTenantId(scope)), inArray(teams.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface PersonRow {
  id: string;
  displayName: string;
  email: string;
  avatar: string | null;
}
export async function findPeople(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Approved broadcasts due for the hand-over to Zalo, locked so two workers never take the same one. */
export async function lockDueBroadcasts(tx: DbOrTx, now: Date, limit: number): Promise<BroadcastRow[]> {
  return tx
    .select()
    .from(oaBroadcasts)
    .where(and(eq(oaBroadcasts.status, 'APPROVED'), inArray(oaBroadcasts.sendState, ['WAITING', 'HELD']), lte(oaBroadcasts.nextAttemptAt, now)))
    .orderBy(asc(oaBroadcasts.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Broadcasts of the OA handed to Zalo since `since` (the month's quota use), this one excluded. */
export async function countSentSince(db: DbOrTx, zaloOaId: string, since: Date, exceptId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oaBroadcasts)
    .where(and(eq(oaBroadcasts.zaloOaId, zaloOaId), eq(oaBroadcasts.sendState, 'SENT'), gte(oaBroadcasts.sentAt, since), ne(oaBroadcasts.id, exceptId)));
  return c?.n ?? 0;
}

/** Hand-overs interrupted mid-call (process stopped while SENDING) older than `before`. */
export async function lockStuckSending(tx: DbOrTx, before: Date): Promise<BroadcastRow[]> {
  return tx
    .select()
    .from(oaBroadcasts)
    .where(and(eq(oaBroadcasts.sendState, 'SENDING'), lte(oaBroadcasts.updatedAt, before)))
    .limit(50)
    .for('update', { skipLocked: true });
}

export const statusIs = (status: BroadcastRow['status']): SQL => eq(oaBroadcasts.status, status);
export const sendStateIs = (state: NonNullable<BroadcastRow['sendState']>): SQL => eq(oaBroadcasts.sendState, state);

/** The tenant's organisation (its audit chain). */
export async function merchantOfTenant(db: DbOrTx, tenantId: string): Promise<string | null> {
  const [t] = await db.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.merchantId ?? null;
}

/** Broadcasts waiting for review or approved and not yet handed to Zalo (WAITING, HELD, SENDING), newest first. */
export async function findInFlightBroadcasts(db: DbOrTx, scope: TenantScope, limit: number) {
  return db
    .select({ id: oaBroadcasts.id, name: oaBroadcasts.name, status: oaBroadcasts.status, sendState: oaBroadcasts.sendState })
    .from(oaBroadcasts)
    .where(inTenant(scope, oaBroadcasts, sql`(${oaBroadcasts.status} = 'PENDING_REVIEW' or (${oaBroadcasts.status} = 'APPROVED' and coalesce(${oaBroadcasts.sendState}, 'WAITING') in ('WAITING', 'HELD', 'SENDING')))`))
    .orderBy(desc(oaBroadcasts.createdAt))
    .limit(limit);
}
