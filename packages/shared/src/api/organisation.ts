import { z } from 'zod';
import { MERCHANT_ROLES } from '../permissions';
import { LIMITS } from '../limits';
import { displayName, email, profile, tokenPair } from './auth';
import { abilities, orderByQuery, pageQuery } from './common';

export const TENANT_SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;
/** §3 Enumerations: industries. */
export const TENANT_INDUSTRIES = ['ecommerce', 'medical', 'education', 'spa'] as const;
/** The time zone a tenant's months and statements are cut in, unless it chose another. */
export const DEFAULT_TENANT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export const tenant = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  oaService: z.boolean(),
  znsService: z.boolean(),
  isMiniAppEnabled: z.boolean(),
  isMultiTeam: z.boolean(),
  /** IANA time zone of the tenant's statements and month ends. */
  timeZone: z.string(),
  industry: z.enum(TENANT_INDUSTRIES).nullable(),
  createdAt: z.string(),
  /** What the caller may do with the tenant: rename / change its avatar, switch its services. */
  abilities: abilities(['update', 'manageServices']),
});
export type Tenant = z.infer<typeof tenant>;

export const merchant = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  logo: z.string().nullable(),
  /** The caller's role in this organisation. */
  role: z.enum(MERCHANT_ROLES),
  tenants: z.array(tenant),
});
export type Merchant = z.infer<typeof merchant>;

export const merchantRoleItem = z.object({
  name: z.enum(MERCHANT_ROLES),
  permissions: z.array(z.string()),
});

export const userGroupRef = z.object({ id: z.uuid(), name: z.string() });

export const memberUser = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  /** Organisation role, §3 roleMerchant. */
  roleMerchant: z.object({ name: z.enum(MERCHANT_ROLES) }),
  /** Tenant memberships visible to the caller, with the user group (tenant role) in each. */
  tenants: z.array(z.object({ id: z.uuid(), name: z.string(), userGroup: userGroupRef.nullable() })),
  createdAt: z.string(),
  /**
   * What the caller may do with this membership: edit it (tenants; the role when `changeRole`),
   * remove it. An owner's role and membership are an owner's to change; the last owner stays.
   */
  abilities: abilities(['update', 'changeRole', 'remove']),
});
export type MemberUser = z.infer<typeof memberUser>;

export const usersQuery = pageQuery.extend({
  orderBy: orderByQuery(['createdAt', 'email', 'displayName'], 'createdAt=desc'),
  email: z.string().trim().max(LIMITS.emailMax).optional(),
  tenantName: z.string().trim().max(LIMITS.tenantNameMax).optional(),
});

/**
 * add-user invites an email address (issue 8): the answer is the pending invitation, the same
 * whether or not the address has an account, and nothing about any account changes before the
 * holder of the address accepts.
 */
export const addUserBody = z.strictObject({
  email,
  role: z.enum(MERCHANT_ROLES),
  tenantIds: z.array(z.uuid()).max(100).default([]),
});
export const removeUserBody = z.strictObject({ userId: z.uuid() });
/** The organisation's own membership data only; the person's profile is theirs (PATCH auth/profile). */
export const updateUserInfoBody = z
  .strictObject({
    role: z.enum(MERCHANT_ROLES).optional(),
    tenantIds: z.array(z.uuid()).max(100).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

const tenantRef = z.object({ id: z.uuid(), name: z.string() });

/** An invitation as its organisation sees it (add-user answer, pending list). */
export const invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(MERCHANT_ROLES),
  tenants: z.array(tenantRef),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ id: z.uuid(), email: z.string(), displayName: z.string() }).nullable(),
  /** True once expiresAt has passed (the invitation can no longer be accepted). */
  isExpired: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Resend (a new link, same role and tenants) and revoke; an owner invitation is an owner's. */
  abilities: abilities(['resend', 'revoke']),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationsQuery = pageQuery.extend({
  orderBy: orderByQuery(['createdAt', 'email', 'expiresAt'], 'createdAt=desc'),
  email: z.string().trim().max(LIMITS.emailMax).optional(),
});

/** An invitation as the invited person sees it (my invitations, the mail link). */
export const receivedInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  merchant: z.object({ id: z.uuid(), name: z.string(), logo: z.string().nullable() }),
  role: z.enum(MERCHANT_ROLES),
  tenants: z.array(tenantRef),
  invitedBy: z.object({ displayName: z.string(), email: z.string() }).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitation>;

/** The mail link's view: shown only to the token holder, who may learn whether the address has an account. */
export const invitationPreview = receivedInvitation.extend({ hasAccount: z.boolean() });
export type InvitationPreview = z.infer<typeof invitationPreview>;

const invitationToken = z.string().min(20).max(200).regex(/^[\w-]+$/);
export const invitationTokenBody = z.strictObject({ token: invitationToken });
/**
 * Accept from the mail link without a session: the account's password for an existing account,
 * or a new password and display name to create the account.
 */
export const acceptInvitationWithPasswordBody = z.strictObject({
  token: invitationToken,
  /** The account's password, or the new account's (then at least LIMITS.passwordMin characters). */
  password: z.string().min(1).max(LIMITS.passwordMax),
  displayName: displayName.optional(),
});
/** What an accepted invitation opens: the organisation to switch to. */
export const acceptedInvitation = z.object({ merchantId: z.uuid(), merchantName: z.string(), role: z.enum(MERCHANT_ROLES) });
/** accept-with-password signs the person in: a token pair, the profile and the organisation joined. */
export const acceptedWithSession = tokenPair.extend({ user: profile }).extend(acceptedInvitation.shape);

/** Multipart fields of create/update tenant; the avatar file travels as field `file`. */
export const tenantFormFields = z.strictObject({ name: z.string().trim().min(1).max(LIMITS.tenantNameMax) });
export const tenantUpdateFields = z.strictObject({ name: z.string().trim().min(1).max(LIMITS.tenantNameMax).optional() });

export const tenantServices = z.object({
  oaService: z.boolean(),
  znsService: z.boolean(),
  isMiniAppEnabled: z.boolean(),
  isMultiTeam: z.boolean(),
});
export const tenantServicesBody = z.strictObject({
  oaService: z.boolean().optional(),
  znsService: z.boolean().optional(),
  isMiniAppEnabled: z.boolean().optional(),
  isMultiTeam: z.boolean().optional(),
});

export const tenantUser = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  userGroup: userGroupRef.nullable(),
});
export type TenantUser = z.infer<typeof tenantUser>;

/** A member of the tenant (list-user-by-tenant), with what the caller may do: take them out of their group. */
export const tenantMember = tenantUser.extend({ abilities: abilities(['removeFromGroup']) });
export type TenantMember = z.infer<typeof tenantMember>;

export const userGroup = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  isDefault: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  /** Rename / change permissions (`update`), add or remove members (`manageMembers`), delete (`delete`: never the default group). */
  abilities: abilities(['update', 'manageMembers', 'delete']),
});
export type UserGroup = z.infer<typeof userGroup>;

export const userGroupMembersBody = z.strictObject({ userIds: z.array(z.uuid()).min(1).max(100) });
export const updateUserGroupBody = z.strictObject({
  id: z.uuid(),
  name: z.string().trim().min(1).max(100).optional(),
  permissions: z.array(z.string()).max(200).optional(),
});

export const permissionGroupItem = z.object({ scope: z.enum(['MERCHANT', 'TENANT', 'ZMA']), permissions: z.array(z.string()) });

export const permissionsResponse = z.object({ data: z.array(z.string()) });
