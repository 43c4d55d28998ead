import type { MerchantRole } from '@zc/shared/permissions';
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantInvitations } from '../../db/schema/invitations';
import { merchantMembers, merchants, tenants } from '../../db/schema/organisation';
import { ilikeContains } from '../../platform/sql';
import { sha256 } from '../../platform/crypto';

export type InvitationRow = typeof merchantInvitations.$inferSelect;

/** Locks the pending invitation of (organisation, email), if any, for an update in place. */
export async function lockPendingInvitation(db: DbOrTx, merchantId: string, email: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(merchantInvitations)
    .where(and(eq(merchantInvitations.merchantId, merchantId), eq(merchantInvitations.email, email), eq(merchantInvitations.status, 'PENDING')))
    .for('update');
  return row ?? null;
}

/** An invitation of the organisation by id, locked (null when it belongs to another organisation). */
export async function lockOrganisationInvitation(db: DbOrTx, merchantId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(merchantInvitations)
    .where(and(eq(merchantInvitations.id, id), eq(merchantInvitations.merchantId, merchantId)))
    .for('update');
  return row ?? null;
}

/** An invitation sent to `email`, by id, locked (null when it was sent to somebody else). */
export async function lockReceivedInvitation(db: DbOrTx, email: string, id: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(merchantInvitations)
    .where(and(eq(merchantInvitations.id, id), eq(merchantInvitations.email, email)))
    .for('update');
  return row ?? null;
}

/** The invitation a mailed token names (stored hashed); `lock` for a decision. */
export async function findInvitationByToken(db: DbOrTx, token: string, lock: boolean): Promise<InvitationRow | null> {
  const q = db.select().from(merchantInvitations).where(eq(merchantInvitations.tokenHash, sha256(token)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Whether the address holds an invitation it can still accept (login of an account without organisation). */
export async function hasPendingInvitation(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: merchantInvitations.id })
    .from(merchantInvitations)
    .where(and(eq(merchantInvitations.email, email.toLowerCase()), eq(merchantInvitations.status, 'PENDING'), gt(merchantInvitations.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/** Whether somebody with this email is already a member of the organisation. */
export async function isMemberByEmail(db: DbOrTx, merchantId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: merchantMembers.userId })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .where(and(eq(merchantMembers.merchantId, merchantId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return Boolean(row);
}

export interface OrganisationInvitationQuery {
  merchantId: string;
  email?: string;
  orderBy: { field: 'createdAt' | 'email' | 'expiresAt'; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/** Pending invitations of an organisation (expired ones included, flagged by the presenter). */
export async function findOrganisationInvitations(db: DbOrTx, q: OrganisationInvitationQuery) {
  const conds: SQL[] = [eq(merchantInvitations.merchantId, q.merchantId), eq(merchantInvitations.status, 'PENDING')];
  if (q.email) conds.push(ilikeContains(merchantInvitations.email, q.email));
  const where = and(...conds);
  const col = q.orderBy.field === 'email' ? merchantInvitations.email : q.orderBy.field === 'expiresAt' ? merchantInvitations.expiresAt : merchantInvitations.createdAt;
  const rows = await db
    .select()
    .from(merchantInvitations)
    .where(where)
    .orderBy(q.orderBy.direction === 'asc' ? asc(col) : desc(col), asc(merchantInvitations.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(merchantInvitations).where(where);
  return { items: rows, total: count?.n ?? 0 };
}

/** Pending, unexpired invitations sent to an address, newest first. */
export async function findReceivedInvitations(db: DbOrTx, email: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(merchantInvitations)
    .where(and(eq(merchantInvitations.email, email.toLowerCase()), eq(merchantInvitations.status, 'PENDING'), gt(merchantInvitations.expiresAt, new Date())))
    .orderBy(desc(merchantInvitations.createdAt))
    .limit(100);
}

/** Names of the organisation's tenants among `ids` (ids of deleted tenants drop out). */
export async function findTenantNames(db: DbOrTx, merchantIds: string[], ids: string[]) {
  if (ids.length === 0 || merchantIds.length === 0) return [];
  return db
    .select({ id: tenants.id, name: tenants.name, merchantId: tenants.merchantId })
    .from(tenants)
    .where(and(inArray(tenants.id, ids), inArray(tenants.merchantId, merchantIds)))
    .orderBy(asc(tenants.createdAt));
}

export async function findUsersByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, email: users.email, displayName: users.displayName }).from(users).where(inArray(users.id, ids));
}

export async function findMerchantsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: merchants.id, name: merchants.name, logo: merchants.logo }).from(merchants).where(inArray(merchants.id, ids));
}

type InvitationValues = Pick<typeof merchantInvitations.$inferInsert, 'role' | 'tenantIds' | 'tokenHash' | 'invitedBy' | 'expiresAt'>;

export async function insertInvitation(db: DbOrTx, values: InvitationValues & { merchantId: string; email: string }): Promise<InvitationRow> {
  const [row] = await db.insert(merchantInvitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** Renews an open invitation in place: new link, role, tenants and expiry, dated now. */
export async function updateInvitation(db: DbOrTx, id: string, values: InvitationValues): Promise<InvitationRow> {
  const [row] = await db.update(merchantInvitations).set({ ...values, createdAt: new Date() }).where(eq(merchantInvitations.id, id)).returning();
  if (!row) throw new Error('invitation update returned nothing');
  return row;
}

export async function setInvitationStatus(db: DbOrTx, id: string, status: 'ACCEPTED' | 'DECLINED' | 'REVOKED'): Promise<void> {
  await db.update(merchantInvitations).set({ status, decidedAt: new Date() }).where(eq(merchantInvitations.id, id));
}

export async function isMember(db: DbOrTx, merchantId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: merchantMembers.userId })
    .from(merchantMembers)
    .where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, userId)));
  return Boolean(row);
}

/** The accepted invitation's membership (its tenants are set by the users module). */
export async function addMember(db: DbOrTx, merchantId: string, userId: string, role: MerchantRole): Promise<void> {
  await db.insert(merchantMembers).values({ merchantId, userId, role });
}
