import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { getFollowers, getUserDetail } from '@zc/zalo/oa-info';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { isSafeText } from '@zc/shared/api/common';
import type { ZaloClient } from '@zc/zalo/client';
import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Db, DbOrTx } from '../../db/client';
import { ilikeContains } from '../../platform/sql';
import { oaFollowers } from '../../db/schema/followers';
import { zaloOas } from '../../db/schema/zalo-oa';

// Zalo's getlist takes count ≤ 50 and offset ≤ 9951 (REFERENCE §7).
const PAGE = 50;
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

/** Pulls the OA's followers page by page (getlist, then user/detail for each) and upserts them. */
export async function syncFollowers(db: Db, zalo: ZaloClient, tenantId: string, zaloOaId: string): Promise<{ synced: number; total: number }> {
  let synced = 0;
  let total = 0;
  for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
    const page = await getFollowers(zalo, zaloOaId, { offset, count: PAGE });
    total = page.total;
    // Details are fetched 8 at a time (the client's per-OA token bucket still paces them).
    const details = await mapConcurrent(page.users, 8, (u) => getUserDetail(zalo, zaloOaId, u.user_id));
    for (const d of details) {
      const userId = d.user_id;
      const sharedInfo = d.shared_info ? Object.fromEntries(Object.entries(d.shared_info).filter(([, v]) => typeof v === 'string')) : null;
      const values = {
        displayName: d.display_name || userId,
        avatar: d.avatar || null,
        isFollower: d.user_is_follower,
        lastInteractionDate: d.user_last_interaction_date || null,
        sharedInfo,
        // The ZNS fallback finds the follower by this (ADR 0004).
        phone: normalizeVietnamPhone(sharedInfo?.phone),
        tagNames: d.tags_and_notes_info?.tag_names ?? [],
        userAlias: d.user_alias || null,
        syncedAt: new Date(),
      };
      await db
        .insert(oaFollowers)
        .values({ tenantId, zaloOaId, userId, ...values })
        .onConflictDoUpdate({ target: [oaFollowers.zaloOaId, oaFollowers.userId], set: values });
      synced += 1;
    }
    if (page.users.length < PAGE || offset + PAGE >= total) break;
  }
  return { synced, total };
}

export async function listFollowers(db: DbOrTx, tenantId: string, q: { search?: string; zaloOAId?: string; limit: number; offset: number }) {
  const conds: SQL[] = [eq(oaFollowers.tenantId, tenantId)];
  if (q.zaloOAId) conds.push(eq(oaFollowers.zaloOaId, q.zaloOAId));
  if (q.search) conds.push(ilikeContains(oaFollowers.displayName, q.search));
  const where = and(...conds);
  const rows = await db
    .select({ f: oaFollowers, oaName: zaloOas.name, oaAvatar: zaloOas.avatar })
    .from(oaFollowers)
    .innerJoin(zaloOas, eq(zaloOas.id, oaFollowers.zaloOaId))
    .where(where)
    .orderBy(asc(oaFollowers.displayName), asc(oaFollowers.id))
    .limit(q.limit)
    .offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(oaFollowers).where(where);
  return {
    total: c?.n ?? 0,
    items: rows.map(({ f, oaName, oaAvatar }) => ({
      id: f.id,
      userId: f.userId,
      displayName: f.displayName,
      avatar: f.avatar,
      userIsFollower: f.isFollower,
      userLastInteractionDate: f.lastInteractionDate,
      zaloOAId: f.zaloOaId,
      zaloOA: { id: f.zaloOaId, name: oaName, zaloOAvatar: oaAvatar },
      sharedInfo: f.sharedInfo ?? null,
      tagsAndNotesInfo: { tagNames: f.tagNames },
      userAlias: f.userAlias,
      userExternalId: f.userExternalId,
      createdAt: f.createdAt.toISOString(),
    })),
  };
}

/** The shared-info keys a follower row keeps (user/detail's names). */
const SHARED_INFO_KEYS = ['name', 'phone', 'address', 'city', 'district', 'user_dob'] as const;

/**
 * Applies a Zalo follower event to the synced store (REFERENCE §13.1): `user_withdraw` (consent
 * withdrawn) forgets what the user shared, phone included, so the ZNS fallback no longer finds
 * them by it; `update_user_info` merges the new values it carries. A follower not synced yet is
 * left to the next sync. Returns whether a row changed.
 */
export async function applyFollowerEvent(db: DbOrTx, zaloOaId: string, event: ZaloWebhookEvent): Promise<boolean> {
  if (event.type !== 'user_withdraw' && event.type !== 'update_user_info') return false;
  if (!event.userId) return false;
  const key = and(eq(oaFollowers.zaloOaId, zaloOaId), eq(oaFollowers.userId, event.userId));
  if (event.type === 'user_withdraw') {
    const rows = await db.update(oaFollowers).set({ sharedInfo: null, phone: null, syncedAt: new Date() }).where(key).returning({ id: oaFollowers.id });
    return rows.length > 0;
  }
  // Only text the database can keep (no NUL, no lone surrogates), like any other input.
  const changes: Record<string, string> = {};
  for (const k of SHARED_INFO_KEYS) {
    const v = event.info[k];
    if (typeof v === 'string' && v.length <= 500 && isSafeText(v)) changes[k] = v;
  }
  if (Object.keys(changes).length === 0) return false;
  // One statement merges into the stored object, so two events for the same user never lose each other.
  const rows = await db
    .update(oaFollowers)
    .set({
      sharedInfo: sql`coalesce(${oaFollowers.sharedInfo}, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
      ...(typeof changes.phone === 'string' ? { phone: normalizeVietnamPhone(changes.phone) } : {}),
      syncedAt: new Date(),
    })
    .where(key)
    .returning({ id: oaFollowers.id });
  return rows.length > 0;
}
