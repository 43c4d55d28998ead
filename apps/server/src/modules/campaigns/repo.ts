import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { apiKeys } from '../../db/schema/api-keys';
import { campaignMappings, campaignSettings, campaignUploadFiles } from '../../db/schema/campaign-intake';
import { campaignRecipients, campaignUploadRejects, campaignUploads, campaigns } from '../../db/schema/campaigns';
import { tenants } from '../../db/schema/organisation';
import { teams } from '../../db/schema/teams';
import { znsTemplates } from '../../db/schema/templates';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains, rowsOf } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignInsert = Omit<typeof campaigns.$inferInsert, 'id' | 'tenantId'>;
export type CampaignChange = Partial<Omit<CampaignRow, 'id' | 'tenantId' | 'createdAt' | 'createdBy'>>;
export type UploadRow = typeof campaignUploads.$inferSelect;
export type UploadFileRow = typeof campaignUploadFiles.$inferSelect;
export type TemplateRow = typeof znsTemplates.$inferSelect;


/* ─── Uploads ─── */

export async function insertUpload(tx: DbOrTx, scope: TenantScope, values: Omit<typeof campaignUploads.$inferInsert, 'tenantId'>): Promise<UploadRow> {
  const [row] = await tx.insert(campaignUploads).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('upload insert returned nothing');
  return row;
}

export async function insertUploadFile(tx: DbOrTx, values: typeof campaignUploadFiles.$inferInsert): Promise<void> {
  await tx.insert(campaignUploadFiles).values(values);
}

export async function findUpload(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<{ upload: UploadRow; file: UploadFileRow | null } | null> {
  const q = db.select({ upload: campaignUploads, file: campaignUploadFiles }).from(campaignUploads).leftJoin(campaignUploadFiles, eq(campaignUploadFiles.uploadId, campaignUploads.id)).where(inTenant(scope, campaignUploads, eq(campaignUploads.id, id)));
  const [row] = opts.lock ? await q.for('update', { of: campaignUploads }) : await q;
  return row ?? null;
}

export async function updateUpload(tx: DbOrTx, scope: TenantScope, id: string, values: Partial<Omit<UploadRow, 'id' | 'tenantId'>>): Promise<UploadRow | null> {
  const [row] = await tx.update(campaignUploads).set({ ...values, updatedAt: new Date() }).where(inTenant(scope, campaignUploads, eq(campaignUploads.id, id))).returning();
  return row ?? null;
}

export async function markFileIngested(tx: DbOrTx, uploadId: string, at: Date | null): Promise<void> {
  await tx.update(campaignUploadFiles).set({ ingestedAt: at }).where(eq(campaignUploadFiles.uploadId, uploadId));
}

/** Forgets what a previous mapping read (a new mapping reads the file again). */
export async function clearUploadRows(tx: DbOrTx, uploadId: string): Promise<void> {
  await tx.delete(campaignRecipients).where(eq(campaignRecipients.uploadId, uploadId));
  await tx.delete(campaignUploadRejects).where(eq(campaignUploadRejects.uploadId, uploadId));
}

/**
 * One batch of valid rows in one statement; a phone already in the upload is skipped by the unique
 * index. Answers the seqs inserted (the others were duplicates).
 */
export async function insertRecipientBatch(db: DbOrTx, uploadId: string, rows: ReadonlyArray<{ seq: number; phone: string; params: Record<string, string> }>): Promise<Set<number>> {
  const json = JSON.stringify(rows.map((r) => ({ s: r.seq, p: r.phone, d: r.params })));
  const res = await db.execute(sql`
    insert into campaign_recipients (upload_id, seq, phone, params)
    select ${uploadId}::uuid, x.s, x.p, x.d from json_to_recordset(${json}::json) as x(s int, p text, d jsonb)
    on conflict do nothing
    returning seq`);
  return new Set(rowsOf<{ seq: number }>(res).map((r) => Number(r.seq)));
}

export async function insertRejectBatch(db: DbOrTx, uploadId: string, rows: ReadonlyArray<{ row: number; raw: string[]; reason: string }>): Promise<void> {
  const json = JSON.stringify(rows.map((r) => ({ n: r.row, r: r.raw, c: r.reason })));
  await db.execute(sql`
    insert into campaign_upload_rejects (upload_id, row_number, raw, reason)
    select ${uploadId}::uuid, x.n, x.r, x.c from json_to_recordset(${json}::json) as x(n int, r jsonb, c text)
    on conflict do nothing`);
}

/** A page of an upload's rejected rows in row order, after `afterRow` (the report is read page by page). */
export async function rejectPage(db: DbOrTx, uploadId: string, afterRow: number, limit: number) {
  return db
    .select({ rowNumber: campaignUploadRejects.rowNumber, raw: campaignUploadRejects.raw, reason: campaignUploadRejects.reason })
    .from(campaignUploadRejects)
    .where(and(eq(campaignUploadRejects.uploadId, uploadId), sql`${campaignUploadRejects.rowNumber} > ${afterRow}`))
    .orderBy(asc(campaignUploadRejects.rowNumber))
    .limit(limit);
}

export async function uploadIsUsed(db: DbOrTx, uploadId: string): Promise<boolean> {
  const [r] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uploadId, uploadId)).limit(1);
  return Boolean(r);
}

