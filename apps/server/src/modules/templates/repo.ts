import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { templateRequests, znsTemplates } from '../../db/schema/templates';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TemplateRow = typeof znsTemplates.$inferSelect;
export type TemplateRequestRow = typeof templateRequests.$inferSelect;
type TemplateRequestStatus = TemplateRequestRow['status'];

/** The tenant's discount on template prices (its wallet's discountPercent), 0 without a wallet. */
export async function findTenantDiscount(db: DbOrTx, scope: TenantScope): Promise<number> {
  const [w] = await db.select({ d: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, scopedTenantId(scope)));
  return w?.d ?? 0;
}

export async function listTemplates(db: DbOrTx, scope: TenantScope, q: { tag?: string; status?: string; zaloOAId?: string; name?: string; limit: number; offset: number }) {
  const conds: SQL[] = [];
  if (q.tag) conds.push(eq(znsTemplates.tag, q.tag));
  if (q.status) conds.push(eq(znsTemplates.status, q.status));
  if (q.zaloOAId) conds.push(eq(znsTemplates.zaloOaId, q.zaloOAId));
  if (q.name) conds.push(ilikeContains(znsTemplates.name, q.name));
  const where = inTenant(scope, znsTemplates, ...conds);
  const rows = await db.select().from(znsTemplates).where(where).orderBy(asc(znsTemplates.name), asc(znsTemplates.id)).limit(q.limit).offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(znsTemplates).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function findTemplateRow(db: DbOrTx, scope: TenantScope, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(znsTemplates).where(inTenant(scope, znsTemplates, eq(znsTemplates.id, id)));
  return row ?? null;
}

/** Ids of the tenant's OAs (a sync walks each). */
export async function listOaIds(db: DbOrTx, scope: TenantScope): Promise<string[]> {
  return (await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas))).map((o) => o.id);
}

export async function findOaId(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa?.id ?? null;
}

export type TemplateValues = Omit<typeof znsTemplates.$inferInsert, 'id' | 'tenantId' | 'zaloOaId' | 'znsTemplateId'>;

export async function upsertTemplate(db: DbOrTx, scope: TenantScope, key: { zaloOaId: string; znsTemplateId: string }, values: TemplateValues): Promise<void> {
  await db
    .insert(znsTemplates)
    .values({ tenantId: scopedTenantId(scope), ...key, ...values })
    .onConflictDoUpdate({ target: [znsTemplates.tenantId, znsTemplates.zaloOaId, znsTemplates.znsTemplateId], set: values });
}

/**
 * A Zalo review outcome for one OA's template (webhook or sync): its library row takes the status /
 * quality. Keyed by the OA, whose id is unique across tenants (the webhook knows only the OA).
 */
export async function setTemplateOfOa(db: DbOrTx, zaloOaId: string, znsTemplateId: string, change: Partial<Pick<TemplateRow, 'status' | 'quality'>>): Promise<void> {
  await db.update(znsTemplates).set(change).where(and(eq(znsTemplates.zaloOaId, zaloOaId), eq(znsTemplates.znsTemplateId, znsTemplateId)));
}

