import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zmaCustomers } from '../../db/schema/zma';

/** SQL of mini-app customers (the one writer of zma_customers: scripts/check-writers.mjs). */

export type ZmaCustomerRow = typeof zmaCustomers.$inferSelect;

/** What other modules read of a customer (the draw's rules, the loyalty's allocation). */
export interface CustomerRef {
  id: string;
  zmaAppId: string;
  tenantId: string;
  gender: 'none' | 'male' | 'female';
  phone: string | null;
  isFollower: boolean;
  bonusTurns: number;
  name: string;
  avatar: string | null;
}

const refColumns = {
  id: zmaCustomers.id,
  zmaAppId: zmaCustomers.zmaAppId,
  tenantId: zmaCustomers.tenantId,
  gender: zmaCustomers.gender,
  phone: zmaCustomers.phone,
  isFollower: zmaCustomers.isFollower,
  bonusTurns: zmaCustomers.bonusTurns,
  name: zmaCustomers.name,
  avatar: zmaCustomers.avatar,
};

/** The customer of this mini app, or null (another app's id is "not found"). */
export async function selectCustomerRef(db: DbOrTx, zmaAppId: string, id: string): Promise<CustomerRef | null> {
  const [row] = await db.select(refColumns).from(zmaCustomers).where(and(eq(zmaCustomers.id, id), eq(zmaCustomers.zmaAppId, zmaAppId)));
  return row ?? null;
}

export async function selectCustomerRow(db: DbOrTx, zmaAppId: string, id: string): Promise<ZmaCustomerRow | null> {
  const [row] = await db.select().from(zmaCustomers).where(and(eq(zmaCustomers.id, id), eq(zmaCustomers.zmaAppId, zmaAppId)));
  return row ?? null;
}

/** Adds n bonus turns; false when the customer does not exist. */
export async function addBonusTurns(tx: DbOrTx, customerId: string, n: number): Promise<boolean> {
  const rows = await tx
    .update(zmaCustomers)
    .set({ bonusTurns: sql`${zmaCustomers.bonusTurns} + ${n}` })
    .where(eq(zmaCustomers.id, customerId))
    .returning({ id: zmaCustomers.id });
  return rows.length > 0;
}

/** Takes one bonus turn if one is left: a conditional UPDATE, so concurrent spins never overspend. */
export async function takeBonusTurn(tx: DbOrTx, customerId: string): Promise<boolean> {
  const rows = await tx
    .update(zmaCustomers)
    .set({ bonusTurns: sql`${zmaCustomers.bonusTurns} - 1` })
    .where(and(eq(zmaCustomers.id, customerId), gt(zmaCustomers.bonusTurns, 0)))
    .returning({ id: zmaCustomers.id });
  return rows.length > 0;
}
