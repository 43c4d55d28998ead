import { z } from 'zod';
import { ZMA_PERMISSIONS } from '../permissions';
import { abilities, isoDate } from './common';
import { ZMA_ACTIVITY_KINDS, ZMA_ITEM_TYPES, ZMA_STATUSES } from './zma';

/**
 * Issue 14 #1, #2 — the mini apps of a tenant (/tmp/zma-api.md §1, §1b): the registry and switcher,
 * the API keys of the tenant's own backend, the settings, staff roles and users of one mini app, and
 * the activity history. Responses are `{ data, meta? }` (dataResponse / listResponse of common.ts).
 */

/** Paging of every mini-app list: `page` (1-based) and `pageSize` (≤ 100); the answer's `meta.total`. */
export const ZMA_MAX_PAGE_SIZE = 100;
export const zmaPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ZMA_MAX_PAGE_SIZE).default(20),
});
export type ZmaPageQuery = z.infer<typeof zmaPageQuery>;

/** A mini app as listed and opened (never its secret: `hasSecret` is always true). */
export const miniApp = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  zaloAppId: z.string(),
  /** The OA (zalo_oas id) customers are invited to follow, or null. */
  zaloOaId: z.uuid().nullable(),
  status: z.enum(ZMA_STATUSES),
  createdAt: isoDate,
  hasSecret: z.literal(true),
  /** Customers who signed in to this mini app. */
  customers: z.number().int(),
  /** update (name, logo, OA, status, rotate the secret) and delete: UPDATE_ZMA_SETTING at tenant level. */
  abilities: abilities(['update', 'delete']),
});
export type MiniApp = z.infer<typeof miniApp>;

/** Zalo's app id: digits only. */
export const zaloAppIdSchema = z.string().trim().regex(/^\d{5,30}$/, { message: 'must be 5 to 30 digits' });
/** The app secret as Zalo shows it (printable ASCII). */
export const zmaAppSecretSchema = z
  .string()
  .trim()
  .min(8)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, { message: 'must be printable ASCII without spaces' });
const logoUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const createMiniAppBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  zaloAppId: zaloAppIdSchema,
  appSecret: zmaAppSecretSchema,
  zaloOaId: z.uuid().nullable().optional(),
  logo: logoUrl.nullable().optional(),
});
export type CreateMiniAppBody = z.infer<typeof createMiniAppBody>;

/** Every field optional; `appSecret` rotates the secret (the old one stops working at once). */
export const updateMiniAppBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  logo: logoUrl.nullable().optional(),
  zaloOaId: z.uuid().nullable().optional(),
  status: z.enum(ZMA_STATUSES).optional(),
  appSecret: zmaAppSecretSchema.optional(),
});
export type UpdateMiniAppBody = z.infer<typeof updateMiniAppBody>;

export const miniAppIdParams = z.strictObject({ id: z.uuid() });

/** Logo upload (`POST /api/zma/merchant/mini-app/logo`, multipart `file`): jpg or png, at most 2 MB. */
export const ZMA_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const ZMA_LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const zmaUploadResult = z.object({ url: z.string() });

// ---- API keys of the tenant's own backend (`/api/zma/v1/*`) ----

/** Every secret starts with this; `keyPrefix` is its first ZMA_API_KEY_PREFIX_LENGTH characters. */
export const ZMA_API_KEY_SECRET_PREFIX = 'zma_live_';
export const ZMA_API_KEY_PREFIX_LENGTH = 13;
/** The header the `/api/zma/v1/*` API reads the key from (`Authorization: Bearer <key>` works too). */
export const ZMA_API_KEY_HEADER = 'x-api-key';

export const zmaApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  keyPrefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  /** revoke: UPDATE_ZMA_SETTING and not yet revoked. */
  abilities: abilities(['revoke']),
});
export type ZmaApiKey = z.infer<typeof zmaApiKey>;

/** Create answers the secret once, in `secret`; it cannot be read again. */
export const zmaApiKeyWithSecret = zmaApiKey.extend({ secret: z.string() });
export type ZmaApiKeyWithSecret = z.infer<typeof zmaApiKeyWithSecret>;

