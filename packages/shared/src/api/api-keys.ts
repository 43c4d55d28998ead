import { z } from 'zod';
import { abilities, isoDate, orderByQuery, pageQuery } from './common';

export const API_KEY_SERVICES = ['ZNS'] as const;
export const API_KEY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
/** `{type}` of POST merchant/api-key/{id}/{type}. */
export const API_KEY_ACTIONS = ['ACTIVE', 'INACTIVE', 'ROTATE'] as const;
/** Every secret starts with this; `keyPrefix` is its first API_KEY_PREFIX_LENGTH characters. */
export const API_KEY_SECRET_PREFIX = 'zc_live_';
export const API_KEY_PREFIX_LENGTH = 12;
/** Header the public send API reads the secret from. */
export const API_KEY_HEADER = 'x-api-key';

/** Comma-joined uuids in a query string (`zaloOAIds=a,b`), as a list. */
export const commaUuids = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.uuid()).max(100));

export const apiKeyQuery = pageQuery.extend({
  service: z.enum(API_KEY_SERVICES).optional(),
  orderBy: orderByQuery(['createdAt', 'name', 'lastUsedAt'], 'createdAt=desc'),
  zaloOAIds: commaUuids.optional(),
  status: z.enum(API_KEY_STATUSES).optional(),
  teamIds: commaUuids.optional(),
});

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  zaloOAId: z.uuid(),
  service: z.enum(API_KEY_SERVICES).default('ZNS'),
  teamId: z.uuid().optional(),
});

export const apiKeyActionParams = z.strictObject({ id: z.uuid(), type: z.enum(API_KEY_ACTIONS) });

/** Body of the OTP-confirmed actions (§4 OTP dialog; 6 digits, 'OTP is required' when missing). */
export const apiKeyOtpBody = z.strictObject({
  service: z.enum(API_KEY_SERVICES).default('ZNS'),
  otp: z.string().trim().max(12).optional(),
});

/** §3 API key as listed: never the secret nor its hash, only the display prefix. */
export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string(), zaloOAvatar: z.string().nullable() }).nullable(),
  teamId: z.uuid().nullable(),
  status: z.enum(API_KEY_STATUSES),
  service: z.enum(API_KEY_SERVICES),
  keyPrefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  /** toggle: set the other status (ACTIVE ↔ INACTIVE); rotate; delete (§6 UPDATE/DELETE_API_KEYS). */
  abilities: abilities(['toggle', 'rotate', 'delete']),
});
export type ApiKey = z.infer<typeof apiKey>;

/** Create and ROTATE answer the secret once, in `secret`; it cannot be read again. */
export const apiKeyWithSecret = apiKey.extend({ secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecret>;

/** Answer of POST merchant/api-key/{id}/{type}: `secret` only for ROTATE. */
export const apiKeyActionResult = apiKey.extend({ secret: z.string().optional() });
