import { sendBroadcast } from '@zc/zalo/oa-broadcast';
import { ZaloApiError, ZaloError } from '@zc/zalo/errors';
import type { ZaloClient } from '@zc/zalo/client';
import { BROADCAST_MAX_CONTENTS, type Broadcast, type BroadcastContentType, type BroadcastPayload } from '@zc/shared/api/broadcasts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { BroadcastTargetRow } from '../../db/schema/broadcasts';
import { appendAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { decideTask, latestReviews, submitForReview, voidReview } from '../approvals/service';
import { isBroadcastCity } from './cities';
import { publishedContents, type PublishedContent } from './content-port';
import { canDeleteBroadcast, canEditBroadcast } from './policy';
import { presentBroadcast } from './presenter';
import {
  countSentSince,
  deleteBroadcastRow,
  findBroadcastRow,
  findOas,
  findPeople,
  findTeams,
  insertBroadcast,
  listBroadcasts,
  lockDueBroadcasts,
  lockStuckSending,
  merchantOfTenant,
  sendStateIs,
  statusIs,
  updateBroadcast,
  type BroadcastChange,
  type BroadcastFilter,
  type BroadcastRow,
  findInFlightBroadcasts,
} from './repo';
import { canHandOver, monthStart, nextHandOver, nextMonthOpening } from './schedule';

/**
 * Broadcasts an OA may hand to Zalo per month when nothing better is known: the 'Advanced' package's
 * 4 (REFERENCE §7; Basic 1, Premium 6). Zalo's own refusal (-211 Out of quota) holds one too.
 */
export const BROADCAST_MONTHLY_QUOTA = 4;
/** A Zalo outage puts the hand-over off by this much. */
const RETRY_DELAY_MS = 5 * 60_000;
/** A hand-over still SENDING after this long was interrupted; it is not re-sent (Zalo has no idempotency key). */
const STUCK_AFTER_MS = 10 * 60_000;

/* ─── Reading ─────────────────────────────────────────────────────────────────────────────── */

async function present(db: DbOrTx, actor: Actor, scope: TenantScope, rows: BroadcastRow[]): Promise<Broadcast[]> {
  const tenantId = scopedTenantId(scope);
  const reviews = await latestReviews(db, scope, 'OA_BROADCAST', rows.map((r) => r.id));
  const peopleIds = rows.flatMap((r) => [r.createdBy, r.updatedBy, reviews.get(r.id)?.nextApproverId ?? null]).filter((x): x is string => Boolean(x));
  const [oas, teams, people, contents] = await Promise.all([
    findOas(db, scope, rows.map((r) => r.zaloOaId)),
    findTeams(db, scope, rows.flatMap((r) => (r.teamId ? [r.teamId] : []))),
    findPeople(db, peopleIds),
    publishedContents(db, tenantId, rows.flatMap((r) => r.contentIds)),
  ]);
  return rows.map((r) => presentBroadcast(actor, r, { oas, teams, people, contents, reviews }));
}

export async function findBroadcasts(db: DbOrTx, actor: Actor, scope: TenantScope, f: BroadcastFilter): Promise<{ rows: Broadcast[]; total: number }> {
  const r = await listBroadcasts(db, scope, f);
  return { rows: await present(db, actor, scope, r.rows), total: r.total };
}

/** One broadcast of the tenant (404 for another tenant's). */
export async function findBroadcast(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<Broadcast> {
  const row = await findBroadcastRow(db, scope, id);
  if (!row) throw notFound();
  const [out] = await present(db, actor, scope, [row]);
  if (!out) throw notFound();
  return out;
}

/* ─── Validation (422 naming the rule) ────────────────────────────────────────────────────── */

export type BroadcastRule = 'NO_CONTENT' | 'TOO_MANY_CONTENTS' | 'DUPLICATE_CONTENT' | 'CONTENT_NOT_PUBLISHED' | 'PAST_SCHEDULE' | 'CITY_UNKNOWN';
const RULE_TEXT: Record<BroadcastRule, string> = {
  NO_CONTENT: 'a broadcast needs at least one content',
  TOO_MANY_CONTENTS: `a broadcast carries at most ${BROADCAST_MAX_CONTENTS} contents`,
  DUPLICATE_CONTENT: 'a content is attached twice',
  CONTENT_NOT_PUBLISHED: 'every content must be published on the official account',
  PAST_SCHEDULE: 'the schedule time is in the past',
  CITY_UNKNOWN: 'a city is not in the broadcast city list',
};

function broken(rule: BroadcastRule, path: string): AppError {
  return new AppError('BROADCAST_INVALID', RULE_TEXT[rule], { rule, fields: [{ path, code: rule, message: RULE_TEXT[rule] }] });
}

const codes = (s: string | undefined) => (s ? [...new Set(s.split(',').map(Number))].sort((a, b) => a - b) : []);

interface Checked {
  zaloOaId: string;
  teamId: string | null;
  name: string;
  status: 'DRAFT' | 'PENDING_REVIEW';
  scheduleTime: Date;
  target: BroadcastTargetRow;
  contentIds: string[];
  contentType: BroadcastContentType;
}

/** Checks one per-OA payload: its OA and team are the tenant's (404), and the §9 / REFERENCE §13.3 rules (422). */
async function check(tx: DbOrTx, scope: TenantScope, p: BroadcastPayload, prefix: string, now: Date): Promise<Checked> {
  const oas = await findOas(tx, scope, [p.zaloOA]);
  if (!oas.has(p.zaloOA)) throw notFound();
  const teamId = p.teamId ?? null;
  if (teamId && !(await findTeams(tx, scope, [teamId])).has(teamId)) throw notFound();
  const elements = p.message.attachment.payload.elements;
  const elementsPath = `${prefix}message.attachment.payload.elements`;
  if (elements.length === 0) throw broken('NO_CONTENT', elementsPath);
  if (elements.length > BROADCAST_MAX_CONTENTS) throw broken('TOO_MANY_CONTENTS', elementsPath);
  const contentIds = elements.map((e) => e.attachment_id);
  if (new Set(contentIds).size !== contentIds.length) throw broken('DUPLICATE_CONTENT', elementsPath);
  const scheduleTime = new Date(p.scheduleTime);
  if (scheduleTime.getTime() < now.getTime()) throw broken('PAST_SCHEDULE', `${prefix}scheduleTime`);
  const t = p.recipient.target;
  const cities = codes(t.cities);
  const bad = cities.findIndex((c) => !isBroadcastCity(c));
  if (bad >= 0) throw broken('CITY_UNKNOWN', `${prefix}recipient.target.cities`);
  const published = await publishedContents(tx, scopedTenantId(scope), contentIds);
  const missing = contentIds.findIndex((id) => !published.get(id)?.articles.has(p.zaloOA));
  if (missing >= 0) throw broken('CONTENT_NOT_PUBLISHED', `${elementsPath}.${missing}.attachment_id`);
  return {
    zaloOaId: p.zaloOA,
    teamId,
    name: p.nameBroadcast,
    status: p.status,
    scheduleTime,
    target: { ages: codes(t.ages), gender: Number(t.gender), locations: cities.length > 0 ? [] : codes(t.locations), cities },
    contentIds,
    contentType: contentIds.every((id) => published.get(id)?.type === 'video') ? 'video' : 'post',
  };
}

/* ─── Composing ───────────────────────────────────────────────────────────────────────────── */

async function announce(tx: Tx, row: BroadcastRow): Promise<void> {
  await emitEvent(tx, { type: 'oa_broadcast.changed', tenantId: row.tenantId, data: { broadcastId: row.id, status: row.status, zaloOaId: row.zaloOaId, sendState: row.sendState } });
}

/** Puts a broadcast under review (PENDING_REVIEW); an empty workflow approves it at once (in this transaction). */
async function submit(tx: Tx, actor: Actor, scope: TenantScope, row: BroadcastRow): Promise<BroadcastRow> {
  await submitForReview(tx, actor, scope, { kind: 'OA_BROADCAST', referenceId: row.id });
  return (await findBroadcastRow(tx, scope, row.id)) ?? row;
}

/**
 * `broadcast/create`: one broadcast per per-OA payload (§3 'one request per selected OA'), sharing a
 * group id. Every payload is checked before anything is stored; a refused one refuses the call.
 */
export async function createBroadcasts(tx: Tx, actor: Actor, scope: TenantScope, payloads: BroadcastPayload[]): Promise<Broadcast[]> {
  const now = new Date();
  const checked: Checked[] = [];
  for (const [i, p] of payloads.entries()) checked.push(await check(tx, scope, p, `[${i}].`, now));
  const groupId = crypto.randomUUID();
  const rows: BroadcastRow[] = [];
  for (const c of checked) {
    let row = await insertBroadcast(tx, scope, { groupId, zaloOaId: c.zaloOaId, teamId: c.teamId, name: c.name, status: c.status === 'DRAFT' ? 'DRAFT' : 'PENDING_REVIEW', scheduleTime: c.scheduleTime, target: c.target, contentIds: c.contentIds, contentType: c.contentType, createdBy: actor.userId, updatedBy: actor.userId });
    if (row.status === 'PENDING_REVIEW') row = await submit(tx, actor, scope, row);
    await announce(tx, row);
    rows.push(row);
  }
  return present(tx, actor, scope, rows);
}

/**
 * `broadcast/update/{id}`: a draft, a broadcast in review (its review is voided and, when it goes
 * on to review, a new one starts with the new snapshot) or a rejected one; 409 once approved.
 */
export async function editBroadcast(tx: Tx, actor: Actor, scope: TenantScope, id: string, p: BroadcastPayload): Promise<{ before: BroadcastRow; after: Broadcast }> {
  const before = await findBroadcastRow(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  if (!canEditBroadcast(actor, before)) {
    if (before.status === 'APPROVED' || before.status === 'SHOWN') throw new AppError('BROADCAST_NOT_EDITABLE');
    throw new AppError('FORBIDDEN');
  }
  const c = await check(tx, scope, { ...p, zaloOA: p.zaloOA }, '', new Date());
  if (before.status === 'PENDING_REVIEW') await voidReview(tx, scope, 'OA_BROADCAST', id);
  let row = await updateBroadcast(tx, scope, id, { zaloOaId: c.zaloOaId, teamId: c.teamId, name: c.name, status: c.status, scheduleTime: c.scheduleTime, target: c.target, contentIds: c.contentIds, contentType: c.contentType, updatedBy: actor.userId });
  if (!row) throw notFound();
  if (row.status === 'PENDING_REVIEW') row = await submit(tx, actor, scope, row);
  await announce(tx, row);
  const [after] = await present(tx, actor, scope, [row]);
  if (!after) throw notFound();
  return { before, after };
}

/** §4: a draft is deleted by its composers; anything else only with DELETE_ZALO_OA_CONTENT (403). A pending review is voided. */
export async function deleteBroadcast(tx: Tx, actor: Actor, scope: TenantScope, id: string): Promise<BroadcastRow> {
  const row = await findBroadcastRow(tx, scope, id, { lock: true });
  if (!row) throw notFound();
  if (!canDeleteBroadcast(actor, row)) throw new AppError('FORBIDDEN');
  if (row.status === 'PENDING_REVIEW') await voidReview(tx, scope, 'OA_BROADCAST', id);
  await deleteBroadcastRow(tx, scope, id);
  await emitEvent(tx, { type: 'oa_broadcast.changed', tenantId: row.tenantId, data: { broadcastId: row.id, status: 'DELETED', zaloOaId: row.zaloOaId, sendState: null } });
  return row;
}

/** `broadcast/approved/{id}`: the next approver decides through the review engine (403 when it is not their turn). */
export async function decideBroadcast(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: { approval: boolean; comment: string }): Promise<Broadcast> {
  const row = await findBroadcastRow(tx, scope, id);
  if (!row) throw notFound();
  const review = (await latestReviews(tx, scope, 'OA_BROADCAST', [id])).get(id);
  if (!review || review.status !== 'PENDING' || row.status !== 'PENDING_REVIEW') throw new AppError('TASK_ALREADY_DECIDED');
  await decideTask(tx, actor, scope, review.taskId, body);
  return findBroadcast(tx, actor, scope, id);
}

/* ─── Review kind actions ─────────────────────────────────────────────────────────────────── */

/** What the OA_BROADCAST review freezes: name, OA, schedule, audience and the contents (titles and ids). */
export async function broadcastSnapshot(tx: DbOrTx, scope: TenantScope, id: string) {
  const row = await findBroadcastRow(tx, scope, id);
  if (!row) return null;
  const [oas, contents] = await Promise.all([findOas(tx, scope, [row.zaloOaId]), publishedContents(tx, scopedTenantId(scope), row.contentIds)]);
  const oa = oas.get(row.zaloOaId);
  return {
    name: row.name,
    teamId: row.teamId,
    snapshot: {
      name: row.name,
      zaloOA: { id: row.zaloOaId, name: oa?.name ?? '' },
      scheduleTime: row.scheduleTime.toISOString(),
      target: row.target,
      contents: row.contentIds.map((cid) => ({ id: cid, title: contents.get(cid)?.title ?? '', cover: contents.get(cid)?.cover ?? null })),
    },
  };
}

/** The review approved it: it waits for its schedule time (or goes at the next sweep when that has passed). */
export async function approveBroadcast(tx: Tx, scope: TenantScope, id: string): Promise<void> {
  const row = await findBroadcastRow(tx, scope, id, { lock: true });
  if (!row || row.status !== 'PENDING_REVIEW') return;
  const now = new Date();
  const after = await updateBroadcast(tx, scope, id, { status: 'APPROVED', sendState: 'WAITING', holdReason: null, nextAttemptAt: row.scheduleTime > now ? row.scheduleTime : now, errorCode: null, errorMessage: null });
  if (after) await announce(tx, after);
}

export async function rejectBroadcast(tx: Tx, scope: TenantScope, id: string): Promise<void> {
  const after = await updateBroadcast(tx, scope, id, { status: 'REJECTED', sendState: null, nextAttemptAt: null }, statusIs('PENDING_REVIEW'));
  if (after) await announce(tx, after);
}

/* ─── Hand-over to Zalo (the oa-broadcast-send job) ───────────────────────────────────────── */

interface Claimed {
  row: BroadcastRow;
  articleIds: string[];
}

async function hold(tx: Tx, row: BroadcastRow, change: BroadcastChange): Promise<void> {
  const after = await updateBroadcast(tx, trustedTenantScope(row.tenantId), row.id, change);
  if (after && (after.sendState !== row.sendState || after.holdReason !== row.holdReason)) await announce(tx, after);
}

/**
 * Takes the due approved broadcasts (locked, skip-locked: two workers never take the same one) and
 * decides each: outside the hand-over window → HELD DELIVERY_WINDOW until the next 06:00; the OA's
 * month full → HELD MONTHLY_QUOTA until the 1st; a content unpublished since → FAILED; else SENDING.
 */
async function claimDue(db: Db, now: Date, limit: number, quotaOf: (zaloOaId: string) => number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await lockDueBroadcasts(tx, now, limit);
    const claimed: Claimed[] = [];
    for (const row of due) {
      if (!canHandOver(now)) {
        await hold(tx, row, { sendState: 'HELD', holdReason: 'DELIVERY_WINDOW', nextAttemptAt: nextHandOver(now) });
        continue;
      }
      const used = await countSentSince(tx, row.zaloOaId, monthStart(now), row.id);
      if (used >= quotaOf(row.zaloOaId)) {
        await hold(tx, row, { sendState: 'HELD', holdReason: 'MONTHLY_QUOTA', nextAttemptAt: nextMonthOpening(now) });
        continue;
      }
      const contents: Map<string, PublishedContent> = await publishedContents(tx, row.tenantId, row.contentIds);
      const articleIds = row.contentIds.map((id) => contents.get(id)?.articles.get(row.zaloOaId) ?? null);
      if (articleIds.some((a) => a === null)) {
        await hold(tx, row, { sendState: 'FAILED', holdReason: null, nextAttemptAt: null, errorCode: null, errorMessage: RULE_TEXT.CONTENT_NOT_PUBLISHED });
        continue;
      }
      const ids = articleIds as string[];
      await hold(tx, row, { sendState: 'SENDING', holdReason: null, articleIds: ids, attempts: row.attempts + 1 });
      claimed.push({ row, articleIds: ids });
    }
    return claimed;
  });
}

/** Records Zalo's answer for one hand-over, with its audit entry and events. */
async function settle(db: Db, c: Claimed, outcome: BroadcastChange): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = trustedTenantScope(c.row.tenantId);
    const after = await updateBroadcast(tx, scope, c.row.id, outcome, sendStateIs('SENDING'));
    if (!after) return;
    await announce(tx, after);
    if (after.sendState === 'SENT') await emitEvent(tx, { type: 'review.item_published', tenantId: after.tenantId, data: { kind: 'OA_BROADCAST', referenceId: after.id, name: after.name.slice(0, 300), createdBy: after.createdBy } });
    await appendAudit(tx, {
      action: 'OA_BROADCAST_SEND',
      merchantId: await merchantOfTenant(tx, after.tenantId),
      tenantId: after.tenantId,
      actorId: null,
      targetType: 'oa_broadcast',
      targetId: after.id,
      before: { sendState: 'SENDING' },
      after: { status: after.status, sendState: after.sendState, holdReason: after.holdReason, zaloMessageId: after.zaloMessageId, errorCode: after.errorCode, errorMessage: after.errorMessage },
    });
  });
}

