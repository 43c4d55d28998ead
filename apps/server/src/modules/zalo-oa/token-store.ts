import { eq } from 'drizzle-orm';
import type { TokenStore } from '@zc/zalo/token-store';
import type { OaTokens } from '@zc/zalo/oauth';
import type { Db } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import type { Cipher } from '../../platform/crypto';

/**
 * How long a pair read from `zalo_oas` is reused in this process. Every Zalo call asks for the OA's
 * token, so without it each message the delivery worker pushes costs one more statement and two
 * decryptions (ADR 0027: without it a campaign reached Zalo at ~590 instead of ~410 messages/s). A pair that changed meanwhile is
 * harmless: this process's own refresh replaces the cached pair at once; a pair rotated by another
 * process or pasted by a user is read within this time, and until then a stale token draws Zalo's
 * token error, on which the client refreshes under the row lock and finds the rotated pair.
 */
export const TOKEN_CACHE_MS = 2_000;

/**
 * The client's token store on `zalo_oas` (oaKey = our OA row id). `withLock` holds the row
 * `FOR UPDATE` for the whole refresh, so two processes never spend the same single-use refresh
 * token: the second one waits, then sees the rotated pair and keeps it.
 */
export function createPgTokenStore(db: Db, cipher: Cipher, opts: { cacheMs?: number } = {}): TokenStore {
  const cacheMs = opts.cacheMs ?? TOKEN_CACHE_MS;
  const cache = new Map<string, { tokens: OaTokens; until: number }>();
  const remember = (oaKey: string, tokens: OaTokens | undefined) => {
    if (tokens && cacheMs > 0) cache.set(oaKey, { tokens, until: Date.now() + cacheMs });
    else cache.delete(oaKey);
  };
  const toTokens = (row: Pick<typeof zaloOas.$inferSelect, 'accessTokenEnc' | 'refreshTokenEnc' | 'accessTokenExpiresAt'>): OaTokens => ({
    accessToken: cipher.decrypt(row.accessTokenEnc),
    refreshToken: cipher.decrypt(row.refreshTokenEnc),
    // Unknown expiry (pasted tokens): treat as valid for now; a token error triggers the refresh.
    accessTokenExpiresAt: row.accessTokenExpiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER,
  });
  const tokenColumns = { accessTokenEnc: zaloOas.accessTokenEnc, refreshTokenEnc: zaloOas.refreshTokenEnc, accessTokenExpiresAt: zaloOas.accessTokenExpiresAt };
  return {
    async get(oaKey) {
      const hit = cache.get(oaKey);
      if (hit && hit.until > Date.now()) return hit.tokens;
      const [row] = await db.select(tokenColumns).from(zaloOas).where(eq(zaloOas.id, oaKey));
      const tokens = row ? toTokens(row) : undefined;
      remember(oaKey, tokens);
      return tokens;
    },
    async withLock(oaKey, update) {
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx.select(tokenColumns).from(zaloOas).where(eq(zaloOas.id, oaKey)).for('update');
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
      }).catch((e: unknown) => {
        cache.delete(oaKey);
        throw e;
      });
      // Committed (or found rotated): the pair every call of this process uses from now on.
      remember(oaKey, saved);
      return saved;
    },
  };
}
