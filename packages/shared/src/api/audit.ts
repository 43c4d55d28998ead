import { z } from 'zod';
import { orderByQuery, pageQuery } from './common';

/** Every action an audit entry can record. */
export const AUDIT_ACTIONS = [
  'AUTH_LOGIN',
  'AUTH_LOGOUT',
  'AUTH_REGISTER',
  'AUTH_PASSWORD_RESET_REQUEST',
  'AUTH_PASSWORD_RESET',
  'AUTH_PASSWORD_CHANGE',
  'AUTH_PROFILE_UPDATE',
  'OTP_GENERATE',
  'OTP_VERIFY',
  'MERCHANT_UPDATE_AVATAR',
  'MERCHANT_ADD_USER',
  'MERCHANT_REMOVE_USER',
  'MERCHANT_UPDATE_USER',
  'MERCHANT_INVITATION_CREATE',
  'MERCHANT_INVITATION_ACCEPT',
  'MERCHANT_INVITATION_DECLINE',
  'MERCHANT_INVITATION_REVOKE',
  'MERCHANT_LEAVE',
  'TENANT_CREATE',
  'TENANT_UPDATE',
  'TENANT_SERVICES_UPDATE',
  'USER_GROUP_ADD_USER',
  'USER_GROUP_REMOVE_USER',
  'USER_GROUP_UPDATE',
  'ZALO_OA_CREATE',
  'ZALO_OA_UPDATE',
  'ZNS_TEMPLATE_SYNC',
  'ZNS_TEMPLATE_REQUEST',
  'ZALO_OA_FOLLOWER_SYNC',
  'PLAYGROUND_SEND',
  'PLAYGROUND_UPLOAD',
  'WALLET_UPDATE_TENANT_BALANCE',
  'API_KEY_CREATE',
  'API_KEY_UPDATE',
  'API_KEY_DELETE',
  'WEBHOOK_CREATE',
  'WEBHOOK_UPDATE',
  'WEBHOOK_DELETE',
  'WEBHOOK_ROTATE_SECRET',
  'WEBHOOK_TEST',
  'WEBHOOK_REPLAY',
  'FALLBACK_UPDATE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuery = pageQuery.extend({
  orderBy: orderByQuery(['createdAt'], 'createdAt=desc'),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorEmail: z.string().trim().max(254).optional(),
  targetType: z.string().trim().max(50).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const auditEntry = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  merchantId: z.uuid().nullable(),
  tenantId: z.uuid().nullable(),
  tenantName: z.string().nullable(),
  actor: z.object({ id: z.uuid(), email: z.string(), displayName: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditVerifyResponse = z.object({
  data: z.object({ ok: z.boolean(), checked: z.number().int(), brokenAtSeq: z.number().int().nullable() }),
});
