import { z } from 'zod';
import { LIMITS } from '../limits';
import { tagName } from './followers';
import { TENANT_INDUSTRIES, TENANT_SERVICES } from './organisation';
import { isTimeZone } from './tickets';

/**
 * Work that holds a tenant's service on (issue 16 #5): switching the service off while any of these is
 * in flight answers 409 SERVICE_IN_USE with the list in `details.items`.
 * - ZNS: campaigns waiting for review, scheduled or sending; template requests waiting for review.
 * - OA: broadcasts waiting for review, scheduled or being handed to Zalo; contents waiting for review or publication.
 * - Mini app: gift-code batches still generating.
 * - Multi-team: nothing blocks — the teams, their members and quotas are kept and come back when it is on again.
 */
export const SERVICE_BLOCKER_KINDS = ['ZNS_CAMPAIGN', 'ZNS_TEMPLATE', 'OA_BROADCAST', 'OA_CONTENT', 'ZMA_CODE_BATCH'] as const;
export type ServiceBlockerKind = (typeof SERVICE_BLOCKER_KINDS)[number];

export const serviceBlocker = z.object({
  service: z.enum(TENANT_SERVICES),
  kind: z.enum(SERVICE_BLOCKER_KINDS),
  id: z.string(),
  name: z.string(),
  /** The item's state: PENDING / PENDING_REVIEW / SUBMITTED (review), or WAITING, RUNNING, HELD, SENDING, PUBLISHING… */
  status: z.string(),
});
export type ServiceBlocker = z.infer<typeof serviceBlocker>;

/** At most this many items of each kind are listed in a SERVICE_IN_USE answer. */
export const SERVICE_BLOCKERS_PER_KIND = 50;

/** PATCH /merchant/tenant/:id/settings: the general tab's time zone and industry (null clears it). */
export const tenantSettingsBody = z
  .strictObject({
    timeZone: z.string().max(64).refine(isTimeZone, { message: 'unknown IANA time zone' }).optional(),
    industry: z.enum(TENANT_INDUSTRIES).nullable().optional(),
  })
  .refine((b) => b.timeZone !== undefined || b.industry !== undefined, { message: 'Nothing to update' });
export type TenantSettingsBody = z.infer<typeof tenantSettingsBody>;

/** PATCH /merchant/merchant/update: the organisation's name. */
export const merchantUpdateBody = z.strictObject({ name: z.string().trim().min(1).max(LIMITS.merchantNameMax) });
export type MerchantUpdateBody = z.infer<typeof merchantUpdateBody>;

/** One label of one of the tenant's OAs, with how many of its synced followers carry it. */
export const tenantTag = z.object({
  zaloOaId: z.uuid(),
  oaName: z.string(),
  tagName: z.string(),
  followers: z.number().int(),
});
export type TenantTag = z.infer<typeof tenantTag>;

/** The tags tab: every label of every OA of the tenant; `unreachable` names OAs whose Zalo list could not be read (only the stored labels are shown for them). */
export const tenantTagsResponse = z.object({
  data: z.array(tenantTag),
  unreachable: z.array(z.object({ zaloOaId: z.uuid(), oaName: z.string() })),
  abilities: z.object({ delete: z.boolean() }),
});
export type TenantTagsResponse = z.infer<typeof tenantTagsResponse>;

export const deleteTenantTagBody = z.strictObject({ zaloOaId: z.uuid(), tagName });
export type DeleteTenantTagBody = z.infer<typeof deleteTenantTagBody>;
