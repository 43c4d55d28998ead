import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MerchantRole } from '@zc/shared/permissions';
import type { Db } from '../client';
import { merchantMembers, merchants, tenantMembers, tenants, userGroups, users } from '../schema/index';
import { hashPassword, verifyPassword } from '../../modules/auth/passwords';
import { revokeAllSessions } from '../../modules/auth/service';
import { DEFAULT_USER_GROUPS } from '../../modules/organisation/service';

/** The published demo password (README): development and the e2e journeys only, never production. */
export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_USERS: Array<{ email: string; displayName: string; role: MerchantRole; tenants: Array<'shop' | 'clinic'> }> = [
  { email: 'owner@demo.vn', displayName: 'Nguyễn Văn Chủ', role: 'OWNER', tenants: [] },
  { email: 'admin@demo.vn', displayName: 'Trần Thị Quản Trị', role: 'ADMIN', tenants: [] },
  { email: 'moderator@demo.vn', displayName: 'Lê Văn Kiểm Duyệt', role: 'MODERATOR', tenants: ['shop', 'clinic'] },
  { email: 'user@demo.vn', displayName: 'Phạm Thị Nhân Viên', role: 'USER', tenants: ['shop', 'clinic'] },
  { email: 'marketing@demo.vn', displayName: 'Hoàng Văn Tiếp Thị', role: 'MARKETING', tenants: ['shop', 'clinic'] },
  { email: 'eu@demo.vn', displayName: 'Võ Thị Khách Hàng', role: 'EU', tenants: ['shop'] },
];

export interface DemoLogin {
  email: string;
  role: MerchantRole;
  password: string;
}

/** A random password for one demo account (20 characters, 120 bits). */
export function generateDemoPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * The demo organisation: "Shop An Nhiên" (OA + ZNS + mini-app + multi-team) and "Nha khoa Sài Gòn"
 * (ZNS only), and one user per role. Idempotent: does nothing when the owner exists. With
 * `generatedPasswords` (production) each account gets its own random password instead of the
 * published one; `logins` carries them so the caller can print them once — they are not kept.
 */
export async function seedDemo(db: Db, opts: { generatedPasswords?: boolean } = {}): Promise<{ created: boolean; logins: DemoLogin[] }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.vn'));
  if (existing) return { created: false, logins: [] };
  const logins = DEMO_USERS.map((u) => ({ email: u.email, role: u.role, password: opts.generatedPasswords ? generateDemoPassword() : DEMO_PASSWORD }));
  const publishedHash = opts.generatedPasswords ? undefined : await hashPassword(DEMO_PASSWORD);
  const hashes = new Map<string, string>();
  for (const l of logins) hashes.set(l.email, publishedHash ?? (await hashPassword(l.password)));
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
      const [user] = await tx.insert(users).values({ email: u.email, displayName: u.displayName, passwordHash: hashes.get(u.email) ?? '' }).returning();
      if (!user) throw new Error('user insert failed');
      await tx.insert(merchantMembers).values({ merchantId: merchant.id, userId: user.id, role: u.role });
      for (const key of u.tenants) {
        const t = key === 'shop' ? shop : clinic;
        await tx.insert(tenantMembers).values({ tenantId: t.id, userId: user.id, userGroupId: groups.get(t.id) ?? null });
      }
    }
  });
  return { created: true, logins };
}

/**
 * Production: a demo account that still accepts the published password (say, a data directory first
 * started in development) gets a generated one and loses its sessions. Answers the new logins, to
 * print once; nothing when no demo account has the published password.
 */
export async function retirePublishedDemoPasswords(db: Db): Promise<DemoLogin[]> {
  const rows = await db.select().from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  const logins: DemoLogin[] = [];
  for (const row of rows) {
    if (!(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
    const password = generateDemoPassword();
    const passwordHash = await hashPassword(password);
    // Conditional on the old hash: of several processes booting at once, only one replaces (and prints) it.
    const changed = await db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)))
        .returning({ id: users.id });
      if (updated.length > 0) await revokeAllSessions(tx, row.id, 'published demo password retired');
      return updated.length > 0;
    });
    if (changed) logins.push({ email: row.email, role: DEMO_USERS.find((u) => u.email === row.email)?.role ?? 'USER', password });
  }
  return logins;
}

/**
 * Demo data at boot. Development (SEED_DEMO, default on PGlite): the published password, as README
 * lists it. Production: seeded only when SEED_DEMO=true, each account with a generated password;
 * and any demo account still on the published password gets a generated one. `fresh` holds the
 * generated logins to print once (stdout), `published` says the README logins apply.
 */
export async function seedDemoAtBoot(db: Db, opts: { production: boolean; seed: boolean }): Promise<{ published: boolean; fresh: DemoLogin[] }> {
  const seeded = opts.seed ? await seedDemo(db, { generatedPasswords: opts.production }) : { created: false, logins: [] };
  if (!opts.production) return { published: opts.seed, fresh: [] };
  const retired = await retirePublishedDemoPasswords(db);
  return { published: false, fresh: [...(seeded.created ? seeded.logins : []), ...retired] };
}
