import { ZMA_PERMISSIONS, type ZmaPermission } from '@zc/shared/permissions';

export const ZMA_PERMISSION_GROUPS = ['dashboard', 'branch', 'branchGift', 'branchSetting', 'gift', 'game', 'user', 'history', 'role', 'setting'] as const;
export type ZmaPermissionGroup = (typeof ZMA_PERMISSION_GROUPS)[number];

/** The group a §6 mini-app permission is shown in on the role page. */
export function permissionGroup(p: ZmaPermission): ZmaPermissionGroup {
  if (p.endsWith('_ZMA_DASHBOARD')) return 'dashboard';
  if (p.endsWith('_ZMA_BRANCH_GIFT')) return 'branchGift';
  if (p.endsWith('_ZMA_BRANCH_SETTING')) return 'branchSetting';
  if (p.endsWith('_ZMA_BRANCH')) return 'branch';
  if (p.endsWith('_ZMA_GIFT') || p.endsWith('_ZMA_GIFT_ACTIVITY')) return 'gift';
  if (p.endsWith('_ZMA_GAME')) return 'game';
  if (p.endsWith('_ZMA_USER_HISTORY')) return 'history';
  if (p.endsWith('_ZMA_USER')) return 'user';
  if (p.endsWith('_ZMA_ROLE')) return 'role';
  return 'setting';
}

/** Every mini-app permission by group, in the §6 order, groups in ZMA_PERMISSION_GROUPS order. */
export function groupedPermissions(): { group: ZmaPermissionGroup; permissions: ZmaPermission[] }[] {
  return ZMA_PERMISSION_GROUPS.map((group) => ({ group, permissions: ZMA_PERMISSIONS.filter((p) => permissionGroup(p) === group) })).filter((g) => g.permissions.length > 0);
}