/* ─── Mapping memory, public mode, wallet ─── */

export async function rememberedMapping(db: DbOrTx, scope: TenantScope, znsTemplateId: string) {
  const [r] = await db.select({ mapping: campaignMappings.mapping }).from(campaignMappings).where(and(eq(campaignMappings.tenantId, scopedTenantId(scope)), eq(campaignMappings.znsTemplateId, znsTemplateId)));
  return r?.mapping ?? null;
}

export async function rememberMapping(tx: DbOrTx, scope: TenantScope, znsTemplateId: string, mapping: { phone: string; params: Record<string, string> }): Promise<void> {
  await tx
    .insert(campaignMappings)
    .values({ tenantId: scopedTenantId(scope), znsTemplateId, mapping })
    .onConflictDoUpdate({ target: [campaignMappings.tenantId, campaignMappings.znsTemplateId], set: { mapping, updatedAt: new Date() } });
}

/** The tenant's public-mode row (null: never set, production) when the tenant belongs to the organisation; undefined: not its tenant. */
export async function findPublicModeOfMerchantTenant(db: DbOrTx, merchantId: string, tenantId: string, lock = false) {
  const q = db
    .select({ id: tenants.id, publicMode: campaignSettings.publicMode, updatedAt: campaignSettings.updatedAt })
    .from(tenants)
    .leftJoin(campaignSettings, eq(campaignSettings.tenantId, tenants.id))
    .where(and(eq(tenants.id, tenantId), eq(tenants.merchantId, merchantId)));
  const [row] = lock ? await q.for('update', { of: tenants }) : await q;
  return row;
}

