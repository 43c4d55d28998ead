import { z } from 'zod';

export const follower = z.object({
  id: z.uuid(),
  userId: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  userIsFollower: z.boolean(),
  userLastInteractionDate: z.string().nullable(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string(), zaloOAvatar: z.string().nullable() }),
  sharedInfo: z.record(z.string(), z.string()).nullable(),
  tagsAndNotesInfo: z.object({ tagNames: z.array(z.string()) }),
  userAlias: z.string().nullable(),
  userExternalId: z.string().nullable(),
  createdAt: z.string(),
});
export type Follower = z.infer<typeof follower>;

/** §7 Followers getlist: page (appended when above 1), searchValue on the display name, OA filter. */
export const followerListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  searchValue: z.string().trim().max(100).optional(),
  zaloOAId: z.uuid().optional(),
});

export const followerSyncBody = z.strictObject({ zaloOAId: z.uuid() });
export const followerSyncResult = z.object({ synced: z.number().int(), total: z.number().int() });
