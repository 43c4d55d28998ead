/**
 * The §6 permission catalogue. Effective permissions of a user are the union of the tenant role
 * (user group), the merchant role and the mini-app role; a check is true only if the permission is
 * in that union.
 */

export const MERCHANT_PERMISSIONS = [
  'VIEW_REVENUE_CHART',
  'CREATE_USER',
  'UPDATE_USER',
  'DELETE_USER',
  'VIEW_USER',
  'CREATE_TENANT',
  'UPDATE_TENANT',
  'DELETE_TENANT',
  'VIEW_TENANT',
  'VIEW_MERCHANT_DISCOUNT',
  'CREATE_TENANT_DISCOUNT',
  'UPDATE_TENANT_DISCOUNT',
  'DELETE_TENANT_DISCOUNT',
  'UPDATE_MERCHANT',
  'UPDATE_TENANT_BILLING_BALANCE',
  'VIEW_MERCHANT_BILLING_BALANCE',
  'VIEW_MERCHANT_AUDIT_LOG',
] as const;

export const TENANT_PERMISSIONS = [
  'VIEW_DASHBOARD_AND_CHART',
  'VIEW_REPORT',
  'VIEW_USER_GROUPS',
  'UPDATE_USER_GROUPS',
  'VIEW_WEBHOOK',
  'CRUD_WEBHOOK',
  'VIEW_TENANT_DISCOUNT',
  'VIEW_TENANT_BILLING_BALANCE',
  'VIEW_TENANT_SERVICES',
  'VIEW_ZALO_OA_SERVICE',
  'VIEW_ZALO_OA_CREDENTIAL',
  'UPDATE_ZALO_OA_CREDENTIAL',
  'UPDATE_ZALO_OA_INFO',
  'CREATE_ZALO_OA',
  'UPDATE_ZALO_OA',
  'VIEW_ZALO_OA_CONTENT',
  'CREATE_ZALO_OA_CONTENT',
  'UPDATE_ZALO_OA_CONTENT',
  'DELETE_ZALO_OA_CONTENT',
  'VIEW_ZALO_OA_USER',
  'UPDATE_ZALO_OA_USER',
  'VIEW_ZALO_OA_CHAT',
  'ACTION_ZALO_OA_CHAT',
  'CREATE_APPROVAL_WORK_FLOW',
  'VIEW_APPROVAL_WORK_FLOW',
  'UPDATE_APPROVAL_WORK_FLOW',
  'DELETE_APPROVAL_WORK_FLOW',
  'VIEW_TENANT_AUDIT_LOG',
  'VIEW_TENANT_NOTIFICATION',
  'VIEW_TENANT_TASK',
  'UPDATE_TENANT_TASK',
  'CREATE_TENANT_TASK',
  'VIEW_TICKET',
  'CREATE_TICKET',
  'UPDATE_TICKET',
  'DELETE_TICKET',
  'VIEW_TEAM',
  'CREATE_UPDATE_DELETE_TEAM',
  'CREATE_TEAM',
  'UPDATE_TEAM',
  'DELETE_TEAM',
  'UPDATE_TEAM_MEMBER',
  'VIEW_CAMPAIGN',
  'CANCEL_CAMPAIGN',
  'CREATE_CAMPAIGN',
  'LIST_TEMPLATE_LIBRARY',
  'REQUEST_TEMPLATE',
  'VIEW_REQUEST_TEMPLATE',
  'VIEW_TEMPLATE',
  'SEND_REQUEST_PLAYGROUND',
  'VIEW_API_KEYS',
  'CREATE_API_KEYS',
  'UPDATE_API_KEYS',
  'DELETE_API_KEYS',
  'VIEW_HISTORY',
] as const;

export const ZMA_PERMISSIONS = [
  'VIEW_ZMA_DASHBOARD',
  'EXPORT_ZMA_DASHBOARD',
  'VIEW_ZMA_BRANCH',
  'CREATE_ZMA_BRANCH',
  'UPDATE_ZMA_BRANCH',
  'DELETE_ZMA_BRANCH',
  'VIEW_ZMA_BRANCH_GIFT',
  'CREATE_ZMA_BRANCH_GIFT',
  'UPDATE_ZMA_BRANCH_GIFT',
  'DELETE_ZMA_BRANCH_GIFT',
  'VIEW_ZMA_GIFT',
  'CREATE_ZMA_GIFT',
  'UPDATE_ZMA_GIFT',
  'DELETE_ZMA_GIFT',
  'EXPORT_ZMA_GIFT',
  'EXPORT_ZMA_GIFT_ACTIVITY',
  'VIEW_ZMA_GAME',
  'CREATE_ZMA_GAME',
  'UPDATE_ZMA_GAME',
  'DELETE_ZMA_GAME',
  'VIEW_ZMA_USER_HISTORY',
  'VIEW_ZMA_USER',
  'CREATE_ZMA_USER',
  'UPDATE_ZMA_USER',
  'DELETE_ZMA_USER',
  'VIEW_ZMA_ROLE',
  'CREATE_ZMA_ROLE',
  'UPDATE_ZMA_ROLE',
  'DELETE_ZMA_ROLE',
  'VIEW_ZMA_BRANCH_SETTING',
  'UPDATE_ZMA_BRANCH_SETTING',
  'VIEW_ZMA_SETING',
  'UPDATE_ZMA_SETTING',
] as const;