/** Zalo's answer → the broadcast's outcome. */
function outcomeOf(err: unknown, now: Date): BroadcastChange {
  if (err instanceof ZaloApiError && err.code === -211) return { sendState: 'HELD', holdReason: 'MONTHLY_QUOTA', nextAttemptAt: nextMonthOpening(now), errorCode: -211, errorMessage: err.zaloMessage ?? null };
  if (err instanceof ZaloApiError && err.code === -234) return { sendState: 'HELD', holdReason: 'DELIVERY_WINDOW', nextAttemptAt: nextHandOver(new Date(now.getTime() + 60_000)), errorCode: -234, errorMessage: err.zaloMessage ?? null };
  if (err instanceof ZaloApiError && err.classification === 'permanent') return { sendState: 'FAILED', holdReason: null, nextAttemptAt: null, errorCode: err.code, errorMessage: err.zaloMessage ?? null };
  if (err instanceof ZaloError) {
    // Zalo unreachable or asking to wait: held, tried again later. Such a call may still have reached
    // Zalo only when the connection broke after sending; the transport reports that as a network error.
    return { sendState: 'HELD', holdReason: 'ZALO_UNAVAILABLE', nextAttemptAt: new Date(now.getTime() + RETRY_DELAY_MS), errorCode: err instanceof ZaloApiError ? err.code : null, errorMessage: err.message.slice(0, 500) };
  }
  throw err;
}

