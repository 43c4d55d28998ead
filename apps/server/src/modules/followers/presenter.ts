import type { Follower, FollowerSyncState } from '@zc/shared/api/followers';
import type { FollowerSyncRow, FollowerWithOa } from './repo';

/** Follower row (with its OA) → §3 follower; no per-row actions differ between followers, so no abilities. */
export function presentFollower({ f, oaName, oaAvatar }: FollowerWithOa): Follower {
  return {
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
    callConsent: f.callConsent,
    callConsentExpiresAt: f.callConsentExpiresAt?.toISOString() ?? null,
    createdAt: f.createdAt.toISOString(),
  };
}

export function presentSync(s: FollowerSyncRow): FollowerSyncState {
  return {
    syncId: s.id,
    zaloOAId: s.zaloOaId,
    status: s.status === 'DONE' || s.status === 'FAILED' ? s.status : 'RUNNING',
    done: s.done,
    total: s.total,
    error: s.error,
    startedAt: s.createdAt.toISOString(),
    finishedAt: s.finishedAt?.toISOString() ?? null,
  };
}
