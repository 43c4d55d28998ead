import type { DbOrTx } from '../../db/client';
import { presentAuditEntry } from './presenter';
import { verifyChain } from '../../platform/audit';
import { findAuditEntries, type AuditFilter, type AuditOwner } from './repo';

export type { AuditOwner } from './repo';

/**
 * A page of an organisation's or a tenant's audit log. Entries are read-only facts: no per-row
 * abilities, so this module has no policy (who may read a log is the route's permission).
 */
export async function listAuditEntries(db: DbOrTx, owner: AuditOwner, q: AuditFilter) {
  const r = await findAuditEntries(db, owner, q);
  return { total: r.total, items: r.items.map(presentAuditEntry) };
}

/** Recomputes the organisation's hash chain and says where it breaks, if anywhere. */
export async function verifyAuditChain(db: DbOrTx, merchantId: string) {
  return verifyChain(db, merchantId);
}
