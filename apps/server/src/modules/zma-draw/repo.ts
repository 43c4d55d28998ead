import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ZmaStatus } from '@zc/shared/api/zma';
import type { DbOrTx, Tx } from '../../db/client';
import {
  zmaAffiliateCampaigns,
  zmaBranchGames,
  zmaBranches,
  zmaCustomers,
  zmaDrawPrizes,
  zmaDraws,
  zmaGiftItems,
  zmaReferrals,
  zmaRules,
  zmaSpins,
  zmaTurnUsage,
} from '../../db/schema/zma';
import { executePrepared, rowsOf } from '../../platform/sql';
import { zcAborted } from '../../platform/errors';

/** SQL of the lucky-draw module (the only writer of zma_spins and zma_turn_usage; scripts/check-writers.mjs). */

export type DrawRow = typeof zmaDraws.$inferSelect;
export type RuleRow = typeof zmaRules.$inferSelect;
export type CampaignRow = typeof zmaAffiliateCampaigns.$inferSelect;


/** A prize with the display fields of its gift (the console's list and the spin's CustomerGift). */
export interface PrizeView {
  id: string;
  drawId: string;
  giftItemId: string | null;
  label: string;
  probability: number;
  stock: number | null;
  won: number;
  position: number;
  color: string | null;
  gift: {
    name: string;
    type: 'ITEM' | 'VOUCHER';
    imageUrl: string | null;
    discountKind: 'AMOUNT' | 'PERCENT' | null;
    discountValue: number | null;
    minOrderValue: number | null;
    conditions: string | null;
  } | null;
}

export async function selectPrizes(db: DbOrTx, drawIds: string[]): Promise<PrizeView[]> {
  if (drawIds.length === 0) return [];
  const rows = await db
    .select({
      prize: zmaDrawPrizes,
      giftName: zmaGiftItems.name,
      giftType: zmaGiftItems.type,
      imageUrl: zmaGiftItems.imageUrl,
      discountKind: zmaGiftItems.discountKind,
      discountValue: zmaGiftItems.discountValue,
      minOrderValue: zmaGiftItems.minOrderValue,
      conditions: zmaGiftItems.conditions,
    })
    .from(zmaDrawPrizes)
    .leftJoin(zmaGiftItems, eq(zmaGiftItems.id, zmaDrawPrizes.giftItemId))
    .where(inArray(zmaDrawPrizes.drawId, drawIds))
    .orderBy(asc(zmaDrawPrizes.drawId), asc(zmaDrawPrizes.position));
  return rows.map((r) => ({
    id: r.prize.id,
    drawId: r.prize.drawId,
    giftItemId: r.prize.giftItemId,
    label: r.prize.label,
    probability: r.prize.probability,
    stock: r.prize.stock,
    won: r.prize.won,
    position: r.prize.position,
    color: r.prize.color,
    gift:
      r.prize.giftItemId && r.giftName !== null && r.giftType !== null
        ? {
            name: r.giftName,
            type: r.giftType,
            imageUrl: r.imageUrl ?? null,
            discountKind: (r.discountKind ?? null) as 'AMOUNT' | 'PERCENT' | null,
            discountValue: r.discountValue === null || r.discountValue === undefined ? null : Number(r.discountValue),
            minOrderValue: r.minOrderValue === null || r.minOrderValue === undefined ? null : Number(r.minOrderValue),
            conditions: r.conditions ?? null,
          }
        : null,
  }));
}

export async function selectDraw(db: DbOrTx, zmaAppId: string, id: string): Promise<DrawRow | null> {
  const [row] = await db.select().from(zmaDraws).where(and(eq(zmaDraws.zmaAppId, zmaAppId), eq(zmaDraws.id, id)));
  return row ?? null;
}

