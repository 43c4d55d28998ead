import { describe, expect, it } from 'vitest';
import { ZMA_PERMISSIONS } from '@zc/shared/permissions';
import { groupedPermissions, permissionGroup } from './permission-groups';

describe('mini-app permission groups', () => {
  it('puts every §6 mini-app permission in exactly one group', () => {
    const all = groupedPermissions().flatMap((g) => g.permissions);
    expect([...all].sort()).toEqual([...ZMA_PERMISSIONS].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it('tells branch stock and branch settings from branches, and history from users', () => {
    expect(permissionGroup('VIEW_ZMA_BRANCH')).toBe('branch');
    expect(permissionGroup('UPDATE_ZMA_BRANCH_GIFT')).toBe('branchGift');
    expect(permissionGroup('VIEW_ZMA_BRANCH_SETTING')).toBe('branchSetting');
    expect(permissionGroup('EXPORT_ZMA_GIFT_ACTIVITY')).toBe('gift');
    expect(permissionGroup('VIEW_ZMA_USER_HISTORY')).toBe('history');
    expect(permissionGroup('VIEW_ZMA_USER')).toBe('user');
    expect(permissionGroup('VIEW_ZMA_SETING')).toBe('setting');
    expect(permissionGroup('UPDATE_ZMA_SETTING')).toBe('setting');
  });
});
