/**
 * The lucky-draw module's face (issue 14 #6, #7; ADR 0022): draws and prizes, play rules and their
 * tester, turns, spins, affiliate campaigns. Other modules import from here only.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  AffiliateCampaignBody,
  CreateDrawBody,
  Draw,
  DrawPrizeInput,
  OpenDraw,
  PlayReasonCode,
  ReferralRejectReason,
  RuleBody,
  RuleTestResult,
  SpinResult,
  UpdateAffiliateCampaignBody,
  UpdateDrawBody,
  UpdateRuleBody,
} from '@zc/shared/api/zma-draw';
import { ZMA_PROBABILITY_SCALE, type ZmaStatus } from '@zc/shared/api/zma';
import type { CustomerGift } from '@zc/shared/api/zma-loyalty';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEventSql } from '../../platform/events';
import { recordZmaActivity, zmaActivityInsertFromSql, zmaActivityInsertSql } from '../mini-apps/service';
import { findCustomer, grantBonusTurns, spendBonusTurn, type CustomerRef } from '../zma-customers/service';
import { allocateGiftCode, allocationCtes, countUnusedCodes, findGiftItems, iso, randomCodes } from '../zma-loyalty/service';
import { cryptoTicket, pickSlice } from './pick';
import { presentCampaign, presentDraw, presentReferral, presentRule } from './presenter';
import * as repo from './repo';
import { judgePlay, planPlay, type PlayPlan, type Reason, type RuleLike } from './rules';

/** The mini app a console call acts on (x-zma-id, checked by the access hook) and who acts. */
export interface ZmaActor {
  zmaAppId: string;
  tenantId: string;
  userId: string | null;
}

const invalid = (path: string, message: string, code = 'invalid') => new AppError('ZMA_DRAW_INVALID', message, { fields: [{ path, code, message }] });

// ================================================================= draws

async function drawViews(db: DbOrTx, rows: repo.DrawRow[]): Promise<Draw[]> {
  const ids = rows.map((r) => r.id);
  const [prizes, branches, counts] = await Promise.all([repo.selectPrizes(db, ids), repo.selectDrawBranches(db, ids), repo.selectSpinCounts(db, ids)]);
  return rows.map((d) =>
    presentDraw(
      d,
      prizes.filter((p) => p.drawId === d.id),
      branches.filter((b) => b.drawId === d.id),
      counts.find((c) => c.drawId === d.id) ?? { spins: 0, winners: 0 },
    ),
  );
}

export async function listDraws(db: Db, zmaAppId: string, q: { status?: ZmaStatus; page: number; pageSize: number }) {
  const { rows, total } = await repo.selectDrawPage(db, zmaAppId, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: await drawViews(db, rows), total };
}

export async function getDraw(db: DbOrTx, zmaAppId: string, id: string): Promise<Draw> {
  const row = await repo.selectDraw(db, zmaAppId, id);
  if (!row) throw notFound();
  return (await drawViews(db, [row]))[0]!;
}

function checkSchedule(startsAt: string | null | undefined, endsAt: string | null | undefined): void {
  if (startsAt && endsAt && new Date(endsAt).getTime() <= new Date(startsAt).getTime()) throw invalid('body.endsAt', 'must be after startsAt');
}

/**
 * The wheel's rules (ADR 0022): probabilities sum to exactly 1,000,000 ppm; stock ≥ 0 and never below
 * what was already won; a gift slice names an ACTIVE gift item of this mini app.
 */
async function checkPrizes(db: DbOrTx, zmaAppId: string, prizes: DrawPrizeInput[], wonById: Map<string, number>): Promise<void> {
  const sum = prizes.reduce((s, p) => s + p.probability, 0);
  if (sum !== ZMA_PROBABILITY_SCALE) {
    throw invalid('body.prizes', `probabilities must sum to ${ZMA_PROBABILITY_SCALE} (100 %), got ${sum}`, 'probability_sum');
  }
  prizes.forEach((p, i) => {
    if (p.stock !== null && p.stock < 0) throw invalid(`body.prizes.${i}.stock`, 'must not be negative', 'negative');
    if (p.id !== undefined) {
      if (!wonById.has(p.id)) throw invalid(`body.prizes.${i}.id`, 'is not a prize of this draw', 'unknown');
      const won = wonById.get(p.id) ?? 0;
      if (p.giftItemId !== null && p.stock !== null && p.stock < won) throw invalid(`body.prizes.${i}.stock`, `must not be below the ${won} already won`, 'below_won');
    }
  });
  const seen = new Set<string>();
  prizes.forEach((p, i) => {
    if (p.id === undefined) return;
    if (seen.has(p.id)) throw invalid(`body.prizes.${i}.id`, 'is named twice', 'duplicate');
    seen.add(p.id);
  });
  const giftIds = prizes.flatMap((p) => (p.giftItemId ? [p.giftItemId] : []));
  const items = new Map((await findGiftItems(db, zmaAppId, giftIds)).map((g) => [g.id, g]));
  prizes.forEach((p, i) => {
    if (!p.giftItemId) return;
    const item = items.get(p.giftItemId);
    if (!item) throw invalid(`body.prizes.${i}.giftItemId`, 'is not a gift of this mini app', 'unknown');
    if (item.status !== 'ACTIVE') throw invalid(`body.prizes.${i}.giftItemId`, 'is not an active gift', 'inactive');
  });
}

