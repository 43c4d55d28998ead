import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { oaFollowers } from '../../db/schema/followers';
import { tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

/** The tenant's ACTIVE key `apiKeyId` with what a send needs (module flags, wallet discount); null when none. */
export async function findActiveKeyContext(db: DbOrTx, scope: TenantScope, apiKeyId: string) {
  const [row] = await db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, zaloOaId: apiKeys.zaloOaId, znsService: tenants.znsService, oaService: tenants.oaService, discountPercent: wallets.discountPercent })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(wallets, eq(wallets.tenantId, apiKeys.tenantId))
    .where(inTenant(scope, apiKeys, eq(apiKeys.id, apiKeyId), eq(apiKeys.status, 'ACTIVE')));
  return row ?? null;
}

/** The tenant's ACTIVE keys with their OA, newest first (like the API key list: the console picks the first). */
export async function listActiveKeys(db: DbOrTx, scope: TenantScope) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, zaloOAId: apiKeys.zaloOaId, oaId: zaloOas.id, oaName: zaloOas.name })
    .from(apiKeys)
    .leftJoin(zaloOas, eq(zaloOas.id, apiKeys.zaloOaId))
    .where(inTenant(scope, apiKeys, eq(apiKeys.status, 'ACTIVE')))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1000);
}

/** The synced follower `uid` of the tenant's OA (the values of the playground's placeholders); null when none. */
export async function findFollower(db: DbOrTx, scope: TenantScope, zaloOaId: string, uid: string) {
  const [row] = await db
    .select({ userId: oaFollowers.userId, displayName: oaFollowers.displayName, userAlias: oaFollowers.userAlias, sharedInfo: oaFollowers.sharedInfo })
    .from(oaFollowers)
    .where(inTenant(scope, oaFollowers, eq(oaFollowers.zaloOaId, zaloOaId), eq(oaFollowers.userId, uid)));
  return row ?? null;
}

/**
 * Zalo's OA receipt (user_received_message) of message `zaloMsgId`, stored by the webhook ingest, which does
 * not move OA rows to RECEIVED yet; the OA id scopes it (the caller's message is the tenant's).
 */
export async function findOaReceipt(db: DbOrTx, zaloOaId: string, zaloMsgId: string): Promise<{ receivedAt: Date } | null> {
  const [row] = await db
    .select({ receivedAt: zaloEvents.receivedAt })
    .from(zaloEvents)
    .where(and(eq(zaloEvents.dedupeKey, `user_received_message:${zaloMsgId}`), eq(zaloEvents.zaloOaId, zaloOaId)));
  return row ?? null;
}
