import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, refreshTokens, sessions, users } from '../../db/schema/auth';
import { merchantMembers, merchants } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  return u;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

/** A new account; null when the address was registered meanwhile (`ignoreTaken`). */
export async function insertUser(db: DbOrTx, values: { email: string; displayName: string; passwordHash: string }, ignoreTaken = false): Promise<UserRow | null> {
  const q = db.insert(users).values(values);
  const [row] = ignoreTaken ? await q.onConflictDoNothing().returning() : await q.returning();
  return row ?? null;
}

export async function updateUser(db: DbOrTx, id: string, patch: { passwordHash?: string; displayName?: string }): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The organisation a registration creates, its registrant the owner. */
export async function insertOwnedOrganisation(db: DbOrTx, userId: string, name: string) {
  const [merchant] = await db.insert(merchants).values({ name }).returning();
  if (!merchant) throw new Error('merchant insert returned nothing');
  await db.insert(merchantMembers).values({ merchantId: merchant.id, userId, role: 'OWNER' });
  return merchant;
}

/** The user's organisation roles (sign-in rules). */
export async function findMerchantRoles(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ role: merchantMembers.role }).from(merchantMembers).where(eq(merchantMembers.userId, userId));
  return rows.map((r) => r.role);
}

export async function hasTenantMembership(db: DbOrTx, userId: string): Promise<boolean> {
  const [member] = await db.select({ t: tenantMembers.tenantId }).from(tenantMembers).where(eq(tenantMembers.userId, userId)).limit(1);
  return Boolean(member);
}

export async function insertSession(db: DbOrTx, values: { userId: string; ip: string; userAgent: string | undefined }) {
  const [session] = await db.insert(sessions).values(values).returning();
  if (!session) throw new Error('session insert returned nothing');
  return session;
}

export async function insertRefreshToken(db: DbOrTx, values: { sessionId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** A refresh token by hash, with its session. */
export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ rt: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks the token used; false when another request used it first. */
export async function claimRefreshToken(db: DbOrTx, id: string): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}

export async function revokeSessionRow(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(cond);
}

export async function insertPasswordReset(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** An unused, unexpired reset link by hash, locked. */
export async function lockOpenPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .for('update');
  return row ?? null;
}

/** Voids every open reset link of the user. */
export async function voidPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
