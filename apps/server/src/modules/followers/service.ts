import {
  checkCallConsent, getFollowers, getUserDetail, listTags, removeTag, requestCallConsent, startOutboundCall, tagFollower, untagFollower, updateUserInfo,
  type CallType, type ConsentReason, type ConsentState, type SharedInfoUpdate,
} from '@zc/zalo/oa-followers';
import { ZaloApiError } from '@zc/zalo/errors';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { isSafeText } from '@zc/shared/api/common';
import type { ZaloClient } from '@zc/zalo/client';
import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Follower, FollowerSyncState, FollowerTagBody, FollowerUpdateBody } from '@zc/shared/api/followers';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent, emitEvents } from '../../platform/events';
import { scopedTenantId, trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { resolveLocation } from './cities';
import { presentFollower, presentSync } from './presenter';
import {
  findFollower, findOaId, findRunningSync, findSync, finishSync, insertFollowerFromEvent, insertSync, knownTagsOfOa, latestSync,
  listFollowerRows, reopenSync, saveSyncProgress, setFollowingBatch, staleRunningSyncs, tenantOfOa, updateFollowerRow, updateFollowersOfOa, upsertFollowers, type FollowerSyncRow, type FollowerWithOa, dropTagOfOa, tagCountsOfTenant,
} from './repo';

// Zalo's getlist takes count ≤ 50 and offset ≤ 9951 (REFERENCE §3.2, §7).
export const SYNC_PAGE = 50;
const MAX_OFFSET = 9951;

async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The tenant's OA (404 for another tenant's). */
export async function requireTenantOa(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string> {
  const id = await findOaId(db, scope, zaloOaId);
  if (!id) throw notFound();
  return id;
}

export async function requireFollower(db: DbOrTx, scope: TenantScope, id: string): Promise<FollowerWithOa> {
  const row = await findFollower(db, scope, id);
  if (!row) throw notFound();
  return row;
}

export async function listFollowers(db: DbOrTx, scope: TenantScope, q: Parameters<typeof listFollowerRows>[2]) {
  const r = await listFollowerRows(db, scope, q);
  return { total: r.total, totalIsEstimate: r.totalIsEstimate, items: r.rows.map(presentFollower) };
}

/** One follower's change, announced to the tenant's viewers (emitted last in the caller's transaction). */
export async function announceFollower(tx: Tx, tenantId: string, zaloOaId: string, followerId: string): Promise<void> {
  await emitEvent(tx, { type: 'oa_follower.changed', tenantId, data: { zaloOaId, followerId } });
}

// ---- update ------------------------------------------------------------------------------------

/**
 * The Zalo user/update body and the values stored once Zalo accepted it. City and district are
 * checked against the product's table (422 naming the field); their names are stored with the ids.
 */
export function planUpdate(current: FollowerWithOa['f'], body: FollowerUpdateBody): { zalo: { user_alias?: string; user_external_id?: string; shared_info?: SharedInfoUpdate }; store: Partial<FollowerWithOa['f']> } {
  const zalo: { user_alias?: string; user_external_id?: string; shared_info?: SharedInfoUpdate } = {};
  const store: Partial<FollowerWithOa['f']> = {};
  if (body.userAlias !== undefined) {
    zalo.user_alias = body.userAlias;
    store.userAlias = body.userAlias || null;
  }
  if (body.userExternalId !== undefined) {
    zalo.user_external_id = body.userExternalId;
    store.userExternalId = body.userExternalId || null;
  }
  const s = body.sharedInfo;
  if (s && Object.keys(s).length > 0) {
    const loc = resolveLocation(s.cityId, s.districtId);
    if (loc.bad) {
      throw new AppError('FOLLOWER_LOCATION_INVALID', undefined, { fields: [{ path: `sharedInfo.${loc.bad}`, code: 'invalid', message: `unknown ${loc.bad === 'cityId' ? 'city' : 'district'} id (or a district of another city)` }] });
    }
    const info: SharedInfoUpdate = {};
    const next: Record<string, string> = { ...(current.sharedInfo ?? {}) };
    if (s.name !== undefined) next.name = info.name = s.name;
    if (s.phone !== undefined) next.phone = info.phone = s.phone;
    if (s.address !== undefined) next.address = info.address = s.address;
    if (s.userDob !== undefined) next.user_dob = info.user_dob = s.userDob;
    if (loc.city) {
      info.city_id = loc.city.value;
      next.city = loc.city.name;
      next.city_id = String(loc.city.value);
    }
    if (loc.district) {
      info.district_id = loc.district.value;
      next.district = loc.district.name;
      next.district_id = String(loc.district.value);
    } else if (loc.city && current.sharedInfo?.city_id !== String(loc.city.value)) {
      // A new city without a district: the old district belonged to the old city.
      delete next.district;
      delete next.district_id;
    }
    zalo.shared_info = info;
    store.sharedInfo = next;
    store.phone = normalizeVietnamPhone(next.phone);
  }
  return { zalo, store };
}

/** Writes the change to Zalo first (user/update); the caller stores `store` on success. */
export async function pushUpdateToZalo(zalo: ZaloClient, row: FollowerWithOa, body: ReturnType<typeof planUpdate>['zalo']): Promise<void> {
  await updateUserInfo(zalo, row.f.zaloOaId, { user_id: row.f.userId, ...body });
}

export async function storeUpdate(tx: Tx, scope: TenantScope, row: FollowerWithOa, store: ReturnType<typeof planUpdate>['store']): Promise<Follower> {
  await updateFollowerRow(tx, scope, row.f.id, { ...store, syncedAt: new Date() });
  await announceFollower(tx, scopedTenantId(scope), row.f.zaloOaId, row.f.id);
  const after = await findFollower(tx, scope, row.f.id);
  if (!after) throw notFound();
  return presentFollower(after);
}

// ---- tags --------------------------------------------------------------------------------------

/** §5: a label never in both lists; the message names the opposite action (422, the field names the label). */
export function checkTagActions(body: FollowerTagBody): { add: string[]; sub: string[] } {
  const add = [...new Set(body.actions.find((a) => a.type === 'ADD')?.tagName ?? [])];
  const sub = [...new Set(body.actions.find((a) => a.type === 'SUB')?.tagName ?? [])];
  const both = add.filter((t) => sub.includes(t));
  if (both.length > 0) {
    throw new AppError('FOLLOWER_TAG_CONFLICT', `"${both.join('", "')}" is also in the remove list`, {
      fields: both.map((t) => ({ path: `actions.ADD.tagName`, code: 'in_both', message: `"${t}" is also in the remove list` })),
    });
  }
  return { add, sub };
}

export interface TagOutcome {
  type: 'ADD' | 'SUB';
  tagName: string;
  ok: boolean;
  error?: string;
  errorVi?: string;
}

/** Runs each label on its own (tagfollower / rmfollowerfromtag): one refused label never stops the others. */
export async function applyTagsOnZalo(zalo: ZaloClient, row: FollowerWithOa, plan: { add: string[]; sub: string[] }): Promise<{ outcomes: TagOutcome[]; tagNames: string[] }> {
  const outcomes: TagOutcome[] = [];
  const tags = new Set(row.f.tagNames);
  const run = async (type: 'ADD' | 'SUB', tagName: string) => {
    try {
      if (type === 'ADD') await tagFollower(zalo, row.f.zaloOaId, row.f.userId, tagName);
      else await untagFollower(zalo, row.f.zaloOaId, row.f.userId, tagName);
      if (type === 'ADD') tags.add(tagName);
      else tags.delete(tagName);
      outcomes.push({ type, tagName, ok: true });
    } catch (err) {
      if (err instanceof ZaloApiError) outcomes.push({ type, tagName, ok: false, error: `${err.explanation.en.meaning} (${err.code})`, errorVi: `${err.explanation.vi.meaning} (${err.code})` });
      else outcomes.push({ type, tagName, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  };
  for (const t of plan.add) await run('ADD', t);
  for (const t of plan.sub) await run('SUB', t);
  return { outcomes, tagNames: [...tags] };
}

/** The OA's labels: Zalo's list (gettagsofoa) with the ones its synced followers carry. */
export async function tagsOfOa(db: DbOrTx, zalo: ZaloClient, scope: TenantScope, zaloOaId: string): Promise<string[]> {
  const [remote, known] = await Promise.all([listTags(zalo, zaloOaId), knownTagsOfOa(db, scope, zaloOaId)]);
  return [...new Set([...(Array.isArray(remote) ? remote : []), ...known])].sort((a, b) => a.localeCompare(b));
}

// ---- calls -------------------------------------------------------------------------------------

export interface CallStateView {
  consent: boolean;
  status: string;
  expiresAt: string | null;
  phone: string | null;
}

const consentExpiry = (c: ConsentState): Date | null => (typeof c.expired_time === 'number' ? new Date(c.expired_time) : null);

/** The consent Zalo reports for the follower's shared phone (checkconsent), stored on the row. */
export async function readCallState(db: Db, zalo: ZaloClient, scope: TenantScope, row: FollowerWithOa): Promise<CallStateView> {
  const phone = row.f.phone;
  if (!phone) return { consent: false, status: 'none', expiresAt: null, phone: null };
  const c = await checkCallConsent(zalo, row.f.zaloOaId, phone);
  const expires = consentExpiry(c);
  if (c.status !== row.f.callConsent || (expires?.getTime() ?? null) !== (row.f.callConsentExpiresAt?.getTime() ?? null)) {
    await db.transaction(async (tx) => {
      await updateFollowerRow(tx, scope, row.f.id, { callConsent: c.status, callConsentExpiresAt: expires });
      await announceFollower(tx, scopedTenantId(scope), row.f.zaloOaId, row.f.id);
    });
  }
  return { consent: c.consent, status: c.status, expiresAt: expires?.toISOString() ?? null, phone };
}

/** With consent: an outbound call (link and QR code). Without: a consent request (the user answers in Zalo). */
export async function startCall(
  db: Db,
  zalo: ZaloClient,
  scope: TenantScope,
  row: FollowerWithOa,
  p: { callType: CallType; reasonCode: ConsentReason },
): Promise<{ action: 'requested' | 'call'; state: CallStateView; callLink?: string; qrCode?: string; ttl?: number }> {
  if (!row.f.phone) {
    throw new AppError('VALIDATION_FAILED', 'The follower has shared no phone number; Zalo asks call consent by phone', { fields: [{ path: 'id', code: 'no_phone', message: 'no shared phone number' }] });
  }
  const state = await readCallState(db, zalo, scope, row);
  if (state.consent) {
    const call = await startOutboundCall(zalo, row.f.zaloOaId, { user_id: row.f.userId, call_type: p.callType });
    return { action: 'call', state, callLink: call.call_link, qrCode: call.qr_code, ttl: call.ttl };
  }
  await requestCallConsent(zalo, row.f.zaloOaId, { phone: row.f.phone, call_type: p.callType, reason_code: p.reasonCode });
  await db.transaction(async (tx) => {
    await updateFollowerRow(tx, scope, row.f.id, { callConsent: 'pending', callConsentExpiresAt: null });
    await announceFollower(tx, scopedTenantId(scope), row.f.zaloOaId, row.f.id);
  });
  return { action: 'requested', state: { ...state, status: 'pending' } };
}

// ---- sync --------------------------------------------------------------------------------------

/** Syncs being run by this process, by id: a second request waits for the same run. */
const active = new Map<string, Promise<FollowerSyncRow | null>>();

async function progress(db: Db, sync: FollowerSyncRow, p: { nextOffset: number; total: number; done: number }, status: FollowerSyncRow['status'] = 'RUNNING') {
  await db.transaction(async (tx) => {
    await saveSyncProgress(tx, sync.id, p);
    await emitEvent(tx, { type: 'oa_follower.sync_progress', tenantId: sync.tenantId, data: { zaloOaId: sync.zaloOaId, syncId: sync.id, status, done: p.done, total: p.total } });
  });
}

/**
 * Runs (or resumes) one sync from its stored offset: getlist pages of 50 within the client's
 * per-OA rate limiter, user/detail for each user (8 at a time), upserts on (OA, user) so a
 * repeated page never duplicates anyone, then the offset is saved. A failure leaves the offset
 * where it was (FAILED); the next start resumes from it.
 */
async function runSync(db: Db, zalo: ZaloClient, start: FollowerSyncRow): Promise<FollowerSyncRow | null> {
  const scope = trustedTenantScope(start.tenantId);
  const zaloOaId = start.zaloOaId;
  let { nextOffset: offset, total, done } = start;
  try {
    while (offset <= MAX_OFFSET) {
      const page = await getFollowers(zalo, zaloOaId, { offset, count: SYNC_PAGE });
      total = page.total;
      // Details 16 at a time: the client's per-OA limiter paces them; the page is stored in one statement.
      const details = await mapConcurrent(page.users, 16, (u) => getUserDetail(zalo, zaloOaId, u.user_id));
      const now = new Date();
      const byUser = new Map(
        details.map((d) => {
          const sharedInfo = d.shared_info ? Object.fromEntries(Object.entries(d.shared_info).filter(([, v]) => typeof v === 'string' && isSafeText(v))) : null;
          return [d.user_id, {
            userId: d.user_id,
            displayName: d.display_name || d.user_id,
            avatar: d.avatar || null,
            isFollower: d.user_is_follower,
            lastInteractionDate: d.user_last_interaction_date || null,
            sharedInfo,
            // The ZNS fallback finds the follower by this (ADR 0004).
            phone: normalizeVietnamPhone(sharedInfo?.phone),
            tagNames: d.tags_and_notes_info?.tag_names ?? [],
            userAlias: d.user_alias || null,
            userExternalId: d.user_external_id || null,
            syncedAt: now,
          }] as const;
        }),
      );
      await upsertFollowers(db, scope, zaloOaId, [...byUser.values()]);
      offset += page.users.length;
      done = Math.min(offset, total);
      const last = page.users.length < SYNC_PAGE || offset >= total;
      await progress(db, start, { nextOffset: offset, total, done });
      if (last) break;
    }
    const row = await finishSync(db, start.id, 'DONE', null);
    await progress(db, start, { nextOffset: offset, total, done }, 'DONE');
    return row;
  } catch (err) {
    const message = err instanceof ZaloApiError ? `${err.explanation.en.meaning} (${err.code})` : err instanceof Error ? err.message : String(err);
    const row = await finishSync(db, start.id, 'FAILED', message.slice(0, 500));
    await progress(db, start, { nextOffset: offset, total, done }, 'FAILED');
    return row;
  }
}

function runOnce(db: Db, zalo: ZaloClient, sync: FollowerSyncRow): Promise<FollowerSyncRow | null> {
  const running = active.get(sync.id);
  if (running) return running;
  const p = runSync(db, zalo, sync).finally(() => active.delete(sync.id));
  active.set(sync.id, p);
  return p;
}

/**
 * Starts a full resynchronisation of the OA, or resumes the one left RUNNING (its process stopped)
 * or FAILED (from its stored offset). Answers the sync row to run and a promise of its end.
 */
export async function startSync(db: Db, zalo: ZaloClient, scope: TenantScope, zaloOaId: string, startedBy: string | null): Promise<{ sync: FollowerSyncRow; done: Promise<FollowerSyncRow | null> }> {
  const last = await latestSync(db, scope, zaloOaId);
  let sync: FollowerSyncRow | null = null;
  if (last && last.status === 'FAILED') {
    // Resume the failed run from where it stopped (same id, same counters).
    sync = (await db.transaction(async (tx) => {
      const running = await findRunningSync(tx, zaloOaId);
      if (running) return running;
      return reopenSync(tx, last.id);
    }));
  }
  sync ??= (await findRunningSync(db, zaloOaId)) ?? (await insertSync(db, scope, zaloOaId, startedBy)) ?? (await findRunningSync(db, zaloOaId));
  if (!sync) throw new Error('follower sync could not be started');
  return { sync, done: runOnce(db, zalo, sync) };
}

/** A whole sync run to its end for a worker or a test: `tenantId` owns the OA (read from its row). */
export async function syncFollowers(db: Db, zalo: ZaloClient, tenantId: string, zaloOaId: string): Promise<{ synced: number; total: number }> {
  const { sync, done } = await startSync(db, zalo, trustedTenantScope(tenantId), zaloOaId, null);
  const end = (await done) ?? sync;
  if (end.status === 'FAILED') throw new Error(`follower sync failed: ${end.error ?? ''}`);
  return { synced: end.done, total: end.total };
}

/** Resumes syncs whose process stopped (RUNNING, not advanced for a while): the worker's sweep. */
export async function resumeStaleSyncs(db: Db, zalo: ZaloClient, staleMs = 120_000): Promise<number> {
  const stale = (await staleRunningSyncs(db, new Date(Date.now() - staleMs))).filter((s) => !active.has(s.id));
  for (const s of stale) void runOnce(db, zalo, s);
  return stale.length;
}

export async function currentSyncState(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<FollowerSyncState | null> {
  const row = await latestSync(db, scope, zaloOaId);
  return row ? presentSync(row) : null;
}

export async function syncById(db: DbOrTx, id: string): Promise<FollowerSyncRow | null> {
  return findSync(db, id);
}

// ---- webhook events ----------------------------------------------------------------------------

/** The shared-info keys a follower row keeps (user/detail's names). */
const SHARED_INFO_KEYS = ['name', 'phone', 'address', 'city', 'district', 'user_dob'] as const;

const CONSENT_STATUSES = new Set(['accepted', 'rejected', 'pending', 'expired']);

/**
 * Applies a Zalo follower event to the synced store (REFERENCE §5, §13.1, §13.4) and announces each
 * changed follower ('oa_follower.changed'): follow (a new follower is kept by id until a sync fills
 * the rest) and unfollow; update_user_info merges the values it carries; user_withdraw forgets what the
 * user shared, phone included; add_user_to_tag / remove_user_from_tag / remove_tag change labels;
 * user_reply_consent records the call consent. Returns whether a row changed.
 */
export async function applyFollowerEvent(db: DbOrTx, zaloOaId: string, event: ZaloWebhookEvent): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const ids = await followerEventChange(tx, zaloOaId, event);
    for (const r of ids) await announceFollower(tx, r.tenantId, zaloOaId, r.id);
    return ids.length > 0;
  });
  return changed;
}

/**
 * The webhook consumer's form of `applyFollowerEvent` for a run of events in arrival order (ADR 0019),
 * in the caller's transaction: follow / unfollow events are gathered per (OA, user) — the last one sets
 * `is_follower`, a follow creates the missing row — and written in two statements, each changed
 * follower announced once; any other follower event first writes what was gathered, then applies
 * alone, so a user's events keep their order.
 */
export async function applyFollowerEvents(tx: Tx, items: ReadonlyArray<{ tenantId: string; zaloOaId: string; event: ZaloWebhookEvent }>): Promise<void> {
  const gathered = new Map<string, { tenantId: string; zaloOaId: string; userId: string; isFollower: boolean; create: boolean }>();
  const flush = async () => {
    if (gathered.size === 0) return;
    const rows = await setFollowingBatch(tx, [...gathered.values()]);
    gathered.clear();
    await emitEvents(
      tx,
      rows.map((r) => ({ type: 'oa_follower.changed' as const, tenantId: r.tenantId, data: { zaloOaId: r.zaloOaId, followerId: r.id } })),
    );
  };
  for (const { tenantId, zaloOaId, event } of items) {
    if (event.type === 'follow' || event.type === 'unfollow') {
      if (!event.userId) continue;
      const k = `${zaloOaId}|${event.userId}`;
      const before = gathered.get(k);
      gathered.set(k, { tenantId, zaloOaId, userId: event.userId, isFollower: event.type === 'follow', create: Boolean(before?.create) || event.type === 'follow' });
      continue;
    }
    await flush();
    for (const r of await followerEventChange(tx, zaloOaId, event)) await announceFollower(tx, r.tenantId, zaloOaId, r.id);
  }
  await flush();
}

async function followerEventChange(tx: Tx, zaloOaId: string, event: ZaloWebhookEvent): Promise<Array<{ id: string; tenantId: string }>> {
  switch (event.type) {
    case 'follow':
    case 'unfollow': {
      if (!event.userId) return [];
      const rows = await updateFollowersOfOa(tx, zaloOaId, [event.userId], { isFollower: event.type === 'follow' });
      if (rows.length > 0 || event.type === 'unfollow') return rows;
      const tenantId = await tenantOfOa(tx, zaloOaId);
      const inserted = tenantId ? await insertFollowerFromEvent(tx, tenantId, zaloOaId, event.userId) : null;
      return inserted ? [inserted] : [];
    }
    case 'user_withdraw':
      return event.userId ? updateFollowersOfOa(tx, zaloOaId, [event.userId], { sharedInfo: null, phone: null }) : [];
    case 'update_user_info': {
      if (!event.userId) return [];
      // Only text the database can keep (no NUL, no lone surrogates), like any other input.
      const changes: Record<string, string> = {};
      for (const k of SHARED_INFO_KEYS) {
        const v = event.info[k];
        if (typeof v === 'string' && v.length <= 500 && isSafeText(v)) changes[k] = v;
      }
      if (Object.keys(changes).length === 0) return [];
      return updateFollowersOfOa(tx, zaloOaId, [event.userId], { mergeSharedInfo: changes, ...(typeof changes.phone === 'string' ? { phone: normalizeVietnamPhone(changes.phone) } : {}) });
    }
    case 'add_user_to_tag':
    case 'remove_user_from_tag': {
      const tag = event.tagName;
      if (!tag || tag.length > 50 || !isSafeText(tag)) return [];
      return updateFollowersOfOa(tx, zaloOaId, event.userIds, event.type === 'add_user_to_tag' ? { addTag: tag } : { removeTag: tag });
    }
    case 'interaction': {
      if (event.eventName !== 'user_reply_consent' || !event.userId) return [];
      const consent = event.raw.consent && typeof event.raw.consent === 'object' ? (event.raw.consent as Record<string, unknown>) : {};
      const status = typeof consent.status === 'string' && CONSENT_STATUSES.has(consent.status) ? consent.status : undefined;
      if (!status) return [];
      const t = Number(consent.expired_time);
      return updateFollowersOfOa(tx, zaloOaId, [event.userId], { callConsent: status, callConsentExpiresAt: Number.isFinite(t) && t > 0 ? new Date(t) : null });
    }
    default:
      return [];
  }
}

// ---- the tenant's labels (settings, tags tab) ------------------------------------------------------

/** Each label the tenant's synced followers carry, per OA, with how many carry it. */
export async function tenantTagCounts(db: DbOrTx, scope: TenantScope): Promise<Array<{ zaloOaId: string; tagName: string; followers: number }>> {
  return tagCountsOfTenant(db, scope);
}

/** Zalo's own label list of an OA (gettagsofoa). */
export async function zaloTagsOfOa(zalo: ZaloClient, zaloOaId: string): Promise<string[]> {
  const remote = await listTags(zalo, zaloOaId);
  return Array.isArray(remote) ? remote : [];
}

/** Removes a label from the OA on Zalo (rmtag): Zalo takes it off every follower. */
export async function removeTagOnZalo(zalo: ZaloClient, zaloOaId: string, tagName: string): Promise<void> {
  await removeTag(zalo, zaloOaId, tagName);
}

/** After `removeTagOnZalo`: takes the label off the stored followers of the OA and announces each; returns how many carried it. */
export async function forgetOaTag(tx: Tx, scope: TenantScope, zaloOaId: string, tagName: string): Promise<number> {
  const rows = await dropTagOfOa(tx, scope, zaloOaId, tagName);
  if (rows.length > 0) await emitEvents(tx, rows.map((r) => ({ type: 'oa_follower.changed' as const, tenantId: r.tenantId, data: { zaloOaId, followerId: r.id } })));
  return rows.length;
}
