import type { ZaloClient } from '@zc/zalo/client';
import { createRateLimiter, type RateLimiter } from '@zc/zalo/rate-limit';
import { getZnsQuota } from '@zc/zalo/zns';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { canonicalJson } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { quotaDay, returnTeamQuotaUnits, takeTeamQuotaUnits, teamQuotaLeft, type TeamQuotaClaim } from '../teams/service';
import { closeHold, getHold } from '../wallets/service';
import { cancelCampaignMessages, countCampaignMessages, countOutstandingCampaignMessages, countOutstandingOaMessages, writeOutbox, znsMessageType, type OutgoingMessage } from '../messaging/service';
import {
  cancelRecipients,
  claimDueCampaigns,
  countRefusedRecipients,
  findCampaignTeamCap,
  findTemplateTag,
  hasQueuedRecipients,
  lockCampaign,
  markRecipients,
  takeQueuedRecipients,
  updateCampaign,
  type CampaignRow,
} from './dispatch-repo';
import { estimateFinish, isPromotionNight, isPromotionTag, nextVnMidnight, nightEnd } from './dispatch-schedule';

/**
 * Campaign dispatch (issue 13 #5): an APPROVED campaign's recipients become message rows of THE outbox
 * (ADR 0009) in small paced batches; the delivery worker sends them like any public API message.
 *
 * - Pacing: a batch takes one token per recipient from the tenant's bucket (`limiter`, shared by every
 *   worker in production: `rate_limit_buckets`), so the tenant's campaign rate holds across workers and
 *   campaigns; the OA's Zalo rate limit applies where Zalo is called (the delivery worker's client); at
 *   most `windowSeconds` of sending is ever queued ahead, so a cancel has little to take back.
 * - Quota autopilot: each pass reads the OA's ZNS quota from Zalo (`/message/quota`) and enqueues no
 *   more than what is left of it minus what is already queued for the OA; when it is used up the
 *   campaign waits (QUOTA_WAIT) until the next Vietnam midnight, when Zalo refills it. Promotion
 *   templates wait out the night ban (NIGHT_WAIT until 06:00 UTC+7).
 * - Team quota: when the campaign's API key belongs to a team with a ZNS daily cap, each batch takes its
 *   units of the team's day (modules/teams/quota.ts) in the batch's own transaction — the same counter the
 *   public send API uses — and the campaign waits (TEAM_QUOTA_WAIT) until the next Vietnam day when it is used up.
 * - Exactly once: a recipient becomes a message with idempotency key `campaign:<id>:<seq>` on the
 *   campaign's key, in the same transaction that marks it ENQUEUED, paid from the campaign's hold
 *   (HOLD_CHARGE, once per message). A worker killed anywhere either committed the batch or nothing.
 * - Each recipient stands alone: the outbox answers each message on its own; a refused one is FAILED
 *   and costs nothing, the others go on.
 * - Settlement: when no recipient is QUEUED and no message is in flight the hold is closed (the unspent
 *   rest released), status DONE (FAIL when nothing was sent), dispatch FINISHED.
 */

export interface DispatchDeps {
  db: Db;
  zalo: ZaloClient;
  /** Tenant campaign rate (messages per second, all campaigns of a tenant together). */
  ratePerSecond: number;
  /** The tenant buckets (key = tenant id); shared across processes in production. */
  limiter?: RateLimiter;
  now?: () => Date;
  /** How long a claimed campaign belongs to its worker (default 30 s). */
  leaseMs?: number;
  /** Most recipients per batch (default 100). */
  maxBatch?: number;
  /** Most seconds of sending queued ahead per campaign (default 2). */
  windowSeconds?: number;
  /** Test hook: runs inside the batch transaction after the outbox write (a throw = a killed worker). */
  afterOutbox?: (campaignId: string) => void | Promise<void>;
}

export interface DispatchReport {
  claimed: number;
  enqueued: number;
  refused: number;
  finished: number;
}

