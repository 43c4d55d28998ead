import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { WalletEntryType } from '@zc/shared/api/wallet';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

/**
 * The wallets module's reads and its settings write (SQL only). Money — balances, usage, entries and
 * holds — is written only by the ledger core (ledger.ts, charge-sql.ts; ADR 0010).
 */

export type WalletEntryRow = typeof walletEntries.$inferSelect;
export interface UserRef {
  id: string;
  displayName: string;
  email: string;
}

/** A tenant of the organisation, or null (foreign ids answer 404 upstream). */
export async function findTenantOfMerchant(db: DbOrTx, merchantId: string, tenantId: string) {
  const [row] = await db.select().from(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.merchantId, merchantId)));
  return row ?? null;
}

/** The tenant's wallet, or null when it has none yet. */
export async function findTenantWallet(db: DbOrTx, scope: TenantScope) {
  const [row] = await db.select().from(wallets).where(inTenant(scope, wallets));
  return row ?? null;
}

/** The tenant's wallet row locked for update (the caller ensured it exists). */
export async function lockTenantWallet(tx: Tx, scope: TenantScope) {
  const [row] = await tx.select().from(wallets).where(inTenant(scope, wallets)).for('update');
  return row ?? null;
}

/** Replaces a tenant wallet's settings (§5 edit); money is never set here. */
export async function updateWalletSettings(
  tx: Tx,
  scope: TenantScope,
  settings: { mode: 'PREPAID' | 'POSTPAID'; threshold: number; receiverIds: string[]; isNoti: boolean },
) {
  const [row] = await tx
    .update(wallets)
    .set({ ...settings, updatedAt: new Date() })
    .where(inTenant(scope, wallets))
    .returning();
  return row ?? null;
}

export async function findUsersByIds(db: DbOrTx, ids: readonly string[]): Promise<UserRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id, displayName: users.displayName, email: users.email }).from(users).where(inArray(users.id, [...ids]));
  // Keep the stored order so the dialog shows receivers as they were chosen.
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((u): u is UserRef => Boolean(u));
}

/**
 * Users who may receive the tenant's wallet alerts: those who can open the tenant, i.e. OWNER/ADMIN
 * of its organisation or members of the tenant who are still organisation members.
 */
export async function findTenantReceivers(db: DbOrTx, merchantId: string, tenantId: string, onlyIds?: readonly string[]): Promise<UserRef[]> {
  const wide = [...ORGANISATION_WIDE_ROLES];
  const rows = await db
    .selectDistinct({ id: users.id, displayName: users.displayName, email: users.email })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, merchantMembers.userId), eq(tenantMembers.tenantId, tenantId)))
    .where(
      and(
        eq(merchantMembers.merchantId, merchantId),
        or(inArray(merchantMembers.role, wide), sql`${tenantMembers.userId} is not null`),
        onlyIds ? inArray(users.id, onlyIds.length ? [...onlyIds] : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(1000);
  return rows;
}

export interface EntryPage {
  walletId: string;
  type?: WalletEntryType;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of a wallet's ledger with the author of each entry. */
export async function listEntries(db: DbOrTx, q: EntryPage) {
  const where = and(eq(walletEntries.walletId, q.walletId), q.type ? eq(walletEntries.type, q.type) : undefined);
  const order = q.direction === 'asc' ? [asc(walletEntries.createdAt), asc(walletEntries.id)] : [desc(walletEntries.createdAt), desc(walletEntries.id)];
  const rows = await db
    .select({ entry: walletEntries, userId: users.id, displayName: users.displayName, email: users.email })
    .from(walletEntries)
    .leftJoin(users, eq(users.id, walletEntries.createdBy))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(walletEntries).where(where);
  return {
    items: rows.map((r) => ({ entry: r.entry, createdBy: r.userId && r.displayName !== null && r.email !== null ? { id: r.userId, displayName: r.displayName, email: r.email } : null })),
    total: count?.n ?? 0,
  };
}
