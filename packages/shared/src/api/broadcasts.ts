import { z } from 'zod';
import { abilities, isoDate, orderByQuery, pageQuery, safeText } from './common';

/* ─── OA broadcasts (§2.3–§2.6, §3 Broadcast, §4, §5, §7 merchant/oa-content/broadcast/*) ─── */

/** §4 broadcast statuses: DRAFT is shown as 'hide', SHOWN once it was handed to Zalo. */
export const BROADCAST_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'APPROVED', 'REJECTED', 'SHOWN'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/**
 * Where an approved broadcast stands with Zalo: WAITING for its schedule time, HELD (with a reason:
 * outside the delivery window, or the OA's monthly broadcast quota is used up), SENDING, SENT
 * (accepted by Zalo, which moderates it before delivery), FAILED (Zalo refused it; its explanation).
 */
export const BROADCAST_SEND_STATES = ['WAITING', 'HELD', 'SENDING', 'SENT', 'FAILED'] as const;
export type BroadcastSendState = (typeof BROADCAST_SEND_STATES)[number];
export const BROADCAST_HOLD_REASONS = ['DELIVERY_WINDOW', 'MONTHLY_QUOTA', 'ZALO_UNAVAILABLE'] as const;
export type BroadcastHoldReason = (typeof BROADCAST_HOLD_REASONS)[number];

/** §9: at most 5 contents per broadcast; name 150; age groups 0–7; regions 0–2; gender 0–2. */
export const BROADCAST_MAX_CONTENTS = 5;
export const BROADCAST_NAME_MAX = 150;
export const BROADCAST_AGES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const BROADCAST_GENDERS = [0, 1, 2] as const;
export const BROADCAST_LOCATIONS = [0, 1, 2] as const;
/** §5 date helper: on today, the next 30 minutes cannot be chosen (Zalo moderates about 30 minutes). */
export const BROADCAST_MIN_LEAD_MINUTES = 30;
/** REFERENCE §13.3: delivered 06:00–21:59 Vietnam time (UTC+7, no daylight saving). */
export const BROADCAST_WINDOW = { startHour: 6, endHour: 22, utcOffsetHours: 7 } as const;
/** REFERENCE §3.6: Zalo moderates a broadcast for about 30 minutes before delivery. */
export const BROADCAST_MODERATION_MINUTES = 30;

/** A comma-joined list of small integers ('2,3'), or '' / absent. */
const codeList = (max: number, field: string) =>
  z
    .string()
    .max(400)
    .regex(/^(\d{1,2}(,\d{1,2})*)?$/, { message: `${field} must be comma-joined numbers` })
    .refine((s) => s === '' || s.split(',').every((v) => Number(v) <= max), { message: `${field} must be between 0 and ${max}` });

/** §3 Broadcast create payload, recipient.target (comma-joined strings, as Zalo takes them). */
export const broadcastTarget = z.strictObject({
  gender: z.string().regex(/^[012]$/, { message: 'gender must be 0, 1 or 2' }).default('0'),
  ages: codeList(7, 'ages').default('0,1,2,3,4,5,6,7'),
  locations: codeList(2, 'locations').optional(),
  /** Province codes of `broadcast/attribute` (checked against the city table). */
  cities: codeList(99, 'cities').optional(),
});
export type BroadcastTargetInput = z.infer<typeof broadcastTarget>;

export const broadcastElement = z.strictObject({
  media_type: z.enum(['article']).default('article'),
  /** The id of a post or video of this product (content id), published on the OA. */
  attachment_id: z.uuid(),
});

/** One per-OA payload of `broadcast/create` (§3); `broadcast/update` takes one. */
export const broadcastPayload = z.strictObject({
  recipient: z.strictObject({ target: broadcastTarget }),
  message: z.strictObject({
    attachment: z.strictObject({
      type: z.literal('template').default('template'),
      payload: z.strictObject({ template_type: z.literal('media').default('media'), elements: z.array(broadcastElement).max(20) }),
    }),
  }),
  nameBroadcast: safeText(z.string().trim().min(1, { message: 'required' }).max(BROADCAST_NAME_MAX)),
  /** DRAFT (save as hidden) or PENDING_REVIEW (continue). */
  status: z.enum(['DRAFT', 'PENDING_REVIEW']),
  teamId: z.uuid().nullable().optional(),
  idBroadcast: z.uuid().optional(),
  /** When Zalo should deliver it (ISO, UTC). */
  scheduleTime: z.iso.datetime({ offset: true }),
  zaloOA: z.uuid(),
});
export type BroadcastPayload = z.infer<typeof broadcastPayload>;
export const broadcastCreateBody = z.array(broadcastPayload).min(1).max(50);