export type MerchantPermission = (typeof MERCHANT_PERMISSIONS)[number];
export type TenantPermission = (typeof TENANT_PERMISSIONS)[number];
export type ZmaPermission = (typeof ZMA_PERMISSIONS)[number];
export type Permission = MerchantPermission | TenantPermission | ZmaPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...MERCHANT_PERMISSIONS,
  ...TENANT_PERMISSIONS,
  ...ZMA_PERMISSIONS,
];

const permissionSet = new Set<string>(ALL_PERMISSIONS);
/** True when `value` names a permission of the catalogue. */
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** Account roles of §6, held per organisation (merchant). EU is the end-user role. */
export const MERCHANT_ROLES = ['OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

/** Tag colours of the account roles (antd preset colours). */
export const ROLE_COLORS: Record<MerchantRole, string> = {
  OWNER: 'gold',
  ADMIN: 'red',
  MODERATOR: 'purple',
  USER: 'blue',
  MARKETING: 'green',
  EU: 'default',
};

export const TEAM_ROLES = ['MEMBER', 'LEADER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const tenantAll: readonly Permission[] = TENANT_PERMISSIONS;
const zmaAll: readonly Permission[] = ZMA_PERMISSIONS;

const MODERATOR_TENANT: Permission[] = [
  'VIEW_DASHBOARD_AND_CHART',
  'VIEW_REPORT',
  'VIEW_USER_GROUPS',
  'VIEW_TENANT_SERVICES',
  'VIEW_TENANT_BILLING_BALANCE',
  'VIEW_ZALO_OA_SERVICE',
  'VIEW_ZALO_OA_CONTENT',
  'UPDATE_ZALO_OA_CONTENT',
  'VIEW_ZALO_OA_USER',
  'VIEW_ZALO_OA_CHAT',
  'ACTION_ZALO_OA_CHAT',
  'VIEW_APPROVAL_WORK_FLOW',
  'VIEW_TENANT_AUDIT_LOG',
  'VIEW_TENANT_NOTIFICATION',
  'VIEW_TENANT_TASK',
  'UPDATE_TENANT_TASK',
  'VIEW_TICKET',
  'UPDATE_TICKET',
  'VIEW_TEAM',
  'VIEW_CAMPAIGN',
  'CANCEL_CAMPAIGN',
  'VIEW_REQUEST_TEMPLATE',
  'VIEW_TEMPLATE',
  'LIST_TEMPLATE_LIBRARY',
  'VIEW_API_KEYS',
  'VIEW_HISTORY',
];

const MARKETING_TENANT: Permission[] = [
  'VIEW_DASHBOARD_AND_CHART',
  'VIEW_ZALO_OA_SERVICE',
  'VIEW_ZALO_OA_CONTENT',
  'CREATE_ZALO_OA_CONTENT',
  'UPDATE_ZALO_OA_CONTENT',
  'VIEW_ZALO_OA_USER',
  'VIEW_TENANT_NOTIFICATION',
  'VIEW_TENANT_TASK',
  'CREATE_TENANT_TASK',
  'VIEW_TEAM',
  'VIEW_CAMPAIGN',
  'CREATE_CAMPAIGN',
  'LIST_TEMPLATE_LIBRARY',
  'VIEW_TEMPLATE',
  'REQUEST_TEMPLATE',
  'SEND_REQUEST_PLAYGROUND',
  'VIEW_HISTORY',
];

const USER_TENANT: Permission[] = [
  'VIEW_DASHBOARD_AND_CHART',
  'VIEW_TENANT_NOTIFICATION',
  'VIEW_TENANT_TASK',
  'VIEW_TICKET',
  'CREATE_TICKET',
  'VIEW_HISTORY',
];

/**
 * Permissions granted by the merchant (organisation) role. OWNER and ADMIN act on every tenant of
 * their organisation; the other roles act on the tenants they are members of, and add their user
 * group's permissions there. EU holds nothing at organisation level: its user group decides.
 */
export const MERCHANT_ROLE_PERMISSIONS: Record<MerchantRole, readonly Permission[]> = {
  OWNER: [...MERCHANT_PERMISSIONS, ...tenantAll, ...zmaAll],
  ADMIN: [
    ...MERCHANT_PERMISSIONS.filter((p) => p !== 'UPDATE_MERCHANT' && p !== 'DELETE_TENANT'),
    ...tenantAll,
    ...zmaAll,
  ],
  MODERATOR: ['VIEW_USER', 'VIEW_TENANT', 'VIEW_MERCHANT_BILLING_BALANCE', ...MODERATOR_TENANT],
  MARKETING: ['VIEW_TENANT', ...MARKETING_TENANT],
  USER: ['VIEW_TENANT', ...USER_TENANT],
  EU: [],
};

/** Roles that see every tenant of their organisation without a tenant membership. */
export const ORGANISATION_WIDE_ROLES: readonly MerchantRole[] = ['OWNER', 'ADMIN'];

/** The union of permission lists, the §6 rule for effective permissions. */
export function unionPermissions(...sources: ReadonlyArray<readonly string[] | undefined>): Permission[] {
  const out = new Set<Permission>();
  for (const list of sources) for (const p of list ?? []) if (isPermission(p)) out.add(p);
  return [...out];
}
