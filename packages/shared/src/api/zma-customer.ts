import { z } from 'zod';
import { isoDate, listResponse, dataResponse, safeText } from './common';
import { ZMA_GENDERS } from './zma';
import { customerGift } from './zma-loyalty';

/**
 * Mini-app customers (issue 14 #8–#10; /tmp agreement §4): the end-user API the mini app calls
 * (`/api/zma/app/*`, customer token), the console's customer list and detail, and the dashboard
 * (`/api/zma/merchant/customer`, `/api/zma/merchant/dashboard`, x-zma-id).
 */

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

/** A won gift or voucher as its customer sees it (the code as a QR): the loyalty contract's shape. */
export { customerGift, type CustomerGift } from './zma-loyalty';

/** A Zalo refusal, explained (what `details.zaloError` of ZMA_ACCESS_TOKEN_INVALID / ZMA_PHONE_TOKEN_INVALID holds). */
export const zaloErrorDetail = z.object({
  code: z.number().int(),
  message: z.string(),
  explanation: z.object({ en: z.string(), vi: z.string(), actionEn: z.string(), actionVi: z.string() }),
});
export type ZaloErrorDetail = z.infer<typeof zaloErrorDetail>;

// ---------------------------------------------------------------------------------------------
// End-user API (/api/zma/app/*) — the mini app
// ---------------------------------------------------------------------------------------------

/** Zalo's access token as zmp-sdk `getAccessToken()` gives it: printable ASCII (it travels in a header). */
const zaloToken = z.string().trim().min(1).max(2000).regex(/^[\x21-\x7e]+$/, { message: 'must be printable ASCII without spaces' });

/** `POST /api/zma/app/session`: sign in with the Zalo identity (the only unauthenticated call). */
export const zmaSessionBody = z.strictObject({
  zaloAppId: z.string().trim().regex(/^\d{5,30}$/, { message: 'must be 5–30 digits' }),
  accessToken: zaloToken,
  /** The referrer's customer id (the mini app's `?ref=` link); used on the first sign-in only. */
  ref: z.uuid().optional(),
});

/** What the mini app shows of its settings (the rest stays in the console). */
export const zmaAppPublicSettings = z.object({
  primaryColor: z.string(),
  welcomeText: z.string(),
  requirePhoneToPlay: z.boolean(),
  followOaPrompt: z.boolean(),
});
export type ZmaAppPublicSettings = z.infer<typeof zmaAppPublicSettings>;

export const zmaSelf = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.enum(ZMA_GENDERS),
  isFollower: z.boolean(),
  bonusTurns: z.number().int(),
});
export type ZmaSelf = z.infer<typeof zmaSelf>;

export const zmaSession = z.object({
  /** Bearer token of every other `/api/zma/app/*` call (12 hours; then sign in again). */
  token: z.string(),
  expiresIn: z.number().int(),
  /** True the first time this Zalo user opened the app. */
  isNew: z.boolean(),
  customer: zmaSelf,
  /** `oaId`: Zalo's id of the OA the app invites customers to follow (zmp-sdk followOA), when one is linked. */
  miniApp: z.object({ id: z.uuid(), name: z.string(), logo: z.string().nullable(), oaId: z.string().nullable(), settings: zmaAppPublicSettings }),
});
export type ZmaSession = z.infer<typeof zmaSession>;
export const zmaSessionResponse = dataResponse(zmaSession);

/** `POST /api/zma/app/phone`: the zmp-sdk `getPhoneNumber()` token and the current Zalo access token. */
export const zmaPhoneBody = z.strictObject({ token: zaloToken, accessToken: zaloToken });
export const zmaPhoneResponse = dataResponse(z.object({ phone: z.string() }));

/** The wheel's look as the mini app draws it. */
export const zmaAppDrawLook = z.object({
  primaryColor: z.string().optional(),
  secondaryColor: z.string().optional(),
  buttonText: z.string().optional(),
  backgroundUrl: z.string().nullable().optional(),
});

export const zmaAppDraw = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  look: zmaAppDrawLook,
  prizes: z.array(z.object({ id: z.uuid(), label: z.string(), color: z.string().nullable(), position: z.number().int() })),
  turnsLeft: z.number().int(),
  opensAt: isoDate.nullable(),
  closesAt: isoDate.nullable(),
});
export type ZmaAppDraw = z.infer<typeof zmaAppDraw>;

/** `GET /api/zma/app/me`. */
export const zmaMe = zmaSelf.extend({ draws: z.array(zmaAppDraw), unusedGifts: z.number().int() });
export type ZmaMe = z.infer<typeof zmaMe>;
export const zmaMeResponse = dataResponse(zmaMe);

