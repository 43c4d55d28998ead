import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listZnsTemplates, getZnsTemplateInfo } from '@zc/zalo/zns';
import type { ZaloClient } from '@zc/zalo/client';
import type { Db, DbOrTx } from '../../db/client';
import { templateRequests, znsTemplates } from '../../db/schema/templates';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloFailure } from '../zalo-oa/service';
import { ilikeContains } from '../../platform/sql';

type TemplateRow = typeof znsTemplates.$inferSelect;

export async function tenantDiscount(db: DbOrTx, tenantId: string): Promise<number> {
  const [w] = await db.select({ d: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, tenantId));
  return w?.d ?? 0;
}

/** Price after the tenant's discount, rounded up to the đồng (never undercharge). */
export function discounted(price: number, discountPercent: number): number {
  return Math.ceil((price * (100 - Math.min(100, Math.max(0, discountPercent)))) / 100);
}

export function presentTemplate(row: TemplateRow, discountPercent: number) {
  return {
    id: row.id,
    zaloOAId: row.zaloOaId,
    znsTemplateId: row.znsTemplateId,
    name: row.name,
    status: row.status,
    tag: row.tag,
    quality: row.quality,
    price: row.price,
    priceAfterDiscount: discounted(row.price, discountPercent),
    params: row.params,
    buttons: row.buttons,
    previewUrl: row.previewUrl,
    syncedAt: row.syncedAt.toISOString(),
  };
}

export async function findTemplates(db: DbOrTx, tenantId: string, q: { tag?: string; status?: string; zaloOAId?: string; name?: string; limit: number; offset: number }) {
  const conds: SQL[] = [eq(znsTemplates.tenantId, tenantId)];
  if (q.tag) conds.push(eq(znsTemplates.tag, q.tag));
  if (q.status) conds.push(eq(znsTemplates.status, q.status));
  if (q.zaloOAId) conds.push(eq(znsTemplates.zaloOaId, q.zaloOAId));
  if (q.name) conds.push(ilikeContains(znsTemplates.name, q.name));
  const where = and(...conds);
  const rows = await db.select().from(znsTemplates).where(where).orderBy(asc(znsTemplates.name), asc(znsTemplates.id)).limit(q.limit).offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(znsTemplates).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function findTemplate(db: DbOrTx, tenantId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(znsTemplates).where(and(eq(znsTemplates.tenantId, tenantId), eq(znsTemplates.id, id)));
  return row ?? null;
}

/**
 * A template request still waiting for review takes Zalo's verdict found by a sync (the same rule as
 * the change_template_status webhook, for when that webhook was missed): ENABLE → APPROVED,
 * REJECT → REJECTED with info/v2's `reason`.
 */
async function settleTemplateRequest(db: DbOrTx, zaloOaId: string, znsTemplateId: string, status: string, reason: string | undefined): Promise<void> {
  const reviewed = status === 'ENABLE' ? 'APPROVED' : status === 'REJECT' ? 'REJECTED' : null;
  if (!reviewed) return;
  await db
    .update(templateRequests)
    .set({ status: reviewed, error: reviewed === 'REJECTED' ? reason || null : null, updatedAt: new Date() })
    .where(and(eq(templateRequests.zaloOaId, zaloOaId), eq(templateRequests.znsTemplateId, znsTemplateId), inArray(templateRequests.status, ['PENDING', 'SUBMITTED'])));
}

/**
 * Pulls every template of every OA of the tenant (template/all pages of 100 with filterPreset 0,
 * so templates made in the ZBS console come too, DELETE ones included so the library shows them
 * deleted; then info/v2 for params, price, tag in either vocabulary, quality and a rejection's
 * reason) and upserts the library. An OA that fails is reported, not fatal.
 */
export async function syncTemplates(db: Db, zalo: ZaloClient, tenantId: string) {
  const oas = await db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.tenantId, tenantId));
  let synced = 0;
  const errors: Array<{ zaloOAId: string; message: string }> = [];
  for (const oa of oas) {
    try {
      for (let offset = 0; ; offset += 100) {
        const page = await listZnsTemplates(zalo, oa.id, { offset, limit: 100, filterPreset: 0 });
        for (const summary of page.templates) {
          const info = await getZnsTemplateInfo(zalo, oa.id, String(summary.templateId));
          const values = {
            name: info.templateName,
            status: info.status,
            tag: info.templateTag ?? null,
            quality: info.templateQuality ?? null,
            price: Math.round(Number(info.price ?? 0)),
            params: info.listParams ?? [],
            buttons: info.listButtons ?? [],
            previewUrl: info.previewUrl ?? null,
            timeoutMs: typeof info.timeout === 'number' ? info.timeout : null,
            syncedAt: new Date(),
          };
          await db
            .insert(znsTemplates)
            .values({ tenantId, zaloOaId: oa.id, znsTemplateId: String(info.templateId), ...values })
            .onConflictDoUpdate({ target: [znsTemplates.tenantId, znsTemplates.zaloOaId, znsTemplates.znsTemplateId], set: values });
          await settleTemplateRequest(db, oa.id, String(info.templateId), info.status, info.reason);
          synced += 1;
        }
        if (page.templates.length < 100 || offset + 100 >= page.total) break;
      }
    } catch (err) {
      errors.push({ zaloOAId: oa.id, message: zaloFailure(err).message });
    }
  }
  return { synced, oas: oas.length, errors };
}
