import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { tenants } from '../schema/index';
import {
  zmaApps, zmaBranches, zmaBranchGames, zmaBranchStock, zmaDrawPrizes, zmaDraws, zmaGiftItems, zmaRules,
} from '../schema/zma';
import type { Cipher } from '../../platform/crypto';

/**
 * Sandbox mode: "Shop An Nhiên" runs the sandbox's demo mini app (same Zalo app id and secret as the
 * sandbox registers), with a branch, a voucher, an item in stock, and an open lucky draw of three
 * prizes and three turns a day — so the mini app works right after `npm start`. Idempotent: nothing
 * happens once a mini app with that Zalo app id exists.
 */
export async function seedDemoMiniApp(db: Db, cipher: Cipher, seed: { SANDBOX_MINI_APP_ID: string; SANDBOX_MINI_APP_SECRET: string; SANDBOX_MINI_APP_NAME: string }): Promise<void> {
  const [shop] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Shop An Nhiên'));
  if (!shop) return;
  const [existing] = await db.select({ id: zmaApps.id }).from(zmaApps).where(eq(zmaApps.zaloAppId, seed.SANDBOX_MINI_APP_ID));
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ isMiniAppEnabled: true }).where(eq(tenants.id, shop.id));
    const [app] = await tx
      .insert(zmaApps)
      .values({
        tenantId: shop.id,
        name: seed.SANDBOX_MINI_APP_NAME,
        zaloAppId: seed.SANDBOX_MINI_APP_ID,
        appSecretEnc: cipher.encrypt(seed.SANDBOX_MINI_APP_SECRET),
        settings: { primaryColor: '#e53935', welcomeText: 'Quay là trúng — quà tặng mỗi ngày tại Shop An Nhiên!', codeValidityDays: 30, lowStockThreshold: 5, requirePhoneToPlay: false, followOaPrompt: true },
      })
      .returning({ id: zmaApps.id });
    if (!app) throw new Error('demo mini app insert failed');
    const base = { zmaAppId: app.id, tenantId: shop.id };
    const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '08:00', close: '21:30' }));
    const [branch] = await tx
      .insert(zmaBranches)
      .values({ ...base, type: 'BRANCH', name: 'Shop An Nhiên — Quận 1', address: '12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh', phone: '02838221234', openingHours, settings: { requireStaff: false } })
      .returning({ id: zmaBranches.id });
    const [voucher, item] = await tx
      .insert(zmaGiftItems)
      .values([
        {
          ...base, type: 'VOUCHER', name: 'Voucher giảm 50.000đ', description: 'Áp dụng cho đơn từ 200.000đ tại mọi chi nhánh.', discountKind: 'AMOUNT', discountValue: 50_000,
          minOrderValue: 200_000, conditions: 'Mỗi đơn dùng một voucher; không quy đổi thành tiền mặt.', valueMin: 50_000, valueMax: 50_000, codeValidityDays: 30,
        },
        { ...base, type: 'ITEM', name: 'Bình giữ nhiệt An Nhiên', description: 'Bình inox 500 ml, giữ nhiệt 12 giờ.', valueMin: 150_000, valueMax: 150_000, codeValidityDays: 30 },
      ])
      .returning({ id: zmaGiftItems.id });
    if (!branch || !voucher || !item) throw new Error('demo mini app inserts failed');
    await tx.insert(zmaBranchStock).values({ branchId: branch.id, giftItemId: item.id, zmaAppId: app.id, quantity: 20, lowThreshold: 5 });
    const [draw] = await tx
      .insert(zmaDraws)
      .values({ ...base, name: 'Vòng quay may mắn', description: 'Ba lượt quay mỗi ngày — trúng voucher hoặc bình giữ nhiệt.', look: { primaryColor: '#e53935', secondaryColor: '#ffd54f', buttonText: 'Quay ngay', backgroundUrl: null } })
      .returning({ id: zmaDraws.id });
    if (!draw) throw new Error('demo draw insert failed');
    await tx.insert(zmaDrawPrizes).values([
      { drawId: draw.id, zmaAppId: app.id, giftItemId: voucher.id, label: 'Voucher 50.000đ', probability: 200_000, stock: 200, position: 0, color: '#e53935' },
      { drawId: draw.id, zmaAppId: app.id, giftItemId: item.id, label: 'Bình giữ nhiệt', probability: 50_000, stock: 20, position: 1, color: '#1e88e5' },
      { drawId: draw.id, zmaAppId: app.id, giftItemId: null, label: 'Chúc may mắn lần sau', probability: 750_000, stock: null, position: 2, color: '#ffd54f' },
    ]);
    await tx.insert(zmaBranchGames).values({ branchId: branch.id, drawId: draw.id });
    await tx.insert(zmaRules).values({ ...base, drawId: draw.id, name: 'Ba lượt mỗi ngày', conditionType: 'GAME_TURN', frequency: 'DAILY', value: 3 });
  });
}