const limiters = new WeakMap<DispatchDeps, RateLimiter>();
function limiterOf(deps: DispatchDeps): RateLimiter {
  if (deps.limiter) return deps.limiter;
  let l = limiters.get(deps);
  if (!l) {
    l = createRateLimiter({ perMinute: deps.ratePerSecond * 60, burst: Math.max(1, deps.ratePerSecond) });
    limiters.set(deps, l);
  }
  return l;
}

const nowOf = (deps: DispatchDeps) => (deps.now ? deps.now() : new Date());

/** When progress was last announced, per campaign (this process): ~1 announcement a second. */
const lastProgress = new Map<string, number>();

/** Zalo's tracking id of a campaign message: unique per campaign and recipient, ≤ 48 characters. */
export function campaignTrackingId(campaignId: string, seq: number): string {
  return `c-${campaignId.replaceAll('-', '')}-${seq}`;
}

export function campaignIdempotencyKey(campaignId: string, seq: number): string {
  return `campaign:${campaignId}:${seq}`;
}

async function announceChanged(tx: Tx, c: Pick<CampaignRow, 'id' | 'tenantId' | 'status' | 'dispatchState'>): Promise<void> {
  await emitEvent(tx, { type: 'campaign.changed', tenantId: c.tenantId, data: { campaignId: c.id, status: c.status, dispatchState: c.dispatchState ?? null } });
}

export interface CampaignCounts {
  sent: number;
  received: number;
  failed: number;
  pending: number;
  cancelled: number;
  outstanding: number;
}

/**
 * Recounts a campaign from its messages (messaging's counts) and its refused recipients, stores the
 * counters and, when `announce`, emits `campaign.progress`. The campaign row is the only writer of
 * its counters; the message statuses (written by messaging) are the facts they are read from.
 */
export async function refreshProgress(tx: Tx, c: CampaignRow, announce = true): Promise<CampaignCounts> {
  const m = await countCampaignMessages(tx, c.id);
  const refused = await countRefusedRecipients(tx, c.uploadId);
  const failed = m.failed + refused;
  const cancelled = Math.max(c.cancelledCount, m.cancelled);
  const pending = Math.max(0, c.recordCount - m.sent - failed - cancelled);
  const counts = { sent: m.sent, received: m.received, failed, pending, cancelled, outstanding: m.outstanding };
  const changed = c.sentCount !== m.sent || c.receivedCount !== m.received || c.failedCount !== failed || c.cancelledCount !== cancelled;
  if (changed) await updateCampaign(tx, c.id, { sentCount: m.sent, receivedCount: m.received, failedCount: failed, cancelledCount: cancelled });
  if (announce && changed) {
    await emitEvent(tx, { type: 'campaign.progress', tenantId: c.tenantId, data: { campaignId: c.id, sent: m.sent, received: m.received, failed, pending, cancelled } });
    lastProgress.set(c.id, Date.now());
  }
  return counts;
}

/** How often a running campaign is recounted: every second, less often for very large ones. */
function progressEveryMs(c: CampaignRow): number {
  return Math.min(5000, Math.max(1000, Math.floor(c.recordCount / 200)));
}

function quotaNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

interface QuotaView {
  /** What may still be enqueued today (Zalo's remaining minus what is queued for the OA). */
  budget: number;
  daily: number;
  outstanding: number;
}

async function readQuota(deps: DispatchDeps, c: CampaignRow, promotion: boolean): Promise<QuotaView> {
  const q = await getZnsQuota(deps.zalo, c.zaloOaId);
  const outstanding = await countOutstandingOaMessages(deps.db, c.zaloOaId);
  let remaining = quotaNumber(q.remainingQuota) ?? 0;
  let daily = quotaNumber(q.dailyQuota) ?? 0;
  if (promotion) {
    const rp = quotaNumber(q.remainingQuotaPromotion);
    const dp = quotaNumber(q.dailyQuotaPromotion);
    if (rp !== null) remaining = Math.min(remaining, rp);
    if (dp !== null) daily = Math.min(daily, dp);
  }
  return { budget: remaining - outstanding, daily, outstanding };
}