export async function listTemplateRequests(db: DbOrTx, scope: TenantScope, page: { limit: number; offset: number }) {
  const where = inTenant(scope, templateRequests);
  const rows = await db.select().from(templateRequests).where(where).orderBy(desc(templateRequests.createdAt), desc(templateRequests.id)).limit(page.limit).offset(page.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(templateRequests).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function insertTemplateRequest(tx: DbOrTx, scope: TenantScope, values: Pick<typeof templateRequests.$inferInsert, 'zaloOaId' | 'name' | 'payload' | 'createdBy' | 'status'>): Promise<TemplateRequestRow> {
  const [row] = await tx.insert(templateRequests).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('template request insert returned nothing');
  return row;
}

export async function findTemplateRequestRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRequestRow | null> {
  const q = db.select().from(templateRequests).where(inTenant(scope, templateRequests, eq(templateRequests.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateTemplateRequest(
  tx: DbOrTx,
  scope: TenantScope,
  id: string,
  values: Partial<Pick<TemplateRequestRow, 'zaloOaId' | 'name' | 'payload' | 'status' | 'znsTemplateId' | 'error' | 'zaloStatus' | 'quality'>>,
  onlyIfStatus?: TemplateRequestStatus,
): Promise<TemplateRequestRow | null> {
  const [row] = await tx
    .update(templateRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(scope, templateRequests, eq(templateRequests.id, id), onlyIfStatus ? eq(templateRequests.status, onlyIfStatus) : undefined))
    .returning();
  return row ?? null;
}

/** Deletes a draft (only a DRAFT row): whether one was deleted. */
export async function deleteDraftRow(tx: DbOrTx, scope: TenantScope, id: string): Promise<boolean> {
  const rows = await tx.delete(templateRequests).where(inTenant(scope, templateRequests, eq(templateRequests.id, id), eq(templateRequests.status, 'DRAFT'))).returning({ id: templateRequests.id });
  return rows.length > 0;
}

/**
 * Zalo's state of one OA's template reaches the console requests that submitted it: `zaloStatus`
 * always (and `quality` when given); the verdict (`status`, `error`) only for requests past their
 * internal review (SUBMITTED, APPROVED, REJECTED) — a request being edited again stays PENDING.
 * Answers the rows whose visible state changed (for the zns_template.changed event).
 */
export async function setRequestsFromZalo(
  db: DbOrTx,
  zaloOaId: string,
  znsTemplateId: string,
  change: { zaloStatus?: string; quality?: string; verdict?: { status: Extract<TemplateRequestStatus, 'APPROVED' | 'REJECTED'>; error: string | null } },
): Promise<Array<Pick<TemplateRequestRow, 'id' | 'tenantId' | 'status'>>> {
  const key = and(eq(templateRequests.zaloOaId, zaloOaId), eq(templateRequests.znsTemplateId, znsTemplateId));
  const changed = new Map<string, Pick<TemplateRequestRow, 'id' | 'tenantId' | 'status'>>();
  const ret = { id: templateRequests.id, tenantId: templateRequests.tenantId, status: templateRequests.status };
  const plain: Partial<TemplateRequestRow> = {};
  if (change.zaloStatus !== undefined) plain.zaloStatus = change.zaloStatus;
  if (change.quality !== undefined) plain.quality = change.quality;
  if (Object.keys(plain).length) {
    const conds = [key];
    const differs: SQL[] = [];
    if (plain.zaloStatus !== undefined) differs.push(sql`${templateRequests.zaloStatus} is distinct from ${plain.zaloStatus}`);
    if (plain.quality !== undefined) differs.push(sql`${templateRequests.quality} is distinct from ${plain.quality}`);
    for (const r of await db.update(templateRequests).set({ ...plain, updatedAt: new Date() }).where(and(...conds, sql`(${sql.join(differs, sql` or `)})`)).returning(ret)) changed.set(r.id, r);
  }
  if (change.verdict) {
    const v = change.verdict;
    const rows = await db
      .update(templateRequests)
      .set({ status: v.status, error: v.error, updatedAt: new Date() })
      .where(and(key, inArray(templateRequests.status, ['SUBMITTED', 'APPROVED', 'REJECTED']), sql`(${templateRequests.status} <> ${v.status} or ${templateRequests.error} is distinct from ${v.error})`))
      .returning(ret);
    for (const r of rows) changed.set(r.id, r);
  }
  return [...changed.values()];
}

/** Console templates Zalo has not reviewed yet, oldest first (the polling job; across tenants). */
export async function listPendingAtZalo(db: DbOrTx, limit: number): Promise<Array<Pick<TemplateRequestRow, 'id' | 'tenantId' | 'zaloOaId' | 'znsTemplateId'>>> {
  return db
    .select({ id: templateRequests.id, tenantId: templateRequests.tenantId, zaloOaId: templateRequests.zaloOaId, znsTemplateId: templateRequests.znsTemplateId })
    .from(templateRequests)
    .where(eq(templateRequests.zaloStatus, 'PENDING_REVIEW'))
    .orderBy(asc(templateRequests.updatedAt))
    .limit(limit);
}

/** The console's copy (URL) of an image a template of the tenant uses, by its Zalo media id; null when none does. */
export async function findMediaUrl(db: DbOrTx, scope: TenantScope, mediaId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: sql<string | null>`${templateRequests.payload} -> 'media' ->> ${mediaId}` })
    .from(templateRequests)
    .where(inTenant(scope, templateRequests, sql`${templateRequests.payload} -> 'media' ? ${mediaId}`))
    .limit(1);
  return row?.url ?? null;
}

/** Console templates Zalo approved whose template is not in the library yet (the polling job fills it in). */
export async function listApprovedMissingFromLibrary(db: DbOrTx, limit: number): Promise<Array<{ tenantId: string; zaloOaId: string; znsTemplateId: string }>> {
  const rows = await db
    .select({ tenantId: templateRequests.tenantId, zaloOaId: templateRequests.zaloOaId, znsTemplateId: templateRequests.znsTemplateId })
    .from(templateRequests)
    .where(
      and(
        eq(templateRequests.status, 'APPROVED'),
        sql`${templateRequests.znsTemplateId} is not null`,
        sql`not exists (select 1 from ${znsTemplates} z where z.tenant_id = ${templateRequests.tenantId} and z.zalo_oa_id = ${templateRequests.zaloOaId} and z.zns_template_id = ${templateRequests.znsTemplateId})`,
      ),
    )
    .limit(limit);
  return rows.flatMap((r) => (r.znsTemplateId ? [{ tenantId: r.tenantId, zaloOaId: r.zaloOaId, znsTemplateId: r.znsTemplateId }] : []));
}

/** Names of the tenant's ZNS templates by Zalo template id among `znsTemplateIds` (any OA). */
export async function findTemplateNames(db: DbOrTx, scope: TenantScope, znsTemplateIds: readonly string[]) {
  if (znsTemplateIds.length === 0) return [];
  return db.select({ znsTemplateId: znsTemplates.znsTemplateId, name: znsTemplates.name }).from(znsTemplates).where(inTenant(scope, znsTemplates, inArray(znsTemplates.znsTemplateId, [...znsTemplateIds])));
}

/** Template requests waiting for the tenant's review (PENDING) or for Zalo's (SUBMITTED), newest first. */
export async function findInFlightTemplateRequests(db: DbOrTx, scope: TenantScope, limit: number) {
  return db
    .select({ id: templateRequests.id, name: templateRequests.name, status: templateRequests.status })
    .from(templateRequests)
    .where(inTenant(scope, templateRequests, inArray(templateRequests.status, ['PENDING', 'SUBMITTED'])))
    .orderBy(desc(templateRequests.createdAt))
    .limit(limit);
}
