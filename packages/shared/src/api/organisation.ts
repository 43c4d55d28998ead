import { z } from 'zod';
import { MERCHANT_ROLES } from '../permissions';
import { LIMITS } from '../limits';
import { displayName, email, password } from './auth';
import { orderByQuery, pageQuery } from './common';

export const TENANT_SERVICES = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'] as const;

export const tenant = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  oaService: z.boolean(),
  znsService: z.boolean(),
  isMiniAppEnabled: z.boolean(),
  isMultiTeam: z.boolean(),
  createdAt: z.string(),
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
});
export type MemberUser = z.infer<typeof memberUser>;

export const usersQuery = pageQuery.extend({
  orderBy: orderByQuery(['createdAt', 'email', 'displayName'], 'createdAt=desc'),
  email: z.string().trim().max(LIMITS.emailMax).optional(),
  tenantName: z.string().trim().max(LIMITS.tenantNameMax).optional(),
});

export const addUserBody = z.strictObject({
  email,
  displayName: displayName.optional(),
  /** Required when the email has no account yet. */
  password: password.optional(),
  role: z.enum(MERCHANT_ROLES),
  tenantIds: z.array(z.uuid()).max(100).default([]),
});
export const removeUserBody = z.strictObject({ userId: z.uuid() });
export const updateUserInfoBody = z
  .strictObject({
    displayName: displayName.optional(),
    role: z.enum(MERCHANT_ROLES).optional(),
    tenantIds: z.array(z.uuid()).max(100).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

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

export const userGroup = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  isDefault: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
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
