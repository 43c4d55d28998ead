/**
 * The loyalty module's face (issue 14 #3–#5): branches, gift inventory and vouchers, branch stock,
 * gift codes and their lifecycle. Other modules import from here only (the agreement's §2 service
 * functions: allocateGiftCode, countUnusedCodes, listCustomerGifts, findGiftItems, expireDueCodes).
 */
import { sql } from 'drizzle-orm';
import type { CustomerGift } from '@zc/shared/api/zma-loyalty';
import type { GiftCodeStatus, ZmaDiscountKind, ZmaItemType, ZmaStatus } from '@zc/shared/api/zma';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../platform/sql';
import { iso } from './codes';

export { allocateGiftCode, allocationCtes, expireDueCodes, iso, randomCodes, type AllocateInput } from './codes';

/** Codes the customer holds and has not used yet (ALLOCATED, not past expiry). */
export async function countUnusedCodes(db: DbOrTx, customerId: string, now: Date = new Date()): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from zma_gift_codes
    where customer_id = ${customerId} and status = 'ALLOCATED' and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`);
  return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
}

interface CustomerGiftRow {
  codeId: string;
  code: string;
  status: GiftCodeStatus;
  type: ZmaItemType;
  name: string;
  imageUrl: string | null;
  discountKind: ZmaDiscountKind | null;
  discountValue: number | string | null;
  minOrderValue: number | string | null;
  conditions: string | null;
  expiresAt: Date | string | null;
  assignedAt: Date | string | null;
  usedAt: Date | string | null;
  branchName: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The customer's gifts in the mini app (newest first), with the code for the QR. */
export async function listCustomerGifts(db: DbOrTx, input: { zmaAppId: string; customerId: string }): Promise<CustomerGift[]> {
  const r = await db.execute(sql`
    select c.id as "codeId", c.code, c.status, i.type, i.name, i.image_url as "imageUrl", i.discount_kind as "discountKind",
      i.discount_value as "discountValue", i.min_order_value as "minOrderValue", i.conditions, c.expires_at as "expiresAt",
      c.assigned_at as "assignedAt", c.used_at as "usedAt", b.name as "branchName"
    from zma_gift_codes c
    join zma_gift_items i on i.id = c.gift_item_id
    left join zma_branches b on b.id = c.branch_id
    where c.customer_id = ${input.customerId} and c.zma_app_id = ${input.zmaAppId}
    order by c.assigned_at desc nulls last, c.id
    limit 500`);
  return rowsOf<CustomerGiftRow>(r).map((g) => ({
    ...g,
    discountValue: num(g.discountValue),
    minOrderValue: num(g.minOrderValue),
    expiresAt: iso(g.expiresAt),
    assignedAt: iso(g.assignedAt),
    usedAt: iso(g.usedAt),
  }));
}

/** The app's gift items among `ids` (unknown or another app's ids are simply absent). */
export async function findGiftItems(db: DbOrTx, zmaAppId: string, ids: string[]): Promise<{ id: string; type: ZmaItemType; name: string; status: ZmaStatus }[]> {
  const unique = [...new Set(ids)].filter((id) => UUID.test(id));
  if (unique.length === 0) return [];
  const r = await db.execute(sql`
    select id, type, name, status from zma_gift_items
    where zma_app_id = ${zmaAppId} and id = any(string_to_array(${unique.join(',')}, ',')::uuid[])`);
  return rowsOf<{ id: string; type: ZmaItemType; name: string; status: ZmaStatus }>(r);
}

/** Gift-code batches still generating in the tenant's mini apps: they hold its mini-app service on. */
export async function runningCodeBatchesOfTenant(db: DbOrTx, tenantId: string, limit = 50): Promise<Array<{ id: string; name: string; status: string }>> {
  const r = await db.execute(sql`
    select b.id, coalesce(i.name, '') || ' (' || b.generated || '/' || b.requested || ')' as name, b.status
    from zma_gift_code_batches b join zma_apps a on a.id = b.zma_app_id left join zma_gift_items i on i.id = b.gift_item_id
    where a.tenant_id = ${tenantId} and b.status = 'RUNNING' order by b.created_at desc limit ${limit}`);
  return rowsOf<{ id: string; name: string; status: string }>(r);
}