function prizeValues(drawId: string, zmaAppId: string, p: DrawPrizeInput, position: number) {
  return {
    drawId,
    zmaAppId,
    giftItemId: p.giftItemId,
    label: p.label,
    probability: p.probability,
    // A "no prize" slice has no stock: it is unlimited.
    stock: p.giftItemId === null ? null : p.stock,
    position,
    color: p.color ?? null,
  };
}

export async function createDraw(tx: Tx, actor: ZmaActor, body: CreateDrawBody): Promise<Draw> {
  checkSchedule(body.startsAt, body.endsAt);
  await checkPrizes(tx, actor.zmaAppId, body.prizes, new Map());
  const draw = await repo.insertDraw(tx, {
    zmaAppId: actor.zmaAppId,
    tenantId: actor.tenantId,
    name: body.name,
    description: body.description ?? null,
    status: body.status ?? 'ACTIVE',
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    look: { ...body.look, backgroundUrl: body.look.backgroundUrl ?? null },
    createdBy: actor.userId,
  });
  await repo.insertPrizes(tx, body.prizes.map((p, i) => prizeValues(draw.id, actor.zmaAppId, p, i)));
  return getDraw(tx, actor.zmaAppId, draw.id);
}

export async function updateDraw(tx: Tx, actor: ZmaActor, id: string, body: UpdateDrawBody): Promise<{ before: Draw; after: Draw }> {
  const before = await getDraw(tx, actor.zmaAppId, id);
  const startsAt = body.startsAt !== undefined ? body.startsAt : before.startsAt;
  const endsAt = body.endsAt !== undefined ? body.endsAt : before.endsAt;
  checkSchedule(startsAt, endsAt);
  if (body.prizes) {
    const locked = await repo.lockPrizes(tx, id);
    const wonById = new Map(locked.map((p) => [p.id, p.won]));
    await checkPrizes(tx, actor.zmaAppId, body.prizes, wonById);
    const kept = new Set(body.prizes.flatMap((p) => (p.id ? [p.id] : [])));
    await repo.deletePrizes(tx, locked.filter((p) => !kept.has(p.id)).map((p) => p.id));
    const fresh: ReturnType<typeof prizeValues>[] = [];
    for (const [i, p] of body.prizes.entries()) {
      const values = prizeValues(id, actor.zmaAppId, p, i);
      if (p.id) await repo.updatePrize(tx, p.id, values);
      else fresh.push(values);
    }
    await repo.insertPrizes(tx, fresh);
  }
  const set: Parameters<typeof repo.updateDrawRow>[3] = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.status !== undefined) set.status = body.status;
  if (body.startsAt !== undefined) set.startsAt = body.startsAt ? new Date(body.startsAt) : null;
  if (body.endsAt !== undefined) set.endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (body.look !== undefined) set.look = { ...body.look, backgroundUrl: body.look.backgroundUrl ?? null };
  if (!(await repo.updateDrawRow(tx, actor.zmaAppId, id, set))) throw notFound();
  return { before, after: await getDraw(tx, actor.zmaAppId, id) };
}

export async function deleteDraw(tx: Tx, actor: ZmaActor, id: string): Promise<Draw> {
  const before = await getDraw(tx, actor.zmaAppId, id);
  if (!(await repo.deleteDrawRow(tx, actor.zmaAppId, id))) throw notFound();
  return before;
}

function isOpen(d: { status: ZmaStatus; startsAt: Date | null; endsAt: Date | null }, now: Date): { open: true } | { open: false; reason: 'INACTIVE' | 'NOT_STARTED' | 'ENDED'; at: Date | null } {
  if (d.status !== 'ACTIVE') return { open: false, reason: 'INACTIVE', at: null };
  if (d.startsAt && now < d.startsAt) return { open: false, reason: 'NOT_STARTED', at: d.startsAt };
  if (d.endsAt && now >= d.endsAt) return { open: false, reason: 'ENDED', at: d.endsAt };
  return { open: true };
}

/** The draws a customer can play now (the mini app's home screen). */
export async function listOpenDraws(db: DbOrTx, zmaAppId: string, now: Date = new Date()): Promise<OpenDraw[]> {
  const rows = await repo.selectOpenDraws(db, zmaAppId, now);
  const prizes = await repo.selectPrizes(db, rows.map((r) => r.id));
  return rows.map((d) => {
    const view = presentDraw(d, prizes.filter((p) => p.drawId === d.id), [], { spins: 0, winners: 0 });
    return {
      id: view.id,
      name: view.name,
      description: view.description,
      look: view.look,
      prizes: view.prizes.map((p) => ({ id: p.id, label: p.label, color: p.color, position: p.position })),
      opensAt: view.startsAt,
      closesAt: view.endsAt,
    };
  });
}

// ================================================================= rules

async function checkRule(db: DbOrTx, zmaAppId: string, r: { drawId: string | null; conditionType: string; value: number; weekdays: number[] }): Promise<void> {
  if (r.drawId && !(await repo.existingDrawIds(db, zmaAppId, [r.drawId])).has(r.drawId)) throw invalid('body.drawId', 'is not a lucky draw of this mini app', 'unknown');
  if ((r.conditionType === 'GAME_RESULT' || r.conditionType === 'GIFT_USAGE') && r.value < 1) throw invalid('body.value', `must be at least 1 for ${r.conditionType}`, 'too_small');
  if (new Set(r.weekdays).size !== r.weekdays.length) throw invalid('body.weekdays', 'names a weekday twice', 'duplicate');
}