export async function selectDrawPage(db: DbOrTx, zmaAppId: string, q: { status?: ZmaStatus; limit: number; offset: number }) {
  const where = and(eq(zmaDraws.zmaAppId, zmaAppId), q.status ? eq(zmaDraws.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(zmaDraws).where(where).orderBy(desc(zmaDraws.createdAt), desc(zmaDraws.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(zmaDraws).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Open draws of an app at `now` (status ACTIVE, inside the schedule), oldest first. */
export async function selectOpenDraws(db: DbOrTx, zmaAppId: string, now: Date): Promise<DrawRow[]> {
  return db
    .select()
    .from(zmaDraws)
    .where(
      and(
        eq(zmaDraws.zmaAppId, zmaAppId),
        eq(zmaDraws.status, 'ACTIVE'),
        or(isNull(zmaDraws.startsAt), sql`${zmaDraws.startsAt} <= ${now.toISOString()}`),
        or(isNull(zmaDraws.endsAt), sql`${zmaDraws.endsAt} > ${now.toISOString()}`),
      ),
    )
    .orderBy(asc(zmaDraws.createdAt));
}

export async function selectDrawBranches(db: DbOrTx, drawIds: string[]) {
  if (drawIds.length === 0) return [];
  return db
    .select({ drawId: zmaBranchGames.drawId, id: zmaBranches.id, name: zmaBranches.name })
    .from(zmaBranchGames)
    .innerJoin(zmaBranches, eq(zmaBranches.id, zmaBranchGames.branchId))
    .where(inArray(zmaBranchGames.drawId, drawIds))
    .orderBy(asc(zmaBranches.name));
}

/** Spins and winning spins per draw. */
export async function selectSpinCounts(db: DbOrTx, drawIds: string[]) {
  if (drawIds.length === 0) return [];
  return db
    .select({ drawId: zmaSpins.drawId, spins: count(), winners: sql<number>`count(*) filter (where ${zmaSpins.outcome} = 'WIN')`.mapWith(Number) })
    .from(zmaSpins)
    .where(inArray(zmaSpins.drawId, drawIds))
    .groupBy(zmaSpins.drawId);
}

export async function insertDraw(tx: Tx, values: typeof zmaDraws.$inferInsert): Promise<DrawRow> {
  const [row] = await tx.insert(zmaDraws).values(values).returning();
  return row!;
}

export async function updateDrawRow(tx: Tx, zmaAppId: string, id: string, set: Partial<typeof zmaDraws.$inferInsert>): Promise<DrawRow | null> {
  const [row] = await tx
    .update(zmaDraws)
    // Every update may change what a spin reads (schedule, status, the prizes rewritten before it): a new version.
    .set({ ...set, updatedAt: new Date(), configVersion: sql`${zmaDraws.configVersion} + 1` })
    .where(and(eq(zmaDraws.zmaAppId, zmaAppId), eq(zmaDraws.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDrawRow(tx: Tx, zmaAppId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(zmaDraws).where(and(eq(zmaDraws.zmaAppId, zmaAppId), eq(zmaDraws.id, id))).returning({ id: zmaDraws.id });
  return rows.length > 0;
}

/** The draw's prizes locked, so a concurrent spin's `won` cannot move while the wheel is rewritten. */
export async function lockPrizes(tx: Tx, drawId: string) {
  return tx.select().from(zmaDrawPrizes).where(eq(zmaDrawPrizes.drawId, drawId)).orderBy(asc(zmaDrawPrizes.position)).for('update');
}

export async function insertPrizes(tx: Tx, values: (typeof zmaDrawPrizes.$inferInsert)[]) {
  if (values.length === 0) return;
  await tx.insert(zmaDrawPrizes).values(values);
}

export async function updatePrize(tx: Tx, id: string, set: Partial<typeof zmaDrawPrizes.$inferInsert>) {
  await tx.update(zmaDrawPrizes).set(set).where(eq(zmaDrawPrizes.id, id));
}

export async function deletePrizes(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(zmaDrawPrizes).where(inArray(zmaDrawPrizes.id, ids));
}

/** Draw ids of this app among `ids` (a gift prize or rule naming a draw of another app is refused). */
export async function existingDrawIds(db: DbOrTx, zmaAppId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: zmaDraws.id }).from(zmaDraws).where(and(eq(zmaDraws.zmaAppId, zmaAppId), inArray(zmaDraws.id, ids)));
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- rules

export async function selectRules(db: DbOrTx, zmaAppId: string, drawId?: string) {
  return db
    .select({ rule: zmaRules, drawName: zmaDraws.name })
    .from(zmaRules)
    .leftJoin(zmaDraws, eq(zmaDraws.id, zmaRules.drawId))
    .where(and(eq(zmaRules.zmaAppId, zmaAppId), drawId ? eq(zmaRules.drawId, drawId) : undefined))
    .orderBy(asc(zmaRules.createdAt), asc(zmaRules.id));
}

export async function selectRule(db: DbOrTx, zmaAppId: string, id: string) {
  const [row] = await db
    .select({ rule: zmaRules, drawName: zmaDraws.name })
    .from(zmaRules)
    .leftJoin(zmaDraws, eq(zmaDraws.id, zmaRules.drawId))
    .where(and(eq(zmaRules.zmaAppId, zmaAppId), eq(zmaRules.id, id)));
  return row ?? null;
}

/** The ACTIVE rules that govern one draw: its own and the app-wide ones (drawId null). */
export async function selectActiveRules(db: DbOrTx, zmaAppId: string, drawId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(zmaRules)
    .where(and(eq(zmaRules.zmaAppId, zmaAppId), eq(zmaRules.status, 'ACTIVE'), or(isNull(zmaRules.drawId), eq(zmaRules.drawId, drawId))));
}

/**
 * A rule of the app changed (created, edited, removed): every draw of the app gets a new configuration
 * version, so spins running on a cached configuration reload it (a rule may govern every draw, or move
 * from one draw to another).
 */
export async function bumpDrawVersions(tx: Tx, zmaAppId: string): Promise<void> {
  await tx.execute(sql`update zma_draws set config_version = config_version + 1 where zma_app_id = ${zmaAppId}`);
}

export async function insertRule(tx: Tx, values: typeof zmaRules.$inferInsert): Promise<RuleRow> {
  const [row] = await tx.insert(zmaRules).values(values).returning();
  return row!;
}

export async function updateRuleRow(tx: Tx, zmaAppId: string, id: string, set: Partial<typeof zmaRules.$inferInsert>): Promise<RuleRow | null> {
  const [row] = await tx
    .update(zmaRules)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(zmaRules.zmaAppId, zmaAppId), eq(zmaRules.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRuleRow(tx: Tx, zmaAppId: string, id: string): Promise<RuleRow | null> {
  const [row] = await tx.delete(zmaRules).where(and(eq(zmaRules.zmaAppId, zmaAppId), eq(zmaRules.id, id))).returning();
  return row ?? null;
}

// ---------------------------------------------------------------- turns and spins

/** Turns used in one draw and period (0 when the row does not exist). */
export async function selectUsed(db: DbOrTx, customerId: string, drawId: string, periodKey: string): Promise<number> {
  const [row] = await db
    .select({ used: zmaTurnUsage.used })
    .from(zmaTurnUsage)
    .where(and(eq(zmaTurnUsage.customerId, customerId), eq(zmaTurnUsage.drawId, drawId), eq(zmaTurnUsage.periodKey, periodKey)));
  return row?.used ?? 0;
}

/**
 * Takes one of the period's turns: a conditional upsert (`used < allowed`). The usage row is locked
 * until the transaction ends whether or not it was updated (ON CONFLICT DO UPDATE locks the row it
 * conflicts with), so one customer's spins on one draw run one after another. `used` is the new
 * count, or null when no period turn was left. The spin was decided on a cached configuration: the
 * upsert runs only while the draw still has `configVersion` (else nothing is written and `configOk`
 * is false: the caller re-reads).
 */
export async function takePeriodTurnChecked(
  tx: Tx,
  t: { zmaAppId: string; customerId: string; drawId: string; periodKey: string; allowed: number; configVersion: number },
): Promise<{ configOk: boolean; used: number | null }> {
  const r = await executePrepared(tx, sql`
    with cfg as (
      select 1 from zma_draws where id = ${t.drawId}::uuid and zma_app_id = ${t.zmaAppId}::uuid and config_version = ${t.configVersion}
    ), turn as (
      insert into zma_turn_usage as u (customer_id, draw_id, period_key, used)
      select ${t.customerId}::uuid, ${t.drawId}::uuid, ${t.periodKey}, ${t.allowed > 0 ? 1 : 0}::int where exists (select 1 from cfg)
      on conflict (customer_id, draw_id, period_key) do update set used = u.used + 1 where u.used < ${t.allowed}::int
      returning u.used
    )
    select exists (select 1 from cfg) as "configOk", (select used from turn where used > 0) as used`);
  const row = rowsOf<{ configOk: boolean; used: number | null }>(r)[0]!;
  return { configOk: row.configOk, used: row.used === null ? null : Number(row.used) };
}

/**
 * The last statement of a winning spin's transaction (ADR 0022): the prize's conditional stock take,
 * and — only when it took one — the WIN spin row. Answers the gift's current display fields, or null when the stock is gone
 * (the caller rolls the whole transaction back). The hot prize row is locked only from here to COMMIT.
 * `facts` adds the caller's own data-modifying CTEs (activity rows, the event), written only with the
 * spin row (`when`), and a `notify` expression the statement selects (ADR 0026: one round trip).
 */
export async function finishWin(
  tx: Tx,
  w: { spinId: string; zmaAppId: string; drawId: string; customerId: string; prizeId: string; giftCodeId: string; now: Date },
  facts: (when: SQL) => { ctes: SQL[]; notify: SQL },
): Promise<NonNullable<PrizeView['gift']> | null> {
  const extra = facts(sql`exists (select 1 from spin)`);
  const r = await executePrepared(tx, sql`
    with prize as (
      update zma_draw_prizes set won = won + 1 where id = ${w.prizeId}::uuid and (stock is null or won < stock) returning id, gift_item_id
    ), spin as (
      insert into zma_spins (id, zma_app_id, draw_id, customer_id, prize_id, gift_code_id, outcome, created_at)
      select ${w.spinId}::uuid, ${w.zmaAppId}::uuid, ${w.drawId}::uuid, ${w.customerId}::uuid, prize.id, ${w.giftCodeId}::uuid, 'WIN', ${w.now.toISOString()}::timestamptz from prize
      returning id
    )${sql.join(
      extra.ctes.map((c) => sql`, ${c}`),
      sql``,
    )}
    select i.name, i.type, i.image_url as "imageUrl", i.discount_kind as "discountKind", i.discount_value as "discountValue",
      i.min_order_value as "minOrderValue", i.conditions, ${extra.notify} as notified
    from prize join zma_gift_items i on i.id = prize.gift_item_id`);
  const g = rowsOf<{ name: string; type: 'ITEM' | 'VOUCHER'; imageUrl: string | null; discountKind: 'AMOUNT' | 'PERCENT' | null; discountValue: number | string | null; minOrderValue: number | string | null; conditions: string | null }>(r)[0];
  if (!g) return null;
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return { name: g.name, type: g.type, imageUrl: g.imageUrl, discountKind: g.discountKind, discountValue: num(g.discountValue), minOrderValue: num(g.minOrderValue), conditions: g.conditions };
}

/** Wins of a customer in a draw since a moment (GAME_RESULT). */
export async function countWinsSince(db: DbOrTx, customerId: string, drawId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(zmaSpins)
    .where(and(eq(zmaSpins.customerId, customerId), eq(zmaSpins.drawId, drawId), eq(zmaSpins.outcome, 'WIN'), sql`${zmaSpins.createdAt} >= ${since.toISOString()}`));
  return row?.n ?? 0;
}

export async function insertSpin(tx: Tx, values: typeof zmaSpins.$inferInsert): Promise<void> {
  await tx.insert(zmaSpins).values(values);
}

// ---------------------------------------------------------------- affiliate campaigns

export async function selectCampaignPage(db: DbOrTx, zmaAppId: string, q: { status?: ZmaStatus; limit: number; offset: number }) {
  const where = and(eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId), q.status ? eq(zmaAffiliateCampaigns.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ campaign: zmaAffiliateCampaigns, giftName: zmaGiftItems.name })
      .from(zmaAffiliateCampaigns)
      .leftJoin(zmaGiftItems, eq(zmaGiftItems.id, zmaAffiliateCampaigns.rewardGiftItemId))
      .where(where)
      .orderBy(desc(zmaAffiliateCampaigns.createdAt), desc(zmaAffiliateCampaigns.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(zmaAffiliateCampaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectCampaign(db: DbOrTx, zmaAppId: string, id: string) {
  const [row] = await db
    .select({ campaign: zmaAffiliateCampaigns, giftName: zmaGiftItems.name })
    .from(zmaAffiliateCampaigns)
    .leftJoin(zmaGiftItems, eq(zmaGiftItems.id, zmaAffiliateCampaigns.rewardGiftItemId))
    .where(and(eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId), eq(zmaAffiliateCampaigns.id, id)));
  return row ?? null;
}

/** The campaigns of the app running at `now` (ACTIVE, inside their dates), newest first. */
export async function selectRunningCampaigns(db: DbOrTx, zmaAppId: string, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(zmaAffiliateCampaigns)
    .where(
      and(
        eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId),
        eq(zmaAffiliateCampaigns.status, 'ACTIVE'),
        or(isNull(zmaAffiliateCampaigns.startsAt), sql`${zmaAffiliateCampaigns.startsAt} <= ${now.toISOString()}`),
        or(isNull(zmaAffiliateCampaigns.endsAt), sql`${zmaAffiliateCampaigns.endsAt} > ${now.toISOString()}`),
      ),
    )
    .orderBy(desc(zmaAffiliateCampaigns.createdAt));
}

/** Any campaign of the app, newest first (a rejected referral needs one to be recorded against). */
export async function selectLatestCampaign(db: DbOrTx, zmaAppId: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(zmaAffiliateCampaigns).where(eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId)).orderBy(desc(zmaAffiliateCampaigns.createdAt)).limit(1);
  return row ?? null;
}

export async function insertCampaign(tx: Tx, values: typeof zmaAffiliateCampaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(zmaAffiliateCampaigns).values(values).returning();
  return row!;
}

export async function updateCampaignRow(tx: Tx, zmaAppId: string, id: string, set: Partial<typeof zmaAffiliateCampaigns.$inferInsert>) {
  const [row] = await tx
    .update(zmaAffiliateCampaigns)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId), eq(zmaAffiliateCampaigns.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCampaignRow(tx: Tx, zmaAppId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await tx
    .delete(zmaAffiliateCampaigns)
    .where(and(eq(zmaAffiliateCampaigns.zmaAppId, zmaAppId), eq(zmaAffiliateCampaigns.id, id)))
    .returning();
  return row ?? null;
}

export async function selectReferralCounts(db: DbOrTx, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: zmaReferrals.campaignId,
      total: count(),
      rewarded: sql<number>`count(*) filter (where ${zmaReferrals.status} = 'REWARDED')`.mapWith(Number),
    })
    .from(zmaReferrals)
    .where(inArray(zmaReferrals.campaignId, campaignIds))
    .groupBy(zmaReferrals.campaignId);
}

export async function selectReferralPage(db: DbOrTx, zmaAppId: string, campaignId: string, q: { status?: 'REWARDED' | 'REJECTED'; limit: number; offset: number }) {
  const referred = sql`referred`;
  const where = and(eq(zmaReferrals.zmaAppId, zmaAppId), eq(zmaReferrals.campaignId, campaignId), q.status ? eq(zmaReferrals.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        referral: zmaReferrals,
        referrerName: zmaCustomers.name,
        referrerAvatar: zmaCustomers.avatar,
        referredName: sql<string | null>`(select name from zma_customers ${referred} where ${referred}.id = ${zmaReferrals.referredCustomerId})`,
        referredAvatar: sql<string | null>`(select avatar from zma_customers ${referred} where ${referred}.id = ${zmaReferrals.referredCustomerId})`,
      })
      .from(zmaReferrals)
      .innerJoin(zmaCustomers, eq(zmaCustomers.id, zmaReferrals.referrerCustomerId))
      .where(where)
      .orderBy(desc(zmaReferrals.createdAt), desc(zmaReferrals.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(zmaReferrals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Rewarded referrals of a referrer in a campaign (maxRewardsPerReferrer). */
export async function countRewarded(db: DbOrTx, campaignId: string, referrerCustomerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(zmaReferrals)
    .where(and(eq(zmaReferrals.campaignId, campaignId), eq(zmaReferrals.referrerCustomerId, referrerCustomerId), eq(zmaReferrals.status, 'REWARDED')));
  return row?.n ?? 0;
}

/** Records a referral unless this Zalo user already has one in the app (the unique index): the row, or null. */
export async function insertReferral(tx: Tx, values: typeof zmaReferrals.$inferInsert) {
  const [row] = await tx.insert(zmaReferrals).values(values).onConflictDoNothing({ target: [zmaReferrals.zmaAppId, zmaReferrals.referredZaloUserId] }).returning();
  return row ?? null;
}

/** A referrer customer of the app, or null (unknown or of another app). */
/**
 * Holds the referrer's row until the transaction ends, so the count of their rewarded referrals and the
 * new referral are one step: concurrent sign-ins through one link queue here instead of all passing the limit.
 */
export async function lockReferrer(tx: DbOrTx, customerId: string): Promise<void> {
  await tx.select({ id: zmaCustomers.id }).from(zmaCustomers).where(eq(zmaCustomers.id, customerId)).for('update');
}

export async function selectCustomerBrief(db: DbOrTx, zmaAppId: string, id: string) {
  const [row] = await db.select({ id: zmaCustomers.id, zaloUserId: zmaCustomers.zaloUserId }).from(zmaCustomers).where(and(eq(zmaCustomers.zmaAppId, zmaAppId), eq(zmaCustomers.id, id)));
  return row ?? null;
}

/** A draw by id alone (callers that hold a customer of its app: turnsFor). */
export async function selectDrawById(db: DbOrTx, id: string): Promise<DrawRow | null> {
  const [row] = await db.select().from(zmaDraws).where(eq(zmaDraws.id, id));
  return row ?? null;
}

/** What a spin needs, in one round trip: the draw's schedule, its prizes (with gift fields) and the rules governing it. */
export async function selectSpinConfig(db: DbOrTx, zmaAppId: string, drawId: string) {
  const r = await db.execute(sql`
    select d.id, d.status, d.starts_at as "startsAt", d.ends_at as "endsAt", d.config_version as "configVersion",
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'drawId', p.draw_id, 'giftItemId', p.gift_item_id, 'label', p.label, 'probability', p.probability, 'stock', p.stock,
          'won', p.won, 'position', p.position, 'color', p.color, 'giftName', i.name, 'giftType', i.type, 'imageUrl', i.image_url,
          'discountKind', i.discount_kind, 'discountValue', i.discount_value, 'minOrderValue', i.min_order_value, 'conditions', i.conditions
        ) order by p.position), '[]'::json)
        from zma_draw_prizes p left join zma_gift_items i on i.id = p.gift_item_id where p.draw_id = d.id) as prizes,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'drawId', r.draw_id, 'conditionType', r.condition_type, 'frequency', r.frequency, 'weekdays', r.weekdays, 'gender', r.gender, 'value', r.value
        )), '[]'::json)
        from zma_rules r where r.zma_app_id = d.zma_app_id and r.status = 'ACTIVE' and (r.draw_id is null or r.draw_id = d.id)) as rules
    from zma_draws d where d.zma_app_id = ${zmaAppId} and d.id = ${drawId}`);
  type RawPrize = Omit<PrizeView, 'gift'> & {
    giftName: string | null;
    giftType: 'ITEM' | 'VOUCHER' | null;
    imageUrl: string | null;
    discountKind: 'AMOUNT' | 'PERCENT' | null;
    discountValue: number | string | null;
    minOrderValue: number | string | null;
    conditions: string | null;
  };
  const row = rowsOf<{ id: string; status: ZmaStatus; startsAt: Date | string | null; endsAt: Date | string | null; configVersion: number; prizes: RawPrize[] | string; rules: RuleLikeRow[] | string }>(r)[0];
  if (!row) return null;
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const prizes: PrizeView[] = parse(row.prizes).map((p) => ({
    id: p.id,
    drawId: p.drawId,
    giftItemId: p.giftItemId,
    label: p.label,
    probability: p.probability,
    stock: p.stock,
    won: p.won,
    position: p.position,
    color: p.color,
    gift:
      p.giftItemId && p.giftName !== null && p.giftType !== null
        ? { name: p.giftName, type: p.giftType, imageUrl: p.imageUrl, discountKind: p.discountKind, discountValue: num(p.discountValue), minOrderValue: num(p.minOrderValue), conditions: p.conditions }
        : null,
  }));
  return { draw: { id: row.id, status: row.status, startsAt: date(row.startsAt), endsAt: date(row.endsAt) }, configVersion: Number(row.configVersion), prizes, rules: parse(row.rules) };
}

export type SpinConfig = NonNullable<Awaited<ReturnType<typeof selectSpinConfig>>>;

export interface NoPrizeSpin {
  spinId: string;
  zmaAppId: string;
  tenantId: string;
  drawId: string;
  /** The configuration version the spin was decided on: nothing is written when the draw has another. */
  configVersion: number;
  customerId: string;
  periodKey: string;
  /** Turns the plan grants in the period. */
  allowed: number;
  /** The slice the wheel stops on. */
  prizeId: string;
  now: Date;
  /** The SPIN activity row, written when the spin row is (the activity writer's set-based form). */
  activity: (when: SQL) => SQL;
}

/** The first CTEs of both one-statement spins: `cfg` (the draw still has the version the spin was decided on) and `cust` (the customer, of the app). */
function checkedSpin(s: Pick<NoPrizeSpin, 'drawId' | 'zmaAppId' | 'configVersion' | 'customerId'>): SQL {
  return sql`cfg as (
      select 1 from zma_draws where id = ${s.drawId}::uuid and zma_app_id = ${s.zmaAppId}::uuid and config_version = ${s.configVersion}
    ), cust as (
      select c.id, c.bonus_turns from zma_customers c where c.id = ${s.customerId}::uuid and c.zma_app_id = ${s.zmaAppId}::uuid and exists (select 1 from cfg)
    )`;
}

/**
 * A spin that wins nothing, in ONE statement (atomic on its own, no transaction; ADR 0022): the draw's
 * configuration version must still be the one the spin was decided on, the customer must be of the
 * app; then the period's conditional turn upsert (its row lock orders one customer's concurrent spins),
 * the spin row and its activity row, each only when the step before it wrote. Answers whether the
 * version matched, the customer's bonus turns (null: not a customer of the app) and the turn taken
 * (null: no period turn left — nothing but a `used = 0` usage row was written; the caller takes a
 * bonus turn in a transaction).
 */
export async function spinNoPrize(db: DbOrTx, s: NoPrizeSpin): Promise<{ configOk: boolean; bonusTurns: number | null; used: number | null }> {
  const r = await executePrepared(db, sql`
    with ${checkedSpin(s)}, turn as (
      insert into zma_turn_usage as u (customer_id, draw_id, period_key, used)
      select cust.id, ${s.drawId}::uuid, ${s.periodKey}, ${s.allowed > 0 ? 1 : 0}::int from cust
      on conflict (customer_id, draw_id, period_key) do update set used = u.used + 1 where u.used < ${s.allowed}::int
      returning u.used
    ), spin as (
      insert into zma_spins (id, zma_app_id, draw_id, customer_id, prize_id, gift_code_id, outcome, created_at)
      select ${s.spinId}::uuid, ${s.zmaAppId}::uuid, ${s.drawId}::uuid, ${s.customerId}::uuid, ${s.prizeId}::uuid, null, 'NO_PRIZE', ${s.now.toISOString()}::timestamptz
      from turn where turn.used > 0
      returning id
    ), act as (${s.activity(sql`exists (select 1 from spin)`)})
    select exists (select 1 from cfg) as "configOk", (select bonus_turns from cust) as "bonusTurns", (select used from turn where used > 0) as used`);
  const row = rowsOf<{ configOk: boolean; bonusTurns: number | null; used: number | null }>(r)[0]!;
  return { configOk: row.configOk, bonusTurns: row.bonusTurns === null ? null : Number(row.bonusTurns), used: row.used === null ? null : Number(row.used) };
}

export interface WinSpin extends Omit<NoPrizeSpin, 'activity' | 'prizeId'> {
  /** The slice the wheel stops on (a prize with a gift). */
  prizeId: string;
  /** The slice shown when the stock ran out meanwhile (a "no prize" one when the draw has one). */
  shownId: string;
  /** The gift code's allocation as CTEs (`allocationCtes` of the loyalty module), run only when `when` holds. */
  allocation: (when: SQL) => SQL;
  /** The spin's activity rows and event as CTEs, written with a WIN spin row (`won`) or a NO_PRIZE one (`lost`), and the event's NOTIFY. */
  facts: (cond: { won: SQL; lost: SQL }) => { ctes: SQL[]; notify: SQL };
}

type GiftView = NonNullable<PrizeView['gift']>;
export type WinOutcome =
  | { kind: 'WON'; used: number; bonusTurns: number; codeId: string; code: string; expiresAt: Date | string | null; gift: GiftView }
  /** The stock ran out since the snapshot: the turn was spent on a NO_PRIZE spin on the shown slice. */
  | { kind: 'SOLD_OUT'; used: number; bonusTurns: number }
  /** Nothing written: the version moved, the customer is not of the app, no period turn is left, or no code could be had. */
  | { kind: 'NOT_SPUN'; configOk: boolean; customer: boolean };

/**
 * A spin on a prize slice in ONE statement (ADR 0026), the same checks as `spinNoPrize` first: the
 * period's turn, then the prize's conditional stock take, the gift code's allocation, the spin row —
 * WIN with its code, or NO_PRIZE on the shown slice when the stock is gone — its activity rows and,
 * on a win, the event. A prize taken without a code (a minted code colliding twice) ends the statement
 * with `zc_abort`, so nothing stays written and the caller decides in a transaction.
 */
export async function spinWin(db: DbOrTx, s: WinSpin): Promise<WinOutcome> {
  const facts = s.facts({ won: sql`exists (select 1 from spin where outcome = 'WIN')`, lost: sql`exists (select 1 from spin where outcome = 'NO_PRIZE')` });
  const query = sql`
    with ${checkedSpin(s)}, turn as (
      insert into zma_turn_usage as u (customer_id, draw_id, period_key, used)
      select cust.id, ${s.drawId}::uuid, ${s.periodKey}, 1 from cust where ${s.allowed}::int > 0
      on conflict (customer_id, draw_id, period_key) do update set used = u.used + 1 where u.used < ${s.allowed}::int
      returning u.used
    ), prize as (
      update zma_draw_prizes set won = won + 1 where id = ${s.prizeId}::uuid and (stock is null or won < stock) and exists (select 1 from turn)
      returning id, gift_item_id
    ), ${s.allocation(sql`exists (select 1 from prize)`)}, spin as (
      insert into zma_spins (id, zma_app_id, draw_id, customer_id, prize_id, gift_code_id, outcome, created_at)
      select ${s.spinId}::uuid, ${s.zmaAppId}::uuid, ${s.drawId}::uuid, ${s.customerId}::uuid, coalesce(prize.id, ${s.shownId}::uuid), g.id,
        case when prize.id is null then 'NO_PRIZE' else 'WIN' end, ${s.now.toISOString()}::timestamptz
      from turn left join prize on true left join alloc_got g on true
      where prize.id is null or g.id is not null
      returning id, outcome
    )${sql.join(
      facts.ctes.map((c) => sql`, ${c}`),
      sql``,
    )}
    select exists (select 1 from cfg) as "configOk", exists (select 1 from cust) as customer, (select bonus_turns from cust) as "bonusTurns",
      (select used from turn) as used, exists (select 1 from prize) as "prizeTaken",
      case when exists (select 1 from prize) and not exists (select 1 from alloc_got) then zc_abort('no gift code') end as aborted,
      g.id as "codeId", g.code, g.expires_at as "expiresAt", i.name, i.type, i.image_url as "imageUrl", i.discount_kind as "discountKind",
      i.discount_value as "discountValue", i.min_order_value as "minOrderValue", i.conditions, ${facts.notify} as notified
    from (select 1) as one left join alloc_got g on true left join prize on true left join zma_gift_items i on i.id = prize.gift_item_id`;
  let row: {
    configOk: boolean;
    customer: boolean;
    bonusTurns: number | null;
    used: number | null;
    prizeTaken: boolean;
    codeId: string | null;
    code: string | null;
    expiresAt: Date | string | null;
    name: string;
    type: 'ITEM' | 'VOUCHER';
    imageUrl: string | null;
    discountKind: 'AMOUNT' | 'PERCENT' | null;
    discountValue: number | string | null;
    minOrderValue: number | string | null;
    conditions: string | null;
  };
  try {
    row = rowsOf<typeof row>(await executePrepared(db, query))[0]!;
  } catch (e) {
    if (zcAborted(e)) return { kind: 'NOT_SPUN', configOk: true, customer: true };
    throw e;
  }
  if (row.used === null) return { kind: 'NOT_SPUN', configOk: row.configOk, customer: row.customer };
  const used = Number(row.used);
  const bonusTurns = Number(row.bonusTurns ?? 0);
  if (!row.prizeTaken || row.codeId === null || row.code === null) return { kind: 'SOLD_OUT', used, bonusTurns };
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    kind: 'WON',
    used,
    bonusTurns,
    codeId: row.codeId,
    code: row.code,
    expiresAt: row.expiresAt,
    gift: { name: row.name, type: row.type, imageUrl: row.imageUrl, discountKind: row.discountKind, discountValue: num(row.discountValue), minOrderValue: num(row.minOrderValue), conditions: row.conditions },
  };
}

export interface RuleLikeRow {
  id: string;
  drawId: string | null;
  conditionType: RuleRow['conditionType'];
  frequency: RuleRow['frequency'];
  weekdays: number[];
  gender: RuleRow['gender'];
  value: number;
}
