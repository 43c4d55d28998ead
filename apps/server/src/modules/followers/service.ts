import { getFollowers, getUserDetail } from '@zc/zalo/oa-info';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { isSafeText } from '@zc/shared/api/common';
import type { ZaloClient } from '@zc/zalo/client';
import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Follower } from '@zc/shared/api/followers';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { presentFollower } from './presenter';
import { findOaId, listFollowerRows, updateFollowerOfOa, upsertFollower } from './repo';

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

/** The tenant's OA (404 for another tenant's), before a sync of its followers. */
export async function requireTenantOa(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string> {
  const id = await findOaId(db, scope, zaloOaId);
  if (!id) throw notFound();
  return id;
}

/**
 * Pulls the OA's followers page by page (getlist, then user/detail for each) and upserts them.
 * `tenantId` owns the OA: the route checked it with `requireTenantOa`, a worker read it from the OA row.
 */
export async function syncFollowers(db: Db, zalo: ZaloClient, tenantId: string, zaloOaId: string): Promise<{ synced: number; total: number }> {
  const scope = trustedTenantScope(tenantId);
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
      await upsertFollower(db, scope, { zaloOaId, userId }, values);
      synced += 1;
    }
    if (page.users.length < PAGE || offset + PAGE >= total) break;
  }
  return { synced, total };
}

export async function listFollowers(db: DbOrTx, scope: TenantScope, q: Parameters<typeof listFollowerRows>[2]): Promise<{ items: Follower[]; total: number }> {
  const r = await listFollowerRows(db, scope, q);
  return { total: r.total, items: r.rows.map(presentFollower) };
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
  if (event.type === 'user_withdraw') return updateFollowerOfOa(db, zaloOaId, event.userId, { sharedInfo: null, phone: null });
  // Only text the database can keep (no NUL, no lone surrogates), like any other input.
  const changes: Record<string, string> = {};
  for (const k of SHARED_INFO_KEYS) {
    const v = event.info[k];
    if (typeof v === 'string' && v.length <= 500 && isSafeText(v)) changes[k] = v;
  }
  if (Object.keys(changes).length === 0) return false;
  return updateFollowerOfOa(db, zaloOaId, event.userId, { mergeSharedInfo: changes, ...(typeof changes.phone === 'string' ? { phone: normalizeVietnamPhone(changes.phone) } : {}) });
}