export async function listRules(db: DbOrTx, zmaAppId: string, drawId?: string) {
  return (await repo.selectRules(db, zmaAppId, drawId)).map((r) => presentRule(r.rule, r.drawName));
}

export async function getRule(db: DbOrTx, zmaAppId: string, id: string) {
  const row = await repo.selectRule(db, zmaAppId, id);
  if (!row) throw notFound();
  return presentRule(row.rule, row.drawName);
}

export async function createRule(tx: Tx, actor: ZmaActor, body: RuleBody) {
  const drawId = body.drawId ?? null;
  await checkRule(tx, actor.zmaAppId, { ...body, drawId });
  const row = await repo.insertRule(tx, { ...body, drawId, weekdays: [...body.weekdays].sort(), zmaAppId: actor.zmaAppId, tenantId: actor.tenantId });
  await repo.bumpDrawVersions(tx, actor.zmaAppId);
  return getRule(tx, actor.zmaAppId, row.id);
}

export async function updateRule(tx: Tx, actor: ZmaActor, id: string, body: UpdateRuleBody) {
  const before = await getRule(tx, actor.zmaAppId, id);
  const merged = { drawId: body.drawId !== undefined ? body.drawId : before.drawId, conditionType: body.conditionType ?? before.conditionType, value: body.value ?? before.value, weekdays: body.weekdays ?? before.weekdays };
  await checkRule(tx, actor.zmaAppId, merged);
  const set = { ...body, ...(body.weekdays ? { weekdays: [...body.weekdays].sort() } : {}) };
  if (!(await repo.updateRuleRow(tx, actor.zmaAppId, id, set))) throw notFound();
  await repo.bumpDrawVersions(tx, actor.zmaAppId);
  return { before, after: await getRule(tx, actor.zmaAppId, id) };
}

export async function deleteRule(tx: Tx, actor: ZmaActor, id: string) {
  const before = await getRule(tx, actor.zmaAppId, id);
  await repo.deleteRuleRow(tx, actor.zmaAppId, id);
  await repo.bumpDrawVersions(tx, actor.zmaAppId);
  return before;
}

// ================================================================= turns, tester, spin

interface Judged {
  plan: PlayPlan;
  allowed: boolean;
  turnsLeft: number;
  periodLeft: number;
  used: number;
  reasons: Reason[];
}

async function judge(db: DbOrTx, zmaAppId: string, drawId: string, customer: CustomerRef, now: Date): Promise<Judged> {
  const rules = await repo.selectActiveRules(db, zmaAppId, drawId);
  const plan = planPlay(rules, customer, now);
  const [used, wins, unusedGifts] = await Promise.all([
    repo.selectUsed(db, customer.id, drawId, plan.periodKey),
    plan.winLimit ? repo.countWinsSince(db, customer.id, drawId, plan.winLimit.since) : Promise.resolve(0),
    plan.giftLimit ? countUnusedCodes(db, customer.id, now) : Promise.resolve(0),
  ]);
  const verdict = judgePlay(plan, { used, bonusTurns: customer.bonusTurns, wins, unusedGifts });
  return { plan, used, ...verdict };
}

/** Turns a customer has left in a draw now (0 when the draw is closed or a rule refuses). */
export async function turnsFor(db: DbOrTx, input: { drawId: string; customerId: string; now?: Date }): Promise<number> {
  const now = input.now ?? new Date();
  const draw = await repo.selectDrawById(db, input.drawId);
  if (!draw || !isOpen(draw, now).open) return 0;
  const customer = await findCustomer(db, draw.zmaAppId, input.customerId);
  if (!customer) return 0;
  return (await judge(db, draw.zmaAppId, draw.id, customer, now)).turnsLeft;
}

const notOpenMessage: Record<'INACTIVE' | 'NOT_STARTED' | 'ENDED', string> = {
  INACTIVE: 'The lucky draw is switched off',
  NOT_STARTED: 'The lucky draw has not started yet',
  ENDED: 'The lucky draw has ended',
};

/** The rule tester (POST /rule/test): may this customer play this draw at `at`, and why not. */
export async function testRules(db: DbOrTx, zmaAppId: string, input: { drawId: string; customerId: string; at?: string }): Promise<RuleTestResult> {
  const now = input.at ? new Date(input.at) : new Date();
  const draw = await repo.selectDraw(db, zmaAppId, input.drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'Lucky draw not found', { fields: [{ path: 'body.drawId', code: 'not_found', message: 'is not a lucky draw of this mini app' }] });
  const customer = await findCustomer(db, zmaAppId, input.customerId);
  if (!customer) throw new AppError('NOT_FOUND', 'Customer not found', { fields: [{ path: 'body.customerId', code: 'not_found', message: 'is not a customer of this mini app' }] });
  const j = await judge(db, zmaAppId, draw.id, customer, now);
  const open = isOpen(draw, now);
  const reasons = open.open ? j.reasons : [{ ruleId: null, code: 'NOT_OPEN' as PlayReasonCode, message: notOpenMessage[open.reason] }, ...j.reasons];
  return {
    allowed: open.open && j.allowed,
    turnsLeft: open.open ? j.turnsLeft : 0,
    periodTurns: { allowed: j.plan.allowed, used: j.used, periodKey: j.plan.periodKey },
    bonusTurns: customer.bonusTurns,
    reasons,
  };
}

export interface SpinInput {
  zmaAppId: string;
  tenantId: string;
  drawId: string;
  customerId: string;
  now?: Date;
}

