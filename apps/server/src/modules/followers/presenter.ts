import type { Follower } from '@zc/shared/api/followers';
import type { FollowerRow } from './repo';

/** Follower row (with its OA) → §3 follower; no per-row actions exist on followers, so no abilities. */
export function presentFollower({ f, oaName, oaAvatar }: { f: FollowerRow; oaName: string; oaAvatar: string | null }): Follower {
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
    createdAt: f.createdAt.toISOString(),
  };
}