/** `GET /api/zma/app/gifts`. */
export const zmaGiftsResponse = dataResponse(z.array(customerGift));

/** `POST /api/zma/app/follow` (after zmp-sdk followOA / unfollowOA). */
export const zmaFollowBody = z.strictObject({ followed: z.boolean() });
export const zmaFollowResponse = dataResponse(z.object({ isFollower: z.boolean() }));

// ---------------------------------------------------------------------------------------------
// Console (/api/zma/merchant/*, x-zma-id)
// ---------------------------------------------------------------------------------------------

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/zma/merchant/customer`: search is a name prefix or phone digits (0… or 84… both match). */
export const zmaCustomerQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: safeText(z.string().trim().max(100)).optional(),
  isFollower: boolQuery.optional(),
  hasPhone: boolQuery.optional(),
  gender: z.enum(ZMA_GENDERS).optional(),
});

export const zmaCustomer = z.object({
  id: z.uuid(),
  zaloUserId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.enum(ZMA_GENDERS),
  isFollower: z.boolean(),
  bonusTurns: z.number().int(),
  /** Counts over this customer's rows: spins played, gifts won (codes allocated), codes redeemed. */
  spins: z.number().int(),
  gifts: z.number().int(),
  redeemed: z.number().int(),
  createdAt: isoDate,
  lastSeenAt: isoDate.nullable(),
});
export type ZmaCustomer = z.infer<typeof zmaCustomer>;
export const zmaCustomerListResponse = listResponse(zmaCustomer);

export const zmaCustomerActivity = z.object({
  id: z.number().int(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});

/** `GET /api/zma/merchant/customer/{id}`: the list row with `gifts` as the list itself (its count is `giftCount`). */
export const zmaCustomerDetail = zmaCustomer.omit({ gifts: true }).extend({
  giftCount: z.number().int(),
  /** The customer's invitation (`https://zalo.me/s/<Zalo app id>/?ref=<customer id>`), what the mini app's invite shares. */
  referralLink: z.string().nullable(),
  referredBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  gifts: z.array(customerGift),
  turns: z.array(z.object({ drawId: z.uuid(), drawName: z.string(), turnsLeft: z.number().int() })),
  activity: z.array(zmaCustomerActivity),
});
export type ZmaCustomerDetail = z.infer<typeof zmaCustomerDetail>;
export const zmaCustomerDetailResponse = dataResponse(zmaCustomerDetail);

export const ZMA_DASHBOARD_PERIODS = ['DAILY', 'MONTHLY'] as const;
export type ZmaDashboardPeriod = (typeof ZMA_DASHBOARD_PERIODS)[number];

/** `GET /api/zma/merchant/dashboard`: `from`/`to` ISO (default the last 30 days); buckets in Asia/Ho_Chi_Minh. */
export const zmaDashboardQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  period: z.enum(ZMA_DASHBOARD_PERIODS).default('DAILY'),
});

export const zmaDashboard = z.object({
  from: isoDate,
  to: isoDate,
  period: z.enum(ZMA_DASHBOARD_PERIODS),
  totals: z.object({
    /** Customers who spun at least once in the range. */
    players: z.number().int(),
    /** Customers who joined in the range. */
    newPlayers: z.number().int(),
    spins: z.number().int(),
    wins: z.number().int(),
    /** Codes given to customers in the range. */
    giftsWon: z.number().int(),
    /** Codes redeemed in the range. */
    redeemed: z.number().int(),
    /** redeemed / giftsWon (0 when nothing was won), 0–1. */
    redemptionRate: z.number(),
  }),
  /** One row per day or month (Vietnam time), `at` = its first instant. */
  series: z.array(z.object({ at: isoDate, players: z.number().int(), spins: z.number().int(), wins: z.number().int(), redeemed: z.number().int() })),
  /** Codes redeemed at each branch in the range, and its share of the codes won in the range. */
  byBranch: z.array(z.object({ branchId: z.uuid(), name: z.string(), redeemed: z.number().int(), redemptionRate: z.number() })),
  lowStock: z.array(z.object({ branchId: z.uuid(), branchName: z.string(), giftItemId: z.uuid(), giftName: z.string(), quantity: z.number().int(), lowThreshold: z.number().int() })),
  topPrizes: z.array(z.object({ prizeId: z.uuid(), drawId: z.uuid(), drawName: z.string(), label: z.string(), won: z.number().int(), stock: z.number().int().nullable() })),
});
export type ZmaDashboard = z.infer<typeof zmaDashboard>;
export const zmaDashboardResponse = dataResponse(zmaDashboard);