// ---------------------------------------------------------------- the spin's configuration cache

/**
 * The draw configuration a spin reads (draw, prizes, rules), kept in process per draw. It is never
 * trusted blindly: every spin statement checks `zma_draws.config_version`, which each change of the
 * draw, its prizes or the app's rules bumps (repo.updateDrawRow, repo.bumpDrawVersions); on a mismatch
 * nothing is written and the spin reloads. A win always re-reads it (fresh stock and gift fields).
 */
const configCache = new Map<string, repo.SpinConfig>();
const CONFIG_CACHE_MAX = 1000;

async function loadConfig(db: DbOrTx, zmaAppId: string, drawId: string): Promise<repo.SpinConfig | null> {
  const key = `${zmaAppId}:${drawId}`;
  const config = await repo.selectSpinConfig(db, zmaAppId, drawId);
  configCache.delete(key);
  if (!config) return null;
  if (configCache.size >= CONFIG_CACHE_MAX) configCache.delete(configCache.keys().next().value!);
  configCache.set(key, config);
  return config;
}

/** Whether a plan can be made without the customer: no rule looks at gender or at a shared phone. */
function rulesIgnoreCustomer(rules: readonly RuleLike[]): boolean {
  return rules.every((r) => r.gender === 'none' && r.conditionType !== 'INFO_NOT_SHARED');
}
const ANY_PLAYER = { gender: 'none' as const, phone: '' };

/**
 * One spin, decided on the server (ADR 0022): the draw must be open; the rules must allow play; a
 * turn is taken atomically (the period's conditional upsert, else one bonus turn); the slice is drawn
 * with crypto randomness over the configured probabilities (one ticket per spin, kept if the
 * configuration must be re-read); a gift slice takes one of its stock with a conditional UPDATE (none
 * left → NO_PRIZE) and a code is allocated.
 *
 * A spin that wins nothing and needs no counted limit (the common case) is ONE statement on the cached
 * configuration (`repo.spinNoPrize`); a win, a bonus turn or a GAME_RESULT / GIFT_USAGE rule take the
 * transaction (`spinTx`) on a freshly read configuration.
 */
export async function spin(db: Db, input: SpinInput): Promise<SpinResult> {
  const now = input.now ?? new Date();
  const ticket = cryptoTicket();
  let config = configCache.get(`${input.zmaAppId}:${input.drawId}`) ?? null;
  let fresh = false;
  let customer: CustomerRef | null = null;
  for (let attempt = 0; ; attempt += 1) {
    if (!config || (attempt > 0 && !fresh)) {
      config = await loadConfig(db, input.zmaAppId, input.drawId);
      fresh = true;
    }
    if (!config) throw notFound();
    const { draw, prizes, rules } = config;
    // A refusal read from the cached copy is confirmed on a fresh read first (the console may have changed it).
    const open = isOpen(draw, now);
    if (!open.open || prizes.length === 0) {
      if (!fresh) continue;
      if (!open.open) throw new AppError('ZMA_DRAW_NOT_OPEN', notOpenMessage[open.reason], { reason: open.reason, at: open.at?.toISOString() ?? null });
      throw new AppError('ZMA_DRAW_NOT_OPEN', 'The lucky draw has no prizes', { reason: 'NO_PRIZES', at: null });
    }
    const needCustomer = !rulesIgnoreCustomer(rules);
    if (needCustomer && !customer) {
      customer = await findCustomer(db, input.zmaAppId, input.customerId);
      if (!customer) throw notFound();
    }
    const plan = planPlay(rules, needCustomer ? customer! : ANY_PLAYER, now);
    if (plan.refusals.length > 0) {
      if (!fresh) continue;
      throw refusal(plan.refusals[0]!);
    }

    const slice = prizes[pickSlice(prizes, ticket)]!;
    // A prize already sold out in the snapshot is not tried (won only grows; a raised stock bumps the version).
    const tryWin = slice.giftItemId !== null && slice.gift !== null && (slice.stock === null || slice.won < slice.stock);
    const counted = plan.winLimit !== null || plan.giftLimit !== null;
    if (!tryWin && !counted) {
      const r = await noPrizeStatement(db, input, now, config, plan, slice);
      if (r.result) return r.result;
      if (!r.configOk) {
        // Changed since it was read: nothing was written; re-read, then the same ticket on what is there now.
        // (A draw changing on every read is served by the transaction below on the latest read.)
        if (!fresh || attempt < 3) {
          fresh = false;
          continue;
        }
      } else if (r.bonusTurns === null) {
        throw notFound();
      }
      // No period turn left: a bonus turn, in the transaction (the statement wrote nothing but a used = 0 row).
      // A "no turns" answer is given by the transaction, on the configuration just checked.
    }
    if (tryWin && !counted) {
      const r = await winStatement(db, input, now, config, plan, slice, prizes.find((p) => p.giftItemId === null) ?? slice);
      if (r.result) return r.result;
      if (!r.configOk) {
        if (!fresh || attempt < 3) {
          fresh = false;
          continue;
        }
      } else if (!r.customer) {
        throw notFound();
      }
      // Nothing written: no period turn left (a bonus turn), or no code could be had: the transaction decides.
    }
    customer ??= await findCustomer(db, input.zmaAppId, input.customerId);
    if (!customer) throw notFound();
    const ctx: SpinCtx = { input, now, customer, plan, prizes, slice, drawId: draw.id, configVersion: config.configVersion };
    try {
      if (!tryWin) return await spinTx(db, ctx, false);
      try {
        return await spinTx(db, ctx, true);
      } catch (e) {
        if (!(e instanceof SoldOut)) throw e;
        // The stock ran out between the snapshot and the take: the whole attempt rolled back; the same slice, without its prize.
        if (slice.stock !== null) slice.won = Math.max(slice.won, slice.stock); // later spins of this process skip it
        if (!counted) {
          const shown = prizes.find((p) => p.giftItemId === null) ?? slice;
          const r = await noPrizeStatement(db, input, now, config, plan, shown);
          if (r.result) return r.result;
        }
        return await spinTx(db, ctx, false);
      }
    } catch (e) {
      if (!(e instanceof ConfigChanged) || attempt >= 3) throw e;
      fresh = false; // the transaction wrote nothing: re-read, then the same ticket on what is there now
    }
  }
}