/**
 * The expected finish of a campaign that would start at `startAt` with `recordCount` recipients on
 * this OA (for the review preview, before approval, and the detail page): today's remaining quota,
 * then the daily quota each following day, at the tenant's campaign rate. Null when Zalo cannot be
 * asked (the preview then shows no date) or the OA has no quota.
 */
export async function estimateCampaignFinishAt(
  deps: { db: DbOrTx; zalo: ZaloClient; ratePerSecond: number },
  input: { tenantId: string; zaloOaId: string; znsTemplateId: string; recordCount: number; startAt: Date; development?: boolean },
): Promise<Date | null> {
  const promotion = isPromotionTag(await findTemplateTag(deps.db, input));
  if (input.development) return estimateFinish({ remaining: input.recordCount, remainingToday: input.recordCount, dailyQuota: input.recordCount, ratePerSecond: deps.ratePerSecond, startAt: input.startAt, promotion });
  try {
    const q = await getZnsQuota(deps.zalo, input.zaloOaId);
    const outstanding = await countOutstandingOaMessages(deps.db, input.zaloOaId);
    const remaining = (quotaNumber(q.remainingQuota) ?? 0) - outstanding;
    const daily = quotaNumber(q.dailyQuota) ?? 0;
    return estimateFinish({ remaining: input.recordCount, remainingToday: remaining, dailyQuota: daily, ratePerSecond: deps.ratePerSecond, startAt: input.startAt, promotion });
  } catch {
    return null;
  }
}

/** One pass: claims due campaigns and moves each one step (a batch, a wait, or its settlement). */
export async function dispatchDueCampaigns(deps: DispatchDeps, opts: { limit?: number } = {}): Promise<DispatchReport> {
  const now = nowOf(deps);
  const claimed = await claimDueCampaigns(deps.db, { now, leaseMs: deps.leaseMs ?? 30_000, limit: opts.limit ?? 8 });
  const report: DispatchReport = { claimed: claimed.length, enqueued: 0, refused: 0, finished: 0 };
  await Promise.all(
    claimed.map(async (c) => {
      try {
        const r = await stepCampaign(deps, c);
        report.enqueued += r.enqueued;
        report.refused += r.refused;
        if (r.finished) report.finished += 1;
      } catch (err) {
        // The campaign comes back when its lease runs out; one campaign's failure never stops another's.
        await updateCampaign(deps.db, c.id, { nextRunAt: new Date(nowOf(deps).getTime() + Math.min(5_000, deps.leaseMs ?? 30_000)) }).catch(() => undefined);
        throw err;
      }
    }),
  );
  return report;
}

type Step = { enqueued: number; refused: number; finished: boolean };
const idle: Step = { enqueued: 0, refused: 0, finished: false };

async function wait(deps: DispatchDeps, c: CampaignRow, state: CampaignRow['dispatchState'], until: Date, extra: Partial<CampaignRow> = {}): Promise<Step> {
  await deps.db.transaction(async (tx) => {
    const cur = await lockCampaign(tx, c.id);
    if (!cur || cur.status !== 'APPROVED' || cur.dispatchState === 'PAUSED' || cur.dispatchState === 'FINISHED') return;
    const after = await updateCampaign(tx, c.id, { dispatchState: state, nextRunAt: until, ...extra });
    if (after && cur.dispatchState !== state) await announceChanged(tx, after);
  });
  return idle;
}

