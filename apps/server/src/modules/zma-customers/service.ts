/**
 * The mini-app customers module's face (issue 14 #8–#10): the end users of a mini app, their
 * sign-in through Zalo's identity, phone sharing, the customer token, the console's customer list,
 * history and dashboard. Other modules import from here only.
 */
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../platform/errors';
import { addBonusTurns, selectCustomerRef, selectCustomerRefByZaloUser, takeBonusTurn, type CustomerRef } from './repo';

export { createCustomerTokens, requireCustomer, type CustomerClaims, type CustomerTokens } from './customer-token';
export type { CustomerRef } from './repo';

/** Grants n (≥ 1) bonus turns to a customer (affiliate rewards, the console's grant). 404 when the customer is gone. */
export async function grantBonusTurns(tx: DbOrTx, customerId: string, n: number): Promise<void> {
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw fieldError('body.turns', 'must be a whole number from 1');
  if (!(await addBonusTurns(tx, customerId, n))) throw notFound();
}

/** Spends one bonus turn atomically (`bonus_turns > 0` in the UPDATE): true when one was taken. */
export function spendBonusTurn(tx: DbOrTx, customerId: string): Promise<boolean> {
  return takeBonusTurn(tx, customerId);
}

/** The customer of this mini app, or null (a customer of another app is not found). */
export function findCustomer(db: DbOrTx, zmaAppId: string, id: string): Promise<CustomerRef | null> {
  return selectCustomerRef(db, zmaAppId, id);
}

/** The customer of this mini app known by Zalo's user id (the tenant's backend names customers so), or null. */
export function findCustomerByZaloUserId(db: DbOrTx, zmaAppId: string, zaloUserId: string): Promise<CustomerRef | null> {
  return selectCustomerRefByZaloUser(db, zmaAppId, zaloUserId);
}