export async function savePublicMode(tx: DbOrTx, tenantId: string, publicMode: 'production' | 'development') {
  const [row] = await tx
    .insert(campaignSettings)
    .values({ tenantId, publicMode })
    .onConflictDoUpdate({ target: campaignSettings.tenantId, set: { publicMode, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function publicModeOf(db: DbOrTx, scope: TenantScope): Promise<'production' | 'development'> {
  const [r] = await db.select({ m: campaignSettings.publicMode }).from(campaignSettings).where(eq(campaignSettings.tenantId, scopedTenantId(scope)));
  return r?.m ?? 'production';
}

/** The tenant wallet's spendable balance and ZNS discount (read only: the wallets module writes them). */
export async function walletFacts(db: DbOrTx, scope: TenantScope): Promise<{ balance: number; discountPercent: number }> {
  const [w] = await db.select({ balance: wallets.balance, discountPercent: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, scopedTenantId(scope)));
  return { balance: w?.balance ?? 0, discountPercent: w?.discountPercent ?? 0 };
}

/* ─── API keys and templates ─── */

export async function znsApiKeys(db: DbOrTx, scope: TenantScope) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, zaloOaId: apiKeys.zaloOaId, zaloOaName: zaloOas.name, teamId: apiKeys.teamId, status: apiKeys.status })
    .from(apiKeys)
    .innerJoin(zaloOas, eq(zaloOas.id, apiKeys.zaloOaId))
    .where(inTenant(scope, apiKeys, eq(apiKeys.service, 'ZNS')))
    .orderBy(asc(apiKeys.name));
}

export async function findApiKey(db: DbOrTx, scope: TenantScope, id: string) {
  const [r] = await db.select({ id: apiKeys.id, name: apiKeys.name, zaloOaId: apiKeys.zaloOaId, teamId: apiKeys.teamId, status: apiKeys.status }).from(apiKeys).where(inTenant(scope, apiKeys, eq(apiKeys.id, id)));
  return r ?? null;
}

export async function enabledTemplates(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<TemplateRow[]> {
  return db.select().from(znsTemplates).where(inTenant(scope, znsTemplates, eq(znsTemplates.zaloOaId, zaloOaId), eq(znsTemplates.status, 'ENABLE'))).orderBy(asc(znsTemplates.name));
}

export async function findTemplate(db: DbOrTx, scope: TenantScope, zaloOaId: string, znsTemplateId: string): Promise<TemplateRow | null> {
  const [r] = await db.select().from(znsTemplates).where(inTenant(scope, znsTemplates, eq(znsTemplates.zaloOaId, zaloOaId), eq(znsTemplates.znsTemplateId, znsTemplateId)));
  return r ?? null;
}

/* ─── Campaigns ─── */

export async function insertCampaign(tx: DbOrTx, scope: TenantScope, values: CampaignInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(campaigns).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

export async function findCampaignRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<CampaignRow | null> {
  const q = db.select().from(campaigns).where(inTenant(scope, campaigns, eq(campaigns.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateCampaign(tx: DbOrTx, scope: TenantScope, id: string, values: CampaignChange, onlyIf?: SQL): Promise<CampaignRow | null> {
  const [row] = await tx.update(campaigns).set({ ...values, updatedAt: new Date() }).where(inTenant(scope, campaigns, eq(campaigns.id, id), onlyIf)).returning();
  return row ?? null;
}

export const campaignStatusIs = (status: CampaignRow['status']): SQL => eq(campaigns.status, status);

export interface CampaignFilter {
  status?: CampaignRow['status'] | undefined;
  teamIds?: string[] | undefined;
  name?: string | undefined;
  limit: number;
  offset: number;
}

export async function listCampaigns(db: DbOrTx, scope: TenantScope, f: CampaignFilter): Promise<{ rows: CampaignRow[]; total: number }> {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(campaigns.status, f.status));
  if (f.teamIds && f.teamIds.length > 0) conds.push(inArray(campaigns.teamId, f.teamIds));
  if (f.name) conds.push(ilikeContains(campaigns.name, f.name));
  const where = inTenant(scope, campaigns, ...conds);
  const rows = await db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(f.limit).offset(f.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(campaigns).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function namesOf(db: DbOrTx, scope: TenantScope, rows: readonly CampaignRow[]) {
  const uniq = <T>(xs: T[]) => [...new Set(xs)];
  const keyIds = uniq(rows.map((r) => r.apiKeyId));
  const teamIds = uniq(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])));
  const oaIds = uniq(rows.map((r) => r.zaloOaId));
  const userIds = uniq(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])));
  // One after another: in a transaction the queries share one connection.
  const k = keyIds.length ? await db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inTenant(scope, apiKeys, inArray(apiKeys.id, keyIds))) : [];
  const t = teamIds.length ? await db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.tenantId, scopedTenantId(scope)), inArray(teams.id, teamIds))) : [];
  const o = oaIds.length ? await db.select({ id: zaloOas.id, name: zaloOas.name }).from(zaloOas).where(inTenant(scope, zaloOas, inArray(zaloOas.id, oaIds))) : [];
  const u = userIds.length ? await db.select({ id: users.id, displayName: users.displayName }).from(users).where(inArray(users.id, userIds)) : [];
  const map = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  return { apiKeys: map(k), teams: map(t), oas: map(o), people: map(u) };
}

/** Campaigns still to be decided or sent (PENDING review, or APPROVED and not finished), newest first. */
export async function findInFlightCampaigns(db: DbOrTx, scope: TenantScope, limit: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, dispatchState: campaigns.dispatchState })
    .from(campaigns)
    .where(inTenant(scope, campaigns, sql`(${campaigns.status} = 'PENDING' or (${campaigns.status} = 'APPROVED' and ${campaigns.dispatchState} is distinct from 'FINISHED'))`))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
}

/** Names and teams of the tenant's campaigns among `ids`. */
export async function findCampaignRefs(db: DbOrTx, scope: TenantScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: campaigns.id, name: campaigns.name, teamId: campaigns.teamId }).from(campaigns).where(inTenant(scope, campaigns, inArray(campaigns.id, [...ids])));
}