/** What both one-statement spins tell the repo about the spin, and the common fields of their activity rows. */
function statementSpin(input: SpinInput, now: Date, config: repo.SpinConfig, plan: PlayPlan) {
  const spin = {
    spinId: randomUUID(),
    zmaAppId: input.zmaAppId,
    tenantId: input.tenantId,
    drawId: input.drawId,
    configVersion: config.configVersion,
    customerId: input.customerId,
    periodKey: plan.periodKey,
    allowed: plan.allowed,
    now,
  };
  return { spin, base: { zmaAppId: input.zmaAppId, tenantId: input.tenantId, customerId: input.customerId, drawId: input.drawId } };
}

/** The one-statement NO_PRIZE spin (repo.spinNoPrize) and, when it took a period turn, its answer. */
async function noPrizeStatement(db: Db, input: SpinInput, now: Date, config: repo.SpinConfig, plan: PlayPlan, slice: repo.PrizeView) {
  const { spin, base } = statementSpin(input, now, config, plan);
  const { spinId } = spin;
  const r = await repo.spinNoPrize(db, {
    ...spin,
    prizeId: slice.id,
    // The SPIN row of a spin that wins nothing; no event (it changes nothing an open page shows).
    activity: (when) => zmaActivityInsertSql({ ...base, kind: 'SPIN', detail: { spinId, outcome: 'NO_PRIZE', prizeId: slice.id, label: slice.label, bonusTurn: false } }, when),
  });
  const result: SpinResult | null =
    r.configOk && r.bonusTurns !== null && r.used !== null
      ? {
          spinId,
          outcome: 'NO_PRIZE',
          prize: { id: slice.id, label: slice.label, position: slice.position, color: slice.color },
          gift: null,
          turnsLeft: Math.max(0, plan.allowed - r.used) + Math.max(0, r.bonusTurns),
        }
      : null;
  return { ...r, result };
}

/** The one-statement spin on a prize slice (repo.spinWin) and, when it spun, its answer. */
async function winStatement(db: Db, input: SpinInput, now: Date, config: repo.SpinConfig, plan: PlayPlan, slice: repo.PrizeView, shown: repo.PrizeView) {
  const { spin, base } = statementSpin(input, now, config, plan);
  const { spinId } = spin;
  const giftItemId = slice.giftItemId!;
  const r = await repo.spinWin(db, {
    ...spin,
    prizeId: slice.id,
    shownId: shown.id,
    allocation: (when) => allocationCtes({ zmaAppId: input.zmaAppId, tenantId: input.tenantId, giftItemId, customerId: input.customerId, spinId, now, mint: randomCodes(1)[0]! }, when),
    facts: ({ won, lost }) => {
      const announce = emitEventSql('announce', { type: 'zma.activity', tenantId: input.tenantId, data: { zmaAppId: input.zmaAppId, kind: 'GIFT_WON', branchId: null, customerId: input.customerId } }, won);
      return {
        ctes: [
          sql`won_spin_activity as (${zmaActivityInsertSql({ ...base, kind: 'SPIN', detail: { spinId, outcome: 'WIN', prizeId: slice.id, label: slice.label, bonusTurn: false } }, won)})`,
          sql`lost_spin_activity as (${zmaActivityInsertSql({ ...base, kind: 'SPIN', detail: { spinId, outcome: 'NO_PRIZE', prizeId: shown.id, label: shown.label, bonusTurn: false } }, lost)})`,
          sql`won_activity as (${zmaActivityInsertFromSql(
            { ...base, kind: 'GIFT_WON', giftItemId },
            { from: sql`alloc_got where ${won}`, giftCodeId: sql`alloc_got.id`, detail: sql`jsonb_build_object('spinId', ${spinId}::text, 'code', alloc_got.code, 'prizeId', ${slice.id}::text, 'label', ${slice.label}::text)` },
          )})`,
          announce.cte,
        ],
        notify: announce.notify,
      };
    },
  });
  if (r.kind === 'NOT_SPUN') return { configOk: r.configOk, customer: r.customer, result: null };
  const turnsLeft = Math.max(0, plan.allowed - r.used) + Math.max(0, r.bonusTurns);
  if (r.kind === 'SOLD_OUT') {
    // The stock ran out since the snapshot: the same ticket stopped on the shown slice; later spins of this process skip the prize.
    if (slice.stock !== null) slice.won = Math.max(slice.won, slice.stock);
    const result: SpinResult = { spinId, outcome: 'NO_PRIZE', prize: { id: shown.id, label: shown.label, position: shown.position, color: shown.color }, gift: null, turnsLeft };
    return { configOk: true, customer: true, result };
  }
  const result: SpinResult = {
    spinId,
    outcome: 'WIN',
    prize: { id: slice.id, label: slice.label, position: slice.position, color: slice.color },
    gift: { codeId: r.codeId, code: r.code, status: 'ALLOCATED', ...r.gift, expiresAt: iso(r.expiresAt), assignedAt: now.toISOString(), usedAt: null, branchName: null },
    turnsLeft,
  };
  return { configOk: true, customer: true, result };
}

