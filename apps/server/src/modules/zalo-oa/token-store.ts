import { eq } from 'drizzle-orm';
import type { TokenStore } from '@zc/zalo/token-store';
import type { OaTokens } from '@zc/zalo/oauth';
import type { Db } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import type { Cipher } from '../../platform/crypto';

/**
 * The client's token store on `zalo_oas` (oaKey = our OA row id). `withLock` holds the row
 * `FOR UPDATE` for the whole refresh, so two processes never spend the same single-use refresh
 * token: the second one waits, then sees the rotated pair and keeps it.
 */
export function createPgTokenStore(db: Db, cipher: Cipher): TokenStore {
  const toTokens = (row: typeof zaloOas.$inferSelect): OaTokens => ({
    accessToken: cipher.decrypt(row.accessTokenEnc),
    refreshToken: cipher.decrypt(row.refreshTokenEnc),
    // Unknown expiry (pasted tokens): treat as valid for now; a token error triggers the refresh.
    accessTokenExpiresAt: row.accessTokenExpiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER,
  });
  return {
    async get(oaKey) {
      const [row] = await db.select().from(zaloOas).where(eq(zaloOas.id, oaKey));
      return row ? toTokens(row) : undefined;
    },
    async withLock(oaKey, update) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(zaloOas).where(eq(zaloOas.id, oaKey)).for('update');
        const current = row ? toTokens(row) : undefined;
        const next = await update(current);
        if (!next || !row) return current;
        await tx
          .update(zaloOas)
          .set({
            accessTokenEnc: cipher.encrypt(next.accessToken),
            refreshTokenEnc: cipher.encrypt(next.refreshToken),
            accessTokenExpiresAt: new Date(next.accessTokenExpiresAt),
            tokenStatus: 'ACTIVE',
            lastRefreshError: null,
            lastRefreshedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(zaloOas.id, oaKey));
        return next;
      });
    },
  };
}