/**
 * One sweep: interrupted hand-overs are closed as FAILED (never re-sent: a broadcast has no
 * idempotency key, a second call could reach every follower twice), then due broadcasts are handed
 * to Zalo one by one. Returns how many were handed over.
 */
export async function sendDueBroadcasts(db: Db, zalo: ZaloClient, opts: { now?: Date; limit?: number; quotaOf?: (zaloOaId: string) => number } = {}): Promise<{ sent: number; held: number; failed: number }> {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    for (const row of await lockStuckSending(tx, new Date(now.getTime() - STUCK_AFTER_MS))) {
      await hold(tx, row, { sendState: 'FAILED', errorCode: null, errorMessage: 'The hand-over to Zalo was interrupted; its outcome is unknown, so it was not sent again.' });
    }
  });
  const claimed = await claimDue(db, now, opts.limit ?? 20, opts.quotaOf ?? (() => BROADCAST_MONTHLY_QUOTA));
  const counts = { sent: 0, held: 0, failed: 0 };
  for (const c of claimed) {
    let outcome: BroadcastChange;
    try {
      const { messageId } = await sendBroadcast(zalo, c.row.zaloOaId, { target: c.row.target, articleIds: c.articleIds });
      outcome = { status: 'SHOWN', sendState: 'SENT', holdReason: null, nextAttemptAt: null, sentAt: new Date(), zaloMessageId: messageId, errorCode: null, errorMessage: null };
    } catch (err) {
      outcome = outcomeOf(err, now);
    }
    if (outcome.sendState === 'SENT') counts.sent += 1;
    else if (outcome.sendState === 'HELD') counts.held += 1;
    else counts.failed += 1;
    await settle(db, c, outcome);
  }
  return counts;
}

/**
 * The tenant's broadcasts still in flight — pending review, scheduled or being sent — that must be
 * finished or cancelled before its OA service may be switched off (status: PENDING_REVIEW or the send state).
 */
export async function inFlightBroadcasts(db: DbOrTx, scope: TenantScope, limit = 50): Promise<Array<{ id: string; name: string; status: string }>> {
  const rows = await findInFlightBroadcasts(db, scope, limit);
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status === 'APPROVED' ? (r.sendState ?? 'WAITING') : r.status }));
}