class SoldOut extends Error {}
/** The draw's configuration version moved since the spin read it (the transaction rolled back). */
class ConfigChanged extends Error {}

interface SpinCtx {
  input: SpinInput;
  now: Date;
  customer: CustomerRef;
  plan: PlayPlan;
  prizes: repo.PrizeView[];
  slice: repo.PrizeView;
  drawId: string;
  configVersion: number;
}

/**
 * One spin's transaction. The turn first: its row lock orders this customer's spins on this draw, so
 * the win and gift limits are read after any concurrent spin of theirs committed. A win takes the
 * prize's stock LAST (the conditional UPDATE), so the draw's hot prize row is locked only for that
 * statement and the commit; no row → SoldOut rolls everything back (the code allocation included).
 */
async function spinTx(db: Db, ctx: SpinCtx, win: boolean): Promise<SpinResult> {
  const { input, now, customer, plan, prizes, slice, drawId } = ctx;
  return db.transaction(async (tx) => {
    const turn = await repo.takePeriodTurnChecked(tx, { zmaAppId: input.zmaAppId, customerId: customer.id, drawId, periodKey: plan.periodKey, allowed: plan.allowed, configVersion: ctx.configVersion });
    if (!turn.configOk) throw new ConfigChanged();
    const usedNow = turn.used;
    let bonusSpent = false;
    if (usedNow === null) {
      bonusSpent = await spendBonusTurn(tx, customer.id);
      if (!bonusSpent) {
        const limit = plan.limits[0];
        throw new AppError('ZMA_NO_TURNS', limit?.message ?? `No turns left; new turns from ${plan.nextPeriodAt.toISOString()}`, {
          reason: limit?.code ?? 'NO_TURNS',
          ruleId: limit?.ruleId ?? plan.turnRuleId,
          nextTurnsAt: plan.nextPeriodAt.toISOString(),
        });
      }
    }
    if (plan.winLimit || plan.giftLimit) {
      const [wins, unusedGifts] = await Promise.all([
        plan.winLimit ? repo.countWinsSince(tx, customer.id, drawId, plan.winLimit.since) : Promise.resolve(0),
        plan.giftLimit ? countUnusedCodes(tx, customer.id, now) : Promise.resolve(0),
      ]);
      const verdict = judgePlay(plan, { used: 0, bonusTurns: 1, wins, unusedGifts });
      const refused = verdict.reasons.find((r) => r.code === 'WIN_LIMIT' || r.code === 'UNUSED_GIFTS');
      if (refused) throw refusal(refused);
    }

    const spinId = randomUUID();
    // A gift slice that could not be won: the wheel stops on a "no prize" slice when there is one (ADR 0022).
    const shown = win || slice.giftItemId === null ? slice : (prizes.find((p) => p.giftItemId === null) ?? slice);
    let gift: CustomerGift | null = null;
    const base = { zmaAppId: input.zmaAppId, tenantId: input.tenantId, customerId: customer.id, drawId };
    if (win && slice.giftItemId) {
      const giftItemId = slice.giftItemId;
      const code = await allocateGiftCode(tx, { zmaAppId: input.zmaAppId, tenantId: input.tenantId, giftItemId, customerId: customer.id, spinId, now });
      // Last: the prize's stock, the spin row, the period's win, the spin's activity rows (the allocation's own
      // row stays quiet) and the zma.activity event in one statement; no stock → everything rolls back. The
      // event is for a win only: a spin that wins nothing changes no stock or gift an open page shows, and at
      // hundreds of spins a second every console stream would otherwise carry each one (ARCHITECTURE rule 10).
      const item = await repo.finishWin(tx, { spinId, zmaAppId: input.zmaAppId, drawId, customerId: customer.id, prizeId: slice.id, giftCodeId: code.codeId, now }, (when) => {
        const announce = emitEventSql('announce', { type: 'zma.activity', tenantId: input.tenantId, data: { zmaAppId: input.zmaAppId, kind: 'GIFT_WON', branchId: null, customerId: customer.id } }, when);
        return {
          ctes: [
            sql`spin_activity as (${zmaActivityInsertSql({ ...base, kind: 'SPIN', detail: { spinId, outcome: 'WIN', prizeId: slice.id, label: slice.label, bonusTurn: bonusSpent } }, when)})`,
            sql`won_activity as (${zmaActivityInsertSql({ ...base, kind: 'GIFT_WON', giftItemId, giftCodeId: code.codeId, detail: { spinId, code: code.code, prizeId: slice.id, label: slice.label } }, when)})`,
            announce.cte,
          ],
          notify: announce.notify,
        };
      });
      if (!item) throw new SoldOut();
      gift = { codeId: code.codeId, code: code.code, status: 'ALLOCATED', ...item, expiresAt: code.expiresAt, assignedAt: now.toISOString(), usedAt: null, branchName: null };
    } else {
      await repo.insertSpin(tx, { id: spinId, zmaAppId: input.zmaAppId, drawId, customerId: customer.id, prizeId: shown.id, giftCodeId: null, outcome: 'NO_PRIZE', createdAt: now });
      await recordZmaActivity(tx, { ...base, kind: 'SPIN', detail: { spinId, outcome: 'NO_PRIZE', prizeId: shown.id, label: shown.label, bonusTurn: bonusSpent } }, { announce: false });
    }
    const outcome = gift ? 'WIN' : 'NO_PRIZE';

    const periodLeft = usedNow !== null ? Math.max(0, plan.allowed - usedNow) : 0;
    const bonusLeft = Math.max(0, customer.bonusTurns - (bonusSpent ? 1 : 0));
    return {
      spinId,
      outcome,
      prize: { id: shown.id, label: shown.label, position: shown.position, color: shown.color },
      gift,
      turnsLeft: periodLeft + bonusLeft,
    };
  });
}

