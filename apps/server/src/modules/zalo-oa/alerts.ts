import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tenants } from '../../db/schema/organisation';
import { zaloOas } from '../../db/schema/zalo-oa';
import type { DomainEvent } from '../../platform/events';
import { notify } from '../notifications/service';
import { tenantUsersWithPermission } from './service';

/**
 * Handler of `zalo_oa.token_refresh_failed` (registered in events/handlers.ts): the tenant's OA
 * administrators (UPDATE_ZALO_OA_CREDENTIAL) are alerted in-app and/or by mail (as each chose for
 * ZALO_OA_TOKEN_REFRESH_FAILED), with Zalo's reason. Nothing when the OA was re-connected (or
 * removed) before the alert went out.
 */
export async function alertRefreshFailed(tx: Tx, event: DomainEvent<'zalo_oa.token_refresh_failed'>): Promise<void> {
  const [oa] = await tx.select().from(zaloOas).where(eq(zaloOas.id, event.data.zaloOaId));
  if (!oa || oa.tokenStatus !== 'REFRESH_FAILED') return;
  const [tenant] = await tx.select({ merchantId: tenants.merchantId, name: tenants.name }).from(tenants).where(eq(tenants.id, oa.tenantId));
  if (!tenant) return;
  const reason = oa.lastRefreshError ?? 'refresh failed';
  for (const admin of await tenantUsersWithPermission(tx, oa.tenantId, 'UPDATE_ZALO_OA_CREDENTIAL')) {
    await notify(tx, {
      kind: 'ZALO_OA_TOKEN_REFRESH_FAILED',
      merchantId: tenant.merchantId,
      tenantId: oa.tenantId,
      userId: admin.id,
      referenceId: oa.id,
      referenceType: 'ZALO_OA',
      name: oa.name,
      description: reason,
      mail: {
        subject: `Không làm mới được token OA / OA token refresh failed: ${oa.name}`,
        text: `OA "${oa.name}" (${tenant.name}) cần được kết nối lại: ${reason}\nThe OA "${oa.name}" (${tenant.name}) needs new credentials: ${reason}`,
      },
    });
  }
}
