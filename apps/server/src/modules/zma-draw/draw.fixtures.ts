import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { zmaApps, zmaCustomers, zmaGiftItems } from '../../db/schema/zma';
import { buildOrganisation, buildTenant, buildUser, loginAs, type TestContext } from '../../test/helpers';
import { createCustomerTokens } from '../zma-customers/service';

let n = 0;
const uniq = () => `${Date.now()}${(n += 1)}`.slice(-16);

/** A mini app with an owner session, two gift items and helpers to make customers and their tokens. */
export async function drawFixture(t: TestContext) {
  const db = t.database.db;
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { isMiniAppEnabled: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const session = await loginAs(t.app, owner.email);
  const [app] = await db.insert(zmaApps).values({ tenantId: tenant.id, name: 'Loyalty', zaloAppId: uniq(), appSecretEnc: 'sealed' }).returning();
  const [voucher] = await db.insert(zmaGiftItems).values({ zmaAppId: app!.id, tenantId: tenant.id, type: 'VOUCHER', name: 'Voucher 50k', discountKind: 'AMOUNT', discountValue: 50_000 }).returning();
  const [item] = await db.insert(zmaGiftItems).values({ zmaAppId: app!.id, tenantId: tenant.id, type: 'ITEM', name: 'Coffee cup' }).returning();
  const tokens = createCustomerTokens(t.config.appSecret);
  const headers = (extra: Record<string, string> = {}) => session.headers({ 'x-tenant-id': tenant.id, 'x-zma-id': app!.id, ...extra });
  return {
    org,
    tenant,
    owner,
    session,
    app: app!,
    voucher: voucher!,
    item: item!,
    headers,
    tokens,
    async customer(over: Partial<typeof zmaCustomers.$inferInsert> = {}) {
      const [c] = await db.insert(zmaCustomers).values({ zmaAppId: app!.id, tenantId: tenant.id, zaloUserId: `z${uniq()}`, name: 'Khách', ...over }).returning();
      const token = await tokens.sign({ customerId: c!.id, zmaAppId: app!.id, tenantId: tenant.id });
      return { ...c!, token, auth: { authorization: `Bearer ${token}` } };
    },
    async setInactive(giftId: string) {
      await db.update(zmaGiftItems).set({ status: 'INACTIVE' }).where(eq(zmaGiftItems.id, giftId));
    },
  };
}

export const LOOK = { primaryColor: '#e53935', secondaryColor: '#ffd54f', buttonText: 'Quay' };

/** A draw body: a voucher slice with `stock` and the given probability, the rest "no prize". */
export function drawBody(giftItemId: string, opts: { probability?: number; stock?: number | null; extra?: Record<string, unknown> } = {}) {
  const p = opts.probability ?? 500_000;
  return {
    name: 'Vòng quay',
    look: LOOK,
    prizes: [
      { giftItemId, label: 'Voucher', probability: p, stock: opts.stock === undefined ? 10 : opts.stock, color: '#ff0000' },
      { giftItemId: null, label: 'Chúc may mắn', probability: 1_000_000 - p, stock: null },
    ],
    ...opts.extra,
  };
}

export type DrawFixture = Awaited<ReturnType<typeof drawFixture>>;
export type { Database };
