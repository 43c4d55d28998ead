import { z } from 'zod';
import { safeText } from './common';

/** PENDING until the requester cancels it or an administrator decides it (ADR 0014). */
export const OA_UPDATE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type OaUpdateRequestStatus = (typeof OA_UPDATE_REQUEST_STATUSES)[number];

export const OA_NAME_MAX = 100;
export const OA_DESCRIPTION_MAX = 500;

/** The OA as Zalo describes it (getoa, REFERENCE §3.1), for one OA of the tenant. */
export const oaInfo = z.object({
  zaloOAId: z.uuid(),
  oaId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  isVerified: z.boolean(),
  oaType: z.number().nullable(),
  cateName: z.string().nullable(),
  numFollower: z.number().int().nullable(),
  packageName: z.string().nullable(),
  packageValidThroughDate: z.string().nullable(),
});
export type OaInfo = z.infer<typeof oaInfo>;

export const oaInfoQuery = z.strictObject({ zaloOAId: z.uuid() });

/** The text fields of the multipart `request-update` form; `avatar` and `cover` are optional JPG/PNG file parts. */
export const oaUpdateRequestForm = z.strictObject({
  zaloOAId: z.uuid(),
  name: safeText(z.string().trim().min(1).max(OA_NAME_MAX)).optional(),
  description: safeText(z.string().trim().max(OA_DESCRIPTION_MAX)).optional(),
});

export const oaUpdateRequest = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string(), zaloOAvatar: z.string().nullable() }),
  status: z.enum(OA_UPDATE_REQUEST_STATUSES),
  name: z.string().nullable(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  createdBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ cancel: z.boolean() }),
});
export type OaUpdateRequest = z.infer<typeof oaUpdateRequest>;

export const oaUpdateRequestListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  zaloOAId: z.uuid().optional(),
  status: z.enum(OA_UPDATE_REQUEST_STATUSES).optional(),
});

/** A message quota asset of an OA as last read from Zalo (REFERENCE §3.8). */
export const oaQuotaAsset = z.object({
  assetId: z.string(),
  productType: z.string(),
  quotaType: z.string(),
  validThrough: z.string().nullable(),
  total: z.number().int(),
  remain: z.number().int(),
});

/** The quotas of one OA; `syncedAt` null when never synchronised. */
export const oaQuota = z.object({
  zaloOAId: z.uuid(),
  name: z.string(),
  zaloOAvatar: z.string().nullable(),
  syncedAt: z.string().nullable(),
  assets: z.array(oaQuotaAsset),
});
export type OaQuota = z.infer<typeof oaQuota>;

export const oaQuotaQuery = z.strictObject({ zaloOAId: z.uuid().optional() });
export const oaQuotaSyncBody = z.strictObject({ zaloOAId: z.uuid().optional() });
export const oaQuotaSyncResult = z.object({ synced: z.array(oaQuota), failed: z.array(z.object({ zaloOAId: z.uuid(), message: z.string() })) });
