import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRecipients, campaignUploads, campaigns } from '../../db/schema/campaigns';
import { znsTemplates } from '../../db/schema/templates';
import { placeHold } from '../wallets/service';
import type { SendFixture } from '../messaging/test-fixtures';

/**
 * Test-only: an APPROVED campaign as issue 13's creation and approval leave it (H1's routes build the
 * same rows): a READY upload with `count` recipients (phones 8498xxxxxxx, template data { otp }), the
 * campaign on the fixture's key and template, and the wallet hold `campaign:<id>` of count × price.
 */
export async function buildApprovedCampaign(
  database: Database,
  f: SendFixture,
  opts: { count: number; price?: number; name?: string; mode?: 'production' | 'development'; nextRunAt?: Date; status?: 'APPROVED' | 'PENDING'; tag?: string; params?: (seq: number) => Record<string, string> },
) {
  const price = opts.price ?? 300;
  const db = database.db;
  if (opts.tag) await db.update(znsTemplates).set({ tag: opts.tag }).where(eq(znsTemplates.znsTemplateId, f.templateId));
  const [upload] = await db
    .insert(campaignUploads)
    .values({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, znsTemplateId: f.templateId, fileName: 'list.csv', mapping: { phone: 'phone', params: { otp: 'otp' } }, status: 'READY', totalRows: opts.count, validRows: opts.count })
    .returning();
  if (!upload) throw new Error('upload');
  // Generated in SQL: thousands of rows in one statement.
  const params = opts.params ? null : sql`jsonb_build_object('otp', lpad((g % 100000)::text, 5, '0'))`;
  if (params) {
    await db.execute(sql`
      insert into ${campaignRecipients} (upload_id, seq, phone, params, state)
      select ${upload.id}::uuid, g, '8498' || lpad(g::text, 7, '0'), ${params}, 'QUEUED' from generate_series(1, ${opts.count}) g`);
  } else {
    const rows = Array.from({ length: opts.count }, (_, i) => ({ uploadId: upload.id, seq: i + 1, phone: `8498${String(i + 1).padStart(7, '0')}`, params: opts.params?.(i + 1) ?? {} }));
    for (let at = 0; at < rows.length; at += 1000) await db.insert(campaignRecipients).values(rows.slice(at, at + 1000));
  }
  const status = opts.status ?? 'APPROVED';
  const [campaign] = await db
    .insert(campaigns)
    .values({
      tenantId: f.tenantId,
      apiKeyId: f.apiKeyId,
      zaloOaId: f.zaloOaId,
      uploadId: upload.id,
      name: opts.name ?? `Campaign ${upload.id.slice(0, 6)}`,
      znsTemplateId: f.templateId,
      templateName: 'OTP',
      listPrice: price,
      price,
      mode: opts.mode ?? 'production',
      status,
      dispatchState: status === 'APPROVED' ? 'WAITING' : null,
      nextRunAt: status === 'APPROVED' ? (opts.nextRunAt ?? new Date(Date.now() - 1000)) : null,
      recordCount: opts.count,
      estimatedCost: opts.count * price,
    })
    .returning();
  if (!campaign) throw new Error('campaign');
  if (status === 'APPROVED' && price > 0 && (opts.mode ?? 'production') === 'production') {
    const held = await db.transaction((tx) => placeHold(tx, { tenantId: f.tenantId, ref: `campaign:${campaign.id}`, amount: opts.count * price }));
    await db.update(campaigns).set({ holdId: held.hold.id }).where(eq(campaigns.id, campaign.id));
    return { ...campaign, holdId: held.hold.id, upload };
  }
  return { ...campaign, upload };
}
