import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import type { Cipher } from '../../platform/crypto';

export interface OaCredentials {
  id: string;
  tenantId: string;
  zappId: string;
  zoaId: string;
  secretKey: string;
  webhookSecret: string;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date | null;
}

/** Decrypted credentials of one OA of a tenant (null when the OA is not the tenant's). */
export async function loadOaCredentials(db: DbOrTx, cipher: Cipher, tenantId: string, zaloOaId: string): Promise<OaCredentials | null> {
  const [row] = await db.select().from(zaloOas).where(and(eq(zaloOas.id, zaloOaId), eq(zaloOas.tenantId, tenantId)));
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenantId,
    zappId: row.zappId,
    zoaId: row.zoaId,
    secretKey: cipher.decrypt(row.secretKeyEnc),
    webhookSecret: cipher.decrypt(row.webhookSecretEnc),
    accessToken: cipher.decrypt(row.accessTokenEnc),
    refreshToken: cipher.decrypt(row.refreshTokenEnc),
    accessTokenExpiresAt: row.accessTokenExpiresAt,
  };
}