function refusal(r: Reason): AppError {
  return new AppError('ZMA_PLAY_NOT_ALLOWED', r.message, { reason: r.code, ruleId: r.ruleId });
}

/** Console: grants bonus turns to a customer of this app (TURNS_GRANTED activity). */
export async function grantTurns(tx: Tx, actor: ZmaActor, customerId: string, turns: number, note?: string, via: { apiKeyId?: string } = {}) {
  const customer = await findCustomer(tx, actor.zmaAppId, customerId);
  if (!customer) throw notFound();
  await grantBonusTurns(tx, customer.id, turns);
  await recordZmaActivity(tx, { zmaAppId: actor.zmaAppId, tenantId: actor.tenantId, kind: 'TURNS_GRANTED', customerId: customer.id, actorUserId: actor.userId, detail: { turns, note: note ?? null, ...(via.apiKeyId ? { apiKeyId: via.apiKeyId } : {}) } });
  return { customerId: customer.id, bonusTurns: customer.bonusTurns + turns, before: customer.bonusTurns };
}

// ================================================================= affiliate campaigns

async function checkCampaign(db: DbOrTx, zmaAppId: string, c: { startsAt?: string | null; endsAt?: string | null; rewardGiftItemId?: string | null }) {
  checkSchedule(c.startsAt, c.endsAt);
  if (c.rewardGiftItemId) {
    const [item] = await findGiftItems(db, zmaAppId, [c.rewardGiftItemId]);
    if (!item) throw invalid('body.rewardGiftItemId', 'is not a gift of this mini app', 'unknown');
    if (item.status !== 'ACTIVE') throw invalid('body.rewardGiftItemId', 'is not an active gift', 'inactive');
  }
}

async function campaignViews(db: DbOrTx, rows: { campaign: repo.CampaignRow; giftName: string | null }[]) {
  const counts = await repo.selectReferralCounts(db, rows.map((r) => r.campaign.id));
  return rows.map((r) => presentCampaign(r.campaign, r.giftName, counts.find((c) => c.campaignId === r.campaign.id) ?? { total: 0, rewarded: 0 }));
}

export async function listCampaigns(db: DbOrTx, zmaAppId: string, q: { status?: ZmaStatus; page: number; pageSize: number }) {
  const { rows, total } = await repo.selectCampaignPage(db, zmaAppId, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: await campaignViews(db, rows), total };
}

export async function getCampaign(db: DbOrTx, zmaAppId: string, id: string) {
  const row = await repo.selectCampaign(db, zmaAppId, id);
  if (!row) throw notFound();
  return (await campaignViews(db, [row]))[0]!;
}

export async function createCampaign(tx: Tx, actor: ZmaActor, body: AffiliateCampaignBody) {
  await checkCampaign(tx, actor.zmaAppId, body);
  const row = await repo.insertCampaign(tx, {
    ...body,
    zmaAppId: actor.zmaAppId,
    tenantId: actor.tenantId,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    rewardGiftItemId: body.rewardGiftItemId ?? null,
  });
  return getCampaign(tx, actor.zmaAppId, row.id);
}

export async function updateCampaign(tx: Tx, actor: ZmaActor, id: string, body: UpdateAffiliateCampaignBody) {
  const before = await getCampaign(tx, actor.zmaAppId, id);
  await checkCampaign(tx, actor.zmaAppId, {
    startsAt: body.startsAt !== undefined ? body.startsAt : before.startsAt,
    endsAt: body.endsAt !== undefined ? body.endsAt : before.endsAt,
    rewardGiftItemId: body.rewardGiftItemId,
  });
  const { startsAt, endsAt, ...rest } = body;
  const set: Parameters<typeof repo.updateCampaignRow>[3] = { ...rest };
  if (startsAt !== undefined) set.startsAt = startsAt ? new Date(startsAt) : null;
  if (endsAt !== undefined) set.endsAt = endsAt ? new Date(endsAt) : null;
  if (!(await repo.updateCampaignRow(tx, actor.zmaAppId, id, set))) throw notFound();
  return { before, after: await getCampaign(tx, actor.zmaAppId, id) };
}

export async function deleteCampaign(tx: Tx, actor: ZmaActor, id: string) {
  const before = await getCampaign(tx, actor.zmaAppId, id);
  await repo.deleteCampaignRow(tx, actor.zmaAppId, id);
  return before;
}

