import { eq } from 'drizzle-orm';
import type * as sandboxSeed from '@zc/zalo-sandbox/seed';
import type { Db } from '../client';
import { tenants, zaloOas } from '../schema/index';
import type { Cipher } from '../../platform/crypto';
import { applyEntry, ensureTenantWallet } from '../../modules/wallets/ledger';

/**
 * Sandbox mode only: connects the sandbox's first OA to "Shop An Nhiên" and funds both demo
 * wallets, so a fresh `npm start` can send right away. "Nha khoa Sài Gòn" stays without an OA: it
 * shows the §4 gate, and the sandbox's second OA is there to connect through the dialog.
 */
export async function seedDemoZalo(db: Db, cipher: Cipher, seed: typeof sandboxSeed): Promise<void> {
  // The sandbox's fixed ids come from the caller (main.ts loads the sandbox app with a dynamic import: issue 10 #7).
  const { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_WEBHOOK_SECRET } = seed;
  const [shop] = await db.select().from(tenants).where(eq(tenants.name, 'Shop An Nhiên'));
  if (!shop) return;
  const [existing] = await db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.zoaId, SANDBOX_OA_ID));
  if (existing) return;
  const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
  if (!tokens) return;
  await db.transaction(async (tx) => {
    await tx.insert(zaloOas).values({
      tenantId: shop.id,
      name: 'Shop An Nhiên OA',
      zappId: SANDBOX_APP_ID,
      zoaId: SANDBOX_OA_ID,
      secretKeyEnc: cipher.encrypt(SANDBOX_APP_SECRET_KEY),
      webhookSecretEnc: cipher.encrypt(SANDBOX_WEBHOOK_SECRET),
      accessTokenEnc: cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: cipher.encrypt(tokens.refreshToken),
    });
    const wallet = await ensureTenantWallet(tx, shop.id);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 500_000, reason: 'TOPUP', note: 'demo credit' });
  });
}
