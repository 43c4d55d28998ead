import { eq } from 'drizzle-orm';
import type { MerchantRole } from '@zc/shared/permissions';
import type { Db } from '../client';
import { merchantMembers, merchants, tenantMembers, tenants, userGroups, users } from '../schema/index';
import { hashPassword } from '../../modules/auth/passwords';
import { DEFAULT_USER_GROUPS } from '../../modules/organisation/tenant-routes';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_USERS: Array<{ email: string; displayName: string; role: MerchantRole; tenants: Array<'shop' | 'clinic'> }> = [
  { email: 'owner@demo.vn', displayName: 'Nguyễn Văn Chủ', role: 'OWNER', tenants: [] },
  { email: 'admin@demo.vn', displayName: 'Trần Thị Quản Trị', role: 'ADMIN', tenants: [] },
  { email: 'moderator@demo.vn', displayName: 'Lê Văn Kiểm Duyệt', role: 'MODERATOR', tenants: ['shop', 'clinic'] },
  { email: 'user@demo.vn', displayName: 'Phạm Thị Nhân Viên', role: 'USER', tenants: ['shop', 'clinic'] },
  { email: 'marketing@demo.vn', displayName: 'Hoàng Văn Tiếp Thị', role: 'MARKETING', tenants: ['shop', 'clinic'] },
  { email: 'eu@demo.vn', displayName: 'Võ Thị Khách Hàng', role: 'EU', tenants: ['shop'] },
];

/**
 * The demo organisation: "Shop An Nhiên" (OA + ZNS + mini-app + multi-team) and "Nha khoa Sài Gòn"
 * (ZNS only), and one user per role. Idempotent: does nothing when the owner exists.
 */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.vn'));
  if (existing) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [merchant] = await tx.insert(merchants).values({ name: 'Demo Organisation' }).returning();
    if (!merchant) throw new Error('merchant insert failed');
    const [shop] = await tx
      .insert(tenants)
      .values({ merchantId: merchant.id, name: 'Shop An Nhiên', oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true })
      .returning();
    const [clinic] = await tx.insert(tenants).values({ merchantId: merchant.id, name: 'Nha khoa Sài Gòn', znsService: true }).returning();
    if (!shop || !clinic) throw new Error('tenant insert failed');
    const groups = new Map<string, string>();
    for (const t of [shop, clinic]) {
      const rows = await tx.insert(userGroups).values(DEFAULT_USER_GROUPS.map((g) => ({ ...g, tenantId: t.id }))).returning();
      for (const g of rows) if (g.isDefault) groups.set(t.id, g.id);
    }
    for (const u of DEMO_USERS) {
      const [user] = await tx.insert(users).values({ email: u.email, displayName: u.displayName, passwordHash }).returning();
      if (!user) throw new Error('user insert failed');
      await tx.insert(merchantMembers).values({ merchantId: merchant.id, userId: user.id, role: u.role });
      for (const key of u.tenants) {
        const t = key === 'shop' ? shop : clinic;
        await tx.insert(tenantMembers).values({ tenantId: t.id, userId: user.id, userGroupId: groups.get(t.id) ?? null });
      }
    }
  });
  return { created: true };
}