async function stepCampaign(deps: DispatchDeps, c: CampaignRow): Promise<Step> {
  const now = nowOf(deps);
  const tag = await findTemplateTag(deps.db, c);
  const promotion = isPromotionTag(tag);
  const development = c.mode === 'development';
  // Recount now and then (and announce) while the campaign runs; the expected finish follows.
  const recount = Date.now() - (lastProgress.get(c.id) ?? 0) >= progressEveryMs(c);
  if (recount) {
    await deps.db.transaction((tx) => refreshProgress(tx, c));
    lastProgress.set(c.id, Date.now());
  }
  if (!(await hasQueuedRecipients(deps.db, c.uploadId))) return settleIfDone(deps, c);
  if (promotion && !development && isPromotionNight(now)) return wait(deps, c, 'NIGHT_WAIT', nightEnd(now));
  const rate = Math.max(1, deps.ratePerSecond);
  let budget = Math.min(deps.maxBatch ?? 100, Math.ceil(rate * (deps.windowSeconds ?? 2)));
  const mine = await countOutstandingCampaignMessages(deps.db, c.id);
  budget = Math.min(budget, Math.ceil(rate * (deps.windowSeconds ?? 2)) - mine);
  if (!development) {
    let quota: QuotaView;
    try {
      quota = await readQuota(deps, c, promotion);
    } catch {
      // Zalo could not say: ask again shortly, send nothing meanwhile.
      return wait(deps, c, c.dispatchState === 'WAITING' ? 'RUNNING' : c.dispatchState, new Date(now.getTime() + 5_000));
    }
    if (quota.budget <= 0) {
      if (quota.outstanding > 0) return wait(deps, c, 'RUNNING', new Date(now.getTime() + 1_000));
      // Today's quota is used up: continue right after Zalo refills it (next midnight, Vietnam time).
      const resume = new Date(nextVnMidnight(now).getTime() + 5_000);
      const m = await countCampaignMessages(deps.db, c.id);
      const left = Math.max(0, c.recordCount - m.total);
      const finish = estimateFinish({ remaining: left, remainingToday: 0, dailyQuota: quota.daily, ratePerSecond: rate, startAt: resume, promotion });
      return wait(deps, c, 'QUOTA_WAIT', resume, { estimatedFinishAt: finish });
    }
    budget = Math.min(budget, quota.budget);
    if (recount || !c.estimatedFinishAt) {
      const m = await countCampaignMessages(deps.db, c.id);
      const left = Math.max(0, c.recordCount - m.sent - m.failed - m.cancelled);
      const finish = estimateFinish({ remaining: left, remainingToday: quota.budget + quota.outstanding, dailyQuota: quota.daily, ratePerSecond: rate, startAt: now, promotion });
      await updateCampaign(deps.db, c.id, { estimatedFinishAt: finish });
    }
  }
  const team = await teamClaimOf(deps.db, c, now);
  if (team) {
    const left = await teamQuotaLeft(deps.db, team);
    if (left <= 0) return wait(deps, c, 'TEAM_QUOTA_WAIT', new Date(nextVnMidnight(now).getTime() + 5_000));
    budget = Math.min(budget, left);
  }
  if (budget <= 0) return wait(deps, c, 'RUNNING', new Date(now.getTime() + 250));
  // The tenant's rate: one token per message, whichever worker or campaign takes it.
  const limiter = limiterOf(deps);
  await Promise.all(Array.from({ length: budget }, () => limiter.take(c.tenantId)));
  return enqueueBatch(deps, c, budget, promotion, tag, team);
}

/** The team cap the campaign's messages count against today (ZNS), or null. */
async function teamClaimOf(db: DbOrTx, c: CampaignRow, now: Date): Promise<TeamQuotaClaim | null> {
  const cap = await findCampaignTeamCap(db, c);
  return cap ? { teamId: cap.teamId, tenantId: c.tenantId, module: 'ZNS', limit: cap.limit, day: quotaDay(now) } : null;
}

