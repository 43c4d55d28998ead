/**
 * The areas of the §6 catalogue an administrator composes groups from, in menu order. Each
 * permission belongs to the first area whose rule matches; `other` catches anything new.
 */
export const PERMISSION_AREAS = [
  'dashboard',
  'userGroups',
  'zaloOa',
  'zns',
  'approvals',
  'tasks',
  'tickets',
  'teams',
  'apiKeys',
  'webhooks',
  'billing',
  'audit',
  'miniApp',
  'other',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const RULES: ReadonlyArray<[PermissionArea, RegExp]> = [
  ['miniApp', /_ZMA_|ZMA$/],
  ['dashboard', /^VIEW_DASHBOARD_AND_CHART$|^VIEW_REPORT$/],
  ['userGroups', /USER_GROUPS$/],
  ['zaloOa', /ZALO_OA/],
  ['zns', /CAMPAIGN|TEMPLATE|PLAYGROUND|^VIEW_HISTORY$/],
  ['approvals', /APPROVAL_WORK_FLOW/],
  ['tasks', /TENANT_TASK/],
  ['tickets', /TICKET/],
  ['teams', /TEAM/],
  ['apiKeys', /API_KEYS/],
  ['webhooks', /WEBHOOK/],
  ['billing', /DISCOUNT|BILLING|SERVICES/],
  ['audit', /AUDIT_LOG|NOTIFICATION/],
];

export function permissionArea(permission: string): PermissionArea {
  return RULES.find(([, rule]) => rule.test(permission))?.[0] ?? 'other';
}

/** The permissions grouped by area, areas in PERMISSION_AREAS order, empty areas left out. */
export function groupByArea(permissions: readonly string[]): Array<{ area: PermissionArea; permissions: string[] }> {
  const by = new Map<PermissionArea, string[]>();
  for (const p of permissions) {
    const area = permissionArea(p);
    by.set(area, [...(by.get(area) ?? []), p]);
  }
  return PERMISSION_AREAS.flatMap((area) => {
    const list = by.get(area);
    return list ? [{ area, permissions: list }] : [];
  });
}