/** §2.3 content-type tabs: a broadcast of videos only is a video broadcast; any post makes it a post one. */
export const BROADCAST_CONTENT_TYPES = ['post', 'video'] as const;
export type BroadcastContentType = (typeof BROADCAST_CONTENT_TYPES)[number];

export const broadcastListQuery = pageQuery.extend({
  orderBy: orderByQuery(['createdAt'], 'createdAt=desc'),
  type: z.enum(BROADCAST_CONTENT_TYPES).optional(),
  status: z.enum(BROADCAST_STATUSES).optional(),
  zaloOAId: z.string().max(2000).optional(),
  title: z.string().max(200).optional(),
  teamIds: z.string().max(2000).optional(),
});

export const broadcastApproveBody = z.strictObject({ approval: z.boolean(), comment: z.string().max(1000) });

const person = z.object({ id: z.uuid(), displayName: z.string(), email: z.string().nullable(), userProfile: z.object({ avatar: z.string().nullable() }) });

export const broadcastAttachment = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  type: z.string(),
  /** The Zalo article id on this broadcast's OA (null if it was unpublished since). */
  zaloArticleId: z.string().nullable(),
});

export const broadcastExplanation = z.object({ code: z.number().int().nullable(), zaloMessage: z.string().nullable(), en: z.string(), vi: z.string() });

export const broadcast = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  nameBroadcast: z.string(),
  contentType: z.enum(BROADCAST_CONTENT_TYPES),
  status: z.enum(BROADCAST_STATUSES),
  scheduleTime: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  author: z.string().nullable(),
  createdBy: person.nullable(),
  updatedBy: person.nullable(),
  teamId: z.uuid().nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  zaloOA: z.array(z.object({ id: z.uuid(), name: z.string(), zaloOAvatar: z.string().nullable() })),
  attachment: z.array(broadcastAttachment),
  oABroadcastMapping: z.array(z.object({ zaloOAId: z.uuid(), recipient: z.object({ target: z.object({ gender: z.string(), ages: z.string(), cities: z.string(), locations: z.string() }) }) })),
  /** Per-OA outcome with Zalo. */
  send: z.object({
    state: z.enum(BROADCAST_SEND_STATES).nullable(),
    holdReason: z.enum(BROADCAST_HOLD_REASONS).nullable(),
    nextAttemptAt: isoDate.nullable(),
    sentAt: isoDate.nullable(),
    expectedDeliveryAt: isoDate.nullable(),
    zaloMessageId: z.string().nullable(),
    error: broadcastExplanation.nullable(),
  }),
  task: z.array(z.object({ id: z.uuid(), status: z.string() })),
  userNextApproval: person.nullable(),
  abilities: abilities(['view', 'edit', 'delete', 'decide']),
});
export type Broadcast = z.infer<typeof broadcast>;

export const broadcastCity = z.object({ name: z.string(), value: z.number().int(), inferred: z.boolean(), districts: z.array(z.object({ name: z.string(), value: z.number().int() })) });
export type BroadcastCity = z.infer<typeof broadcastCity>;
export const broadcastAttributeQuery = z.strictObject({ type: z.enum(['CODE_PROVINCE_CITY_ZALO']) });

/** §4 status display mapping, for the status tag. */
export function broadcastDisplay(status: BroadcastStatus): 'approved' | 'declined' | 'pending' | 'hidden' | 'shown' {
  if (status === 'APPROVED') return 'approved';
  if (status === 'REJECTED') return 'declined';
  if (status === 'PENDING_REVIEW') return 'pending';
  if (status === 'SHOWN') return 'shown';
  return 'hidden';
}
