import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/policy';
import { tenantMemberAbilities, userGroupAbilities } from './policy';

describe('user group policy', () => {
  it('ties user group actions to UPDATE_USER_GROUPS; only a member with a group can be taken out of it', () => {
    const viewer: Actor = { userId: 'me', merchantRole: 'USER', permissions: new Set(['VIEW_USER_GROUPS']) };
    const editor: Actor = { userId: 'me', merchantRole: 'USER', permissions: new Set(['VIEW_USER_GROUPS', 'UPDATE_USER_GROUPS']) };
    expect(userGroupAbilities(viewer, { isDefault: false })).toEqual({ update: false, manageMembers: false, delete: false });
    expect(userGroupAbilities(editor, { isDefault: false })).toEqual({ update: true, manageMembers: true, delete: true });
    expect(userGroupAbilities(editor, { isDefault: true })).toEqual({ update: true, manageMembers: true, delete: false });
    expect(tenantMemberAbilities(editor, { userGroup: { id: 'g' } })).toEqual({ removeFromGroup: true });
    expect(tenantMemberAbilities(editor, { userGroup: null })).toEqual({ removeFromGroup: false });
    expect(tenantMemberAbilities(viewer, { userGroup: { id: 'g' } })).toEqual({ removeFromGroup: false });
  });
});