async function enqueueBatch(deps: DispatchDeps, c0: CampaignRow, n0: number, promotion: boolean, tag: Awaited<ReturnType<typeof findTemplateTag>>, team: TeamQuotaClaim | null): Promise<Step> {
  return deps.db.transaction(async (tx) => {
    const c = await lockCampaign(tx, c0.id);
    // Cancelled or paused meanwhile: nothing more is written (the cancel took back what was queued).
    if (!c || c.status !== 'APPROVED' || c.dispatchState === 'PAUSED' || c.dispatchState === 'FINISHED') return idle;
    // The team's units for this batch, taken under the counter row's lock (another campaign or the API may have used some since the step looked).
    const n = team ? await takeTeamQuotaUnits(tx, team, n0) : n0;
    if (n <= 0) return idle;
    const recipients = await takeQueuedRecipients(tx, c.uploadId, n);
    const price = c.mode === 'development' ? 0 : c.price;
    // The step read the template's tag already: one read per step, not two.
    const type = promotion ? 'PROMOTION' : znsMessageType(tag);
    const messages: OutgoingMessage[] = recipients.map((r) => ({
      tenantId: c.tenantId,
      apiKeyId: c.apiKeyId,
      zaloOaId: c.zaloOaId,
      module: 'ZNS',
      trackingId: campaignTrackingId(c.id, r.seq),
      idempotencyKey: campaignIdempotencyKey(c.id, r.seq),
      requestHash: sha256(canonicalJson({ kind: 'campaign', campaignId: c.id, seq: r.seq, phone: r.phone, templateData: r.params, mode: c.mode })),
      type,
      price,
      holdId: price > 0 ? c.holdId : null,
      // listPrice beside the charged price: the history shows both (issue 13 #8).
      values: { phone: r.phone, znsTemplateId: c.znsTemplateId, templateName: c.templateName, templateData: r.params, mode: c.mode, campaignId: c.id, listPrice: c.mode === 'development' ? 0 : c.listPrice },
    }));
    const outcomes = await writeOutbox({ tx }, messages);
    const marks = recipients.map((r, i) => {
      const o = outcomes[i];
      return o?.ok ? { seq: r.seq, state: 'ENQUEUED' as const, messageId: o.result.id } : { seq: r.seq, state: 'FAILED' as const, messageId: null };
    });
    await markRecipients(tx, c.uploadId, marks);
    // Units of recipients not taken (fewer left than granted) or refused by the outbox go back to the team's day.
    if (team) await returnTeamQuotaUnits(tx, team, n - marks.filter((m) => m.state === 'ENQUEUED').length);
    if (deps.afterOutbox) await deps.afterOutbox(c.id);
    const first = c.dispatchState !== 'RUNNING';
    const after = await updateCampaign(tx, c.id, { dispatchState: 'RUNNING', nextRunAt: nowOf(deps), startedAt: c.startedAt ?? nowOf(deps) });
    if (first && after) await announceChanged(tx, after);
    const refused = marks.filter((m) => m.state === 'FAILED').length;
    return { enqueued: marks.length - refused, refused, finished: false };
  });
}

/** No recipient QUEUED: finish once no message is in flight, else look again in a second. */
async function settleIfDone(deps: DispatchDeps, c0: CampaignRow): Promise<Step> {
  return deps.db.transaction(async (tx) => {
    const c = await lockCampaign(tx, c0.id);
    if (!c || c.status !== 'APPROVED' || c.dispatchState === 'PAUSED' || c.dispatchState === 'FINISHED') return idle;
    const counts = await refreshProgress(tx, c);
    if (counts.outstanding > 0) {
      await updateCampaign(tx, c.id, { dispatchState: 'RUNNING', nextRunAt: new Date(nowOf(deps).getTime() + 1_000) });
      return idle;
    }
    const closed = c.holdId ? await closeHold(tx, { holdId: c.holdId, tenantId: c.tenantId }) : null;
    const status = counts.sent === 0 && counts.failed > 0 ? 'FAIL' : 'DONE';
    const after = await updateCampaign(tx, c.id, { status, dispatchState: 'FINISHED', nextRunAt: null, finishedAt: nowOf(deps), cost: closed ? closed.hold.used : c.cost });
    if (after) await announceChanged(tx, after);
    lastProgress.delete(c.id);
    return { enqueued: 0, refused: 0, finished: true };
  });
}

export interface CancelOutcome {
  campaign: CampaignRow;
  /** What went back to the balance when the hold closed. */
  released: number;
  cancelledRecipients: number;
}

/** States a user may stop: approved and not finished. */
function assertActive(c: CampaignRow): void {
  if (c.status !== 'APPROVED' || c.dispatchState === 'FINISHED') {
    throw new AppError('CONFLICT', `The campaign is ${c.status}${c.dispatchState ? ` (${c.dispatchState})` : ''}: only an approved campaign that has not finished can be changed`, {
      fields: [{ path: 'id', code: 'campaign_not_active', message: `status ${c.status}` }],
    });
  }
}

