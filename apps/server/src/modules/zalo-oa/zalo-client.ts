import { eq } from 'drizzle-orm';
import { createZaloClient, type ZaloClient } from '@zc/zalo/client';
import type { ZaloHosts } from '@zc/zalo/hosts';
import type { RateLimiter } from '@zc/zalo/rate-limit';
import type { Db } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import type { Cipher } from '../../platform/crypto';
import { createPgTokenStore } from './token-store';

/**
 * The product's one Zalo client: tokens in `zalo_oas`, app credentials per OA (tenants bring their
 * app). `limiter` replaces the in-memory per-OA bucket, e.g. with the one every process shares
 * (platform/rate-limiter.ts).
 */
export function createServerZaloClient(db: Db, cipher: Cipher, hosts: ZaloHosts, options: { oaPerMinute?: number; timeoutMs?: number; limiter?: RateLimiter } = {}): ZaloClient {
  return createZaloClient({
    hosts,
    timeoutMs: options.timeoutMs,
    tokenStore: createPgTokenStore(db, cipher),
    rateLimit: { oaPerMinute: options.oaPerMinute },
    limiter: options.limiter,
    app: async (oaKey) => {
      const [row] = await db.select({ zappId: zaloOas.zappId, secret: zaloOas.secretKeyEnc }).from(zaloOas).where(eq(zaloOas.id, oaKey));
      if (!row) throw new Error(`OA ${oaKey} is not connected`);
      return { appId: row.zappId, secretKey: cipher.decrypt(row.secret) };
    },
  });
}