export const createZmaApiKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });
export const zmaApiKeyParams = z.strictObject({ id: z.uuid(), keyId: z.uuid() });

/** `GET /api/zma/v1/app` (API key): the mini app the key belongs to. */
export const zmaV1App = z.object({ id: z.uuid(), name: z.string(), status: z.enum(ZMA_STATUSES) });

// ---- Activity history ----

export const zmaActivityRow = z.object({
  id: z.string(),
  zmaAppId: z.uuid(),
  appName: z.string(),
  kind: z.enum(ZMA_ACTIVITY_KINDS),
  customer: z.object({ id: z.uuid(), name: z.string().nullable(), avatar: z.string().nullable() }).nullable(),
  branch: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  giftItem: z.object({ id: z.uuid(), name: z.string(), type: z.enum(ZMA_ITEM_TYPES) }).nullable(),
  code: z.string().nullable(),
  actor: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});
export type ZmaActivityRow = z.infer<typeof zmaActivityRow>;

const activityFilters = {
  kind: z.enum(ZMA_ACTIVITY_KINDS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

/** `GET /api/zma/merchant/history` (every mini app of the tenant). */
export const zmaHistoryQuery = zmaPageQuery.extend({ zmaAppId: z.uuid().optional(), ...activityFilters });
export type ZmaHistoryQuery = z.infer<typeof zmaHistoryQuery>;
export const zmaHistoryExportQuery = zmaHistoryQuery.omit({ page: true, pageSize: true });

/** `GET /api/zma/merchant/activity` (the mini app of x-zma-id). */
export const zmaActivityQuery = zmaPageQuery.extend({
  ...activityFilters,
  customerId: z.uuid().optional(),
  branchId: z.uuid().optional(),
});
export type ZmaActivityQuery = z.infer<typeof zmaActivityQuery>;
export const zmaActivityExportQuery = zmaActivityQuery.omit({ page: true, pageSize: true });

/** Exports stop at this many rows (the newest first). */
export const ZMA_EXPORT_MAX_ROWS = 100_000;

// ---- Inside one mini app (x-zma-id) ----

/** `GET /api/zma/merchant/me`: the mini app and the §6 union the web gates the mini-app menu with. */
export const zmaMe = z.object({ miniApp, permissions: z.array(z.string()) });
export type ZmaMe = z.infer<typeof zmaMe>;

export const ZMA_SETTINGS_DEFAULTS = {
  primaryColor: '#1677ff',
  welcomeText: '',
  codeValidityDays: 30,
  lowStockThreshold: 10,
  requirePhoneToPlay: false,
  followOaPrompt: true,
} as const;

export const zmaSettings = z.strictObject({
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour #rrggbb' }),
  welcomeText: z.string().trim().max(200),
  codeValidityDays: z.number().int().min(1).max(365),
  lowStockThreshold: z.number().int().min(0).max(100_000),
  requirePhoneToPlay: z.boolean(),
  followOaPrompt: z.boolean(),
});
export type ZmaSettings = z.infer<typeof zmaSettings>;

/** PUT body: the whole settings object (a missing field keeps its default). */
export const updateZmaSettingsBody = zmaSettings.partial();

export const zmaPermissionSchema = z.enum(ZMA_PERMISSIONS);

export const zmaRole = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  members: z.number().int(),
  createdAt: isoDate,
  abilities: abilities(['update', 'delete']),
});
export type ZmaRole = z.infer<typeof zmaRole>;

export const createZmaRoleBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(zmaPermissionSchema).max(ZMA_PERMISSIONS.length),
});
export const updateZmaRoleBody = createZmaRoleBody.partial();
export const zmaRoleParams = z.strictObject({ roleId: z.uuid() });

export const zmaUser = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  roleId: z.uuid().nullable(),
  roleName: z.string().nullable(),
});
export type ZmaUser = z.infer<typeof zmaUser>;

/** `roleId`: only the members of that mini-app role (the role page's member list). */
export const zmaUserQuery = zmaPageQuery.extend({ search: z.string().trim().max(100).optional(), roleId: z.uuid().optional() });
export const zmaUserParams = z.strictObject({ userId: z.uuid() });
export const assignZmaRoleBody = z.strictObject({ roleId: z.uuid().nullable() });