/**
 * Cancels an approved campaign (§7 campaign/cancel): under the campaign row lock, so no batch is
 * written after it: QUEUED recipients and the messages not yet handed to Zalo are cancelled (their
 * charges refunded into the hold), the hold is closed (the unspent rest released to the balance),
 * status CANCELLED. Messages a worker is sending at that instant finish their one call.
 */
export async function cancelCampaign(tx: Tx, tenantId: string, id: string, now = new Date()): Promise<CancelOutcome> {
  const c = await lockCampaign(tx, id);
  if (!c || c.tenantId !== tenantId) throw notFound();
  assertActive(c);
  const cancelledIds = await cancelCampaignMessages(tx, c.id, now);
  const cancelledRecipients = await cancelRecipients(tx, c.uploadId, cancelledIds);
  const closed = c.holdId ? await closeHold(tx, { holdId: c.holdId, tenantId: c.tenantId }) : null;
  const mid = await updateCampaign(tx, c.id, { status: 'CANCELLED', dispatchState: 'FINISHED', nextRunAt: null, cancelledAt: now, finishedAt: now, cancelledCount: c.cancelledCount + cancelledRecipients, cost: closed ? closed.hold.used : c.cost });
  if (!mid) throw notFound();
  await refreshProgress(tx, mid);
  const after = (await lockCampaign(tx, c.id)) ?? mid;
  await announceChanged(tx, after);
  lastProgress.delete(c.id);
  return { campaign: after, released: closed?.released ?? 0, cancelledRecipients };
}

/** Pauses sending: no further batch; what is already queued (≤ a few seconds) still goes. */
export async function pauseCampaign(tx: Tx, tenantId: string, id: string): Promise<{ before: CampaignRow; after: CampaignRow }> {
  const c = await lockCampaign(tx, id);
  if (!c || c.tenantId !== tenantId) throw notFound();
  assertActive(c);
  if (c.dispatchState === 'PAUSED') throw new AppError('CONFLICT', 'The campaign is already paused', { fields: [{ path: 'id', code: 'campaign_paused', message: 'already paused' }] });
  const after = await updateCampaign(tx, c.id, { dispatchState: 'PAUSED', nextRunAt: null });
  if (!after) throw notFound();
  await announceChanged(tx, after);
  return { before: c, after };
}

/** Resumes a paused campaign at once (the dispatcher re-reads quota and night rules). */
export async function resumeCampaign(tx: Tx, tenantId: string, id: string, now = new Date()): Promise<{ before: CampaignRow; after: CampaignRow }> {
  const c = await lockCampaign(tx, id);
  if (!c || c.tenantId !== tenantId) throw notFound();
  assertActive(c);
  if (c.dispatchState !== 'PAUSED') throw new AppError('CONFLICT', 'Only a paused campaign can be resumed', { fields: [{ path: 'id', code: 'campaign_not_paused', message: `dispatch state ${c.dispatchState ?? 'none'}` }] });
  const after = await updateCampaign(tx, c.id, { dispatchState: 'WAITING', nextRunAt: now });
  if (!after) throw notFound();
  await announceChanged(tx, after);
  return { before: c, after };
}

/** The hold of a campaign: amount, settled (used) and, once closed, released. */
export async function campaignMoney(db: DbOrTx, c: Pick<CampaignRow, 'holdId' | 'tenantId'>): Promise<{ held: number; settled: number; released: number; open: boolean }> {
  if (!c.holdId) return { held: 0, settled: 0, released: 0, open: false };
  const hold = await getHold(db, { holdId: c.holdId, tenantId: c.tenantId });
  if (!hold) return { held: 0, settled: 0, released: 0, open: false };
  const open = hold.status === 'OPEN';
  return { held: hold.amount, settled: hold.used, released: open ? 0 : hold.amount - hold.used, open };
}
