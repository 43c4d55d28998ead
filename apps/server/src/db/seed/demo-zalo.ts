import { and, eq } from 'drizzle-orm';
import type * as sandboxSeed from '@zc/zalo-sandbox/seed';
import type * as sandboxChat from '@zc/zalo-sandbox/chat-sim';
import type { Sandbox } from '@zc/zalo-sandbox/sandbox';
import type { ZaloClient } from '@zc/zalo/client';
import type { Db } from '../client';
import { oaFollowerSyncs, tenants, walletEntries, zaloOas } from '../schema/index';
import { syncFollowers } from '../../modules/followers/service';
import type { Cipher } from '../../platform/crypto';
import { applyEntry, ensureTenantWallet } from '../../modules/wallets/ledger';
import { seedDemoMiniApp } from './demo-mini-app';

/**
 * Sandbox mode only: connects the sandbox's first OA to "Shop An Nhiên" and funds both demo
 * wallets, so a fresh `npm start` can send right away. "Nha khoa Sài Gòn" stays without an OA: it
 * shows the §4 gate, and the sandbox's second OA is there to connect through the dialog.
 */
export async function seedDemoZalo(db: Db, cipher: Cipher, seed: typeof sandboxSeed): Promise<void> {
  // The sandbox's fixed ids come from the caller (main.ts loads the sandbox app with a dynamic import: issue 10 #7).
  const { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_WEBHOOK_SECRET } = seed;
  await seedDemoMiniApp(db, cipher, seed);
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
    // Dated the 3rd of last month (10:00 in Ho Chi Minh City), so last month's statement (issue 16) has a movement to show.
    await tx.update(walletEntries).set({ createdAt: demoLastMonth(new Date()) }).where(and(eq(walletEntries.walletId, wallet.id), eq(walletEntries.note, 'demo credit')));
  });
}

/** 10:00 on the 3rd of the month before `now`'s month, Asia/Ho_Chi_Minh (UTC+7): 03:00 UTC. */
export function demoLastMonth(now: Date): Date {
  const vn = new Date(now.getTime() + 7 * 3600_000);
  return new Date(Date.UTC(vn.getUTCFullYear(), vn.getUTCMonth() - 1, 3, 3, 0, 0));
}

/**
 * Sandbox mode with the demo data, once the server listens: the demo inbox is not empty. The demo OA's
 * followers are synced first (once: only when it was never synced), so the conversations carry their
 * names; then a few followers write — the sandbox delivers their messages as signed webhooks, through
 * the same ingest as any other (fixed message ids: a restart stores nothing twice).
 */
export async function startDemoInbox(db: Db, zalo: ZaloClient, seed: typeof sandboxSeed, chat: typeof sandboxChat, sandbox: Sandbox): Promise<void> {
  const [oa] = await db.select({ id: zaloOas.id, tenantId: zaloOas.tenantId }).from(zaloOas).where(eq(zaloOas.zoaId, seed.SANDBOX_OA_ID));
  if (!oa?.tenantId) return;
  const [synced] = await db.select({ id: oaFollowerSyncs.id }).from(oaFollowerSyncs).where(eq(oaFollowerSyncs.zaloOaId, oa.id)).limit(1);
  if (!synced) await syncFollowers(db, zalo, oa.tenantId, oa.id);
  chat.scheduleDemoChat(sandbox, seed.SANDBOX_OA_ID, 500);
}
