import { z } from 'zod';
import { MERCHANT_ROLES } from '../permissions';
import { TEAM_ROLES } from './teams';

/** POST merchant/user-group: a new group (tenant role) of the caller's tenant. */
export const createUserGroupBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  permissions: z.array(z.string()).max(200).default([]),
});

/** Where a member's permission comes from (§6: effective permissions are the union of these). */
export const PERMISSION_SOURCES = ['TENANT_GROUP', 'MERCHANT_ROLE'] as const;
export type PermissionSource = (typeof PERMISSION_SOURCES)[number];

export const permissionHolderUser = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  roleMerchant: z.enum(MERCHANT_ROLES),
  userGroup: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PermissionHolderUser = z.infer<typeof permissionHolderUser>;

/**
 * GET merchant/user-group/permission-holders: the tenant's members (and the organisation-wide
 * roles that act on it), and for each permission of the tenant catalogue who holds it and through
 * which sources.
 */
export const permissionHolders = z.object({
  users: z.array(permissionHolderUser),
  permissions: z.array(
    z.object({
      permission: z.string(),
      holders: z.array(z.object({ userId: z.uuid(), sources: z.array(z.enum(PERMISSION_SOURCES)) })),
    }),
  ),
});
export type PermissionHolders = z.infer<typeof permissionHolders>;

/** A person in the organisation chart with the roles they hold at that node. */
export const orgChartMember = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  roleMerchant: z.enum(MERCHANT_ROLES),
  userGroup: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  teamRole: z.enum(TEAM_ROLES).nullable(),
});
export type OrgChartMember = z.infer<typeof orgChartMember>;

export const orgChartTeam = z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable(), isDefault: z.boolean(), members: z.array(orgChartMember) });
export type OrgChartTeam = z.infer<typeof orgChartTeam>;

/** A tenant: its teams when it has any, else its members directly. */
export const orgChartTenant = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  teams: z.array(orgChartTeam),
  members: z.array(orgChartMember),
});
export type OrgChartTenant = z.infer<typeof orgChartTenant>;

/** GET merchant/merchant/get-org-chart/{id}: organisation → tenants → teams → members. */
export const orgChart = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** Organisation-wide people (OWNER, ADMIN) shown at the top. */
  leaders: z.array(orgChartMember),
  tenants: z.array(orgChartTenant),
});
export type OrgChart = z.infer<typeof orgChart>;

/**
 * GET user: the signed-in user (§3 User). With x-tenant-id (or x-merchant-id) the context's roles
 * and effective permissions, the §6 union of the merchant role and the tenant group (roleZMA adds
 * nothing until mini-app roles exist); without a context, no roles and no permissions.
 */
export const signedInUser = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  merchantId: z.uuid().nullable(),
  tenantId: z.uuid().nullable(),
  roleMerchant: z.object({ name: z.enum(MERCHANT_ROLES) }).nullable(),
  /** The tenant role: the user group in the tenant named by x-tenant-id. */
  role: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  permissions: z.array(z.string()),
  sources: z.object({ merchantRole: z.array(z.string()), tenantGroup: z.array(z.string()) }),
});
export type SignedInUser = z.infer<typeof signedInUser>;
