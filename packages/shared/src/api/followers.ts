import { z } from 'zod';
import { safeText } from './common';

export const follower = z.object({
  id: z.uuid(),
  userId: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  userIsFollower: z.boolean(),
  userLastInteractionDate: z.string().nullable(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string(), zaloOAvatar: z.string().nullable() }),
  /** user/detail's keys (name, phone, address, city, district, user_dob); city_id/district_id once written from here. */
  sharedInfo: z.record(z.string(), z.string()).nullable(),
  tagsAndNotesInfo: z.object({ tagNames: z.array(z.string()) }),
  userAlias: z.string().nullable(),
  userExternalId: z.string().nullable(),
  /** Call consent as Zalo last told it: none, pending, accepted, rejected, expired (null: never asked). */
  callConsent: z.string().nullable(),
  callConsentExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Follower = z.infer<typeof follower>;

/**
 * §7 Followers getlist: page (appended when above 1), searchValue, OA filter. The search is a
 * case-insensitive prefix match on the display name ("ngu" finds "Nguyễn Văn An"); the list is in
 * display-name order.
 */
export const followerListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  searchValue: z.string().trim().max(100).optional(),
  zaloOAId: z.uuid().optional(),
});

export const followerSyncBody = z.strictObject({
  zaloOAId: z.uuid(),
  /** Answer at once with the sync's state and run it in the background (progress as oa_follower.sync_progress). */
  background: z.boolean().optional(),
});
export const followerSyncState = z.object({
  syncId: z.uuid(),
  zaloOAId: z.uuid(),
  /** RUNNING, DONE or FAILED. */
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FollowerSyncState = z.infer<typeof followerSyncState>;
/** The sync's answer: `synced` of `total` plus its state (kept for callers of the first version). */
export const followerSyncResult = followerSyncState.extend({ synced: z.number().int() });
export const followerSyncStateQuery = z.strictObject({ zaloOAId: z.uuid() });

const text = (max: number, min = 0) => safeText(z.string().trim().min(min).max(max));
/** dd/MM/yyyy, a real day from 01/01/1970 (Zalo's rule, REFERENCE §13.1). */
export const followerDob = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'dd/MM/yyyy')
  .refine((v) => {
    const [d, m, y] = v.split('/').map(Number) as [number, number, number];
    const at = new Date(Date.UTC(y, m - 1, d));
    return at.getUTCDate() === d && at.getUTCMonth() === m - 1 && y >= 1970 && at.getTime() <= Date.now();
  }, 'a real day from 01/01/1970, not in the future');

/** §3 Follower update payload (PATCH oa-user/{id}): written to Zalo's user/update, stored on success. */
export const followerUpdateBody = z
  .strictObject({
    userAlias: text(100).optional(),
    userExternalId: text(100).optional(),
    sharedInfo: z
      .strictObject({
        name: text(100, 1).optional(),
        phone: z.string().trim().regex(/^\+?\d{9,15}$/, 'digits only, 9 to 15').optional(),
        address: text(200).optional(),
        cityId: z.number().int().min(0).optional(),
        districtId: z.number().int().min(0).optional(),
        userDob: followerDob.optional(),
      })
      .optional(),
  })
  .refine((b) => b.userAlias !== undefined || b.userExternalId !== undefined || (b.sharedInfo && Object.keys(b.sharedInfo).length > 0), 'nothing to update');
export type FollowerUpdateBody = z.infer<typeof followerUpdateBody>;

/** PATCH oa-user/information/{id}: the name the follower shares (shared_info.name), with the information flag. */
export const followerInformationBody = z.strictObject({ displayName: text(100, 1), information: z.literal(true) });

export const tagName = text(50, 1);
/** §3 tag action: ADD and SUB in one call, at most 3 labels each (§5), a label never in both. */
export const followerTagBody = z.strictObject({
  actions: z
    .array(z.strictObject({ type: z.enum(['ADD', 'SUB']), tagName: z.array(tagName).min(1).max(3) }))
    .min(1)
    .max(2)
    .refine((a) => new Set(a.map((x) => x.type)).size === a.length, 'ADD and SUB at most once each'),
});
export type FollowerTagBody = z.infer<typeof followerTagBody>;
export const followerTagOutcome = z.object({
  type: z.enum(['ADD', 'SUB']),
  tagName: z.string(),
  ok: z.boolean(),
  /** Zalo's explanation when this label failed (each label stands alone). */
  error: z.string().optional(),
  errorVi: z.string().optional(),
});
export type FollowerTagOutcome = z.infer<typeof followerTagOutcome>;
export const followerTagResult = z.object({ follower, results: z.array(followerTagOutcome) });
export type FollowerTagResult = z.infer<typeof followerTagResult>;
export const followerTagsQuery = z.strictObject({ zaloOAId: z.uuid() });

/** §3 City list: name, value, districts (name, value) — the ids Zalo's user/update takes. */
export const followerCity = z.object({ name: z.string(), value: z.number().int(), districts: z.array(z.object({ name: z.string(), value: z.number().int() })) });
export type FollowerCity = z.infer<typeof followerCity>;

export const zaloCallQuery = z.strictObject({ id: z.uuid() });
export const zaloCallBody = z.strictObject({
  id: z.uuid(),
  callType: z.enum(['audio', 'video', 'audio_and_video']).default('audio'),
  /** Why the OA wants to call (REFERENCE §13.4), for a consent request. */
  reasonCode: z.union([z.literal(101), z.literal(103), z.literal(105), z.literal(106), z.literal(107)]).default(101),
});
export const zaloCallState = z.object({
  consent: z.boolean(),
  status: z.string(),
  expiresAt: z.string().nullable(),
  /** The phone consent is asked for (the follower's shared phone); null when they shared none. */
  phone: z.string().nullable(),
});
export type ZaloCallState = z.infer<typeof zaloCallState>;
/** POST zalo-call: a consent request (`requested`) or, with consent, the call link and QR code. */
export const zaloCallResult = z.object({
  action: z.enum(['requested', 'call']),
  state: zaloCallState,
  callLink: z.string().optional(),
  qrCode: z.string().optional(),
  ttl: z.number().int().optional(),
});
export type ZaloCallResult = z.infer<typeof zaloCallResult>;
