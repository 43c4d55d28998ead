import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, zaloOas } from '../../db/schema/index';
import { sha256 } from '../../platform/crypto';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Stand-in with the exact signature of `findActiveApiKeyBySecret` from `modules/api-keys/repo.ts`
 * (owned by the API-keys work, not landed yet): an ACTIVE key whose OA still belongs to its
 * tenant, looked up by the SHA-256 of the secret. Swap the import in send-auth.ts when it lands.
 */
export async function findActiveApiKeyBySecret(db: DbOrTx, secret: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select({ key: apiKeys })
    .from(apiKeys)
    .innerJoin(zaloOas, and(eq(zaloOas.id, apiKeys.zaloOaId), eq(zaloOas.tenantId, apiKeys.tenantId)))
    .where(and(eq(apiKeys.secretHash, sha256(secret)), eq(apiKeys.status, 'ACTIVE')));
  return row?.key ?? null;
}