export async function listReferrals(db: DbOrTx, zmaAppId: string, campaignId: string, q: { status?: 'REWARDED' | 'REJECTED'; page: number; pageSize: number }) {
  await getCampaign(db, zmaAppId, campaignId);
  const { rows, total } = await repo.selectReferralPage(db, zmaAppId, campaignId, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: rows.map(presentReferral), total };
}

export interface ReferralInput {
  zmaAppId: string;
  tenantId: string;
  /** The `ref` the new customer signed in with (a customer id of the app, unverified). */
  referrerCustomerId: string;
  /** The customer who just signed in; `isNew` false = the Zalo user was already known to the app. */
  newCustomer: { id: string; zaloUserId: string; isNew?: boolean };
  now?: Date;
}

export type ReferralOutcome = { status: 'REWARDED'; campaignId: string } | { status: 'REJECTED'; reason: ReferralRejectReason; campaignId: string | null } | { status: 'DUPLICATE' };

/**
 * A sign-in through a referral link (called by the customers module in its sign-in transaction).
 * One referral row per Zalo user and app (unique index), so a user can earn their referrer at most
 * one reward, ever. Rejections are recorded with their reason (ADR 0022 fraud checks); rewards are
 * bonus turns for both sides and/or a gift code for the referrer.
 */
export async function recordReferral(tx: Tx, input: ReferralInput): Promise<ReferralOutcome> {
  const now = input.now ?? new Date();
  const running = await repo.selectRunningCampaigns(tx, input.zmaAppId, now);
  const campaign = running[0] ?? null;
  const referrer = /^[0-9a-f-]{36}$/i.test(input.referrerCustomerId) ? await repo.selectCustomerBrief(tx, input.zmaAppId, input.referrerCustomerId) : null;

  const base = { zmaAppId: input.zmaAppId, tenantId: input.tenantId, customerId: input.newCustomer.id };
  if (!referrer) {
    // Unknown or another app's referrer: the referral row needs a referrer of this app, so the activity alone records it.
    await recordZmaActivity(tx, { ...base, kind: 'REFERRAL_REJECTED', detail: { reason: 'REFERRER_UNKNOWN', ref: input.referrerCustomerId.slice(0, 64) } });
    return { status: 'REJECTED', reason: 'REFERRER_UNKNOWN', campaignId: campaign?.id ?? null };
  }
  // A rejection is recorded against the running campaign, or else the latest one of the app.
  const campaignForRow = campaign ?? (await repo.selectLatestCampaign(tx, input.zmaAppId));
  if (!campaignForRow) {
    await recordZmaActivity(tx, { ...base, kind: 'REFERRAL_REJECTED', detail: { reason: 'CAMPAIGN_CLOSED', referrerId: referrer.id } });
    return { status: 'REJECTED', reason: 'CAMPAIGN_CLOSED', campaignId: null };
  }
  let reason: ReferralRejectReason | null = null;
  if (!campaign) reason = 'CAMPAIGN_CLOSED';
  else if (referrer.id === input.newCustomer.id || referrer.zaloUserId === input.newCustomer.zaloUserId) reason = 'SELF_REFERRAL';
  else if (input.newCustomer.isNew === false) reason = 'ALREADY_KNOWN';
  else if (campaign.maxRewardsPerReferrer > 0) {
    // Count under the referrer's row lock (READ COMMITTED re-reads after the wait): the limit holds under concurrency.
    await repo.lockReferrer(tx, referrer.id);
    if ((await repo.countRewarded(tx, campaign.id, referrer.id)) >= campaign.maxRewardsPerReferrer) reason = 'REFERRER_LIMIT';
  }

  const row = await repo.insertReferral(tx, {
    zmaAppId: input.zmaAppId,
    campaignId: campaignForRow.id,
    referrerCustomerId: referrer.id,
    referredZaloUserId: input.newCustomer.zaloUserId,
    referredCustomerId: input.newCustomer.id,
    status: reason ? 'REJECTED' : 'REWARDED',
    reason,
  });
  if (!row) return { status: 'DUPLICATE' };
  if (reason || !campaign) {
    reason ??= 'CAMPAIGN_CLOSED';
    await recordZmaActivity(tx, { ...base, kind: 'REFERRAL_REJECTED', detail: { reason, referrerId: referrer.id, campaignId: campaignForRow.id } });
    return { status: 'REJECTED', reason, campaignId: campaignForRow.id };
  }
  const c = campaign;
  if (c.rewardTurns > 0) await grantBonusTurns(tx, referrer.id, c.rewardTurns);
  if (c.newCustomerTurns > 0) await grantBonusTurns(tx, input.newCustomer.id, c.newCustomerTurns);
  let giftCodeId: string | null = null;
  if (c.rewardGiftItemId) {
    const [item] = await findGiftItems(tx, input.zmaAppId, [c.rewardGiftItemId]);
    if (item?.status === 'ACTIVE') giftCodeId = (await allocateGiftCode(tx, { zmaAppId: input.zmaAppId, tenantId: input.tenantId, giftItemId: item.id, customerId: referrer.id, now })).codeId;
  }
  await recordZmaActivity(tx, {
    ...base,
    customerId: referrer.id,
    kind: 'REFERRAL_REWARDED',
    giftItemId: giftCodeId ? c.rewardGiftItemId : null,
    giftCodeId,
    detail: { campaignId: c.id, referredCustomerId: input.newCustomer.id, rewardTurns: c.rewardTurns, newCustomerTurns: c.newCustomerTurns },
  });
  return { status: 'REWARDED', campaignId: c.id };
}
