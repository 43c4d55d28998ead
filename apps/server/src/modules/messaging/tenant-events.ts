import type { Tx } from '../../db/client';

/**
 * Stand-in with the exact signature of `enqueueTenantEvent` from `modules/tenant-webhooks`
 * (owned by the tenant-webhooks work, not landed yet). It records nothing until that module
 * lands; every status change in this module already calls it inside its own transaction.
 */
export async function enqueueTenantEvent(_tx: Tx, _tenantId: string, _event: string, _payload: Record<string, unknown>): Promise<void> {
  // intentionally empty until modules/tenant-webhooks exports the real outbox writer
}
