import { describe, expect, it } from 'vitest';
import { TENANT_PERMISSIONS, ZMA_PERMISSIONS } from '@zc/shared/permissions';
import { groupByArea, permissionArea } from './permission-areas';

describe('permission areas', () => {
  it('puts every catalogue permission in a named area (none left in other) and keeps each exactly once', () => {
    const all = [...TENANT_PERMISSIONS, ...ZMA_PERMISSIONS];
    expect(all.filter((p) => permissionArea(p) === 'other')).toEqual([]);
    const grouped = groupByArea(all);
    expect(grouped.flatMap((g) => g.permissions).sort()).toEqual([...all].sort());
    expect(permissionArea('VIEW_ZMA_GAME')).toBe('miniApp');
    expect(permissionArea('UPDATE_TEAM_MEMBER')).toBe('teams');
    expect(permissionArea('VIEW_TENANT_NOTIFICATION')).toBe('audit');
  });
});
