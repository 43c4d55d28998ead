import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS, type MerchantRole } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { leaveDenial, memberAbilities, memberRemovalDenial, memberUpdateDenial } from './policy';

const actor = (role: MerchantRole, userId = 'me'): Actor => ({ userId, merchantRole: role, permissions: new Set(MERCHANT_ROLE_PERMISSIONS[role]) });
const member = (role: MerchantRole, userId = 'them') => ({ userId, role });

describe('member policy', () => {
  it('lets an admin edit and remove ordinary members but never touch an owner', () => {
    expect(memberAbilities(actor('ADMIN'), member('USER'), 2)).toEqual({ update: true, changeRole: true, remove: true });
    expect(memberAbilities(actor('ADMIN'), member('OWNER'), 2)).toEqual({ update: true, changeRole: false, remove: false });
    expect(memberUpdateDenial(actor('ADMIN'), member('USER'), 2, { role: 'OWNER' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(memberUpdateDenial(actor('ADMIN'), member('USER'), 2, { role: 'MARKETING' })).toBeNull();
  });

  it('lets an owner change another owner, and keeps the last owner', () => {
    expect(memberAbilities(actor('OWNER'), member('OWNER'), 2)).toEqual({ update: true, changeRole: true, remove: true });
    expect(memberAbilities(actor('OWNER', 'me'), member('OWNER', 'me'), 1)).toEqual({ update: true, changeRole: false, remove: false });
    expect(memberUpdateDenial(actor('OWNER', 'me'), member('OWNER', 'me'), 1, { role: 'ADMIN' })).toEqual({ code: 'LAST_OWNER' });
    expect(memberUpdateDenial(actor('OWNER', 'me'), member('OWNER', 'me'), 2, { role: 'ADMIN' })).toBeNull();
  });

  it('never removes oneself (leaving is its own action), and the last owner cannot leave', () => {
    expect(memberRemovalDenial(actor('OWNER', 'me'), member('USER', 'me'), 2)).toMatchObject({ code: 'FORBIDDEN' });
    expect(leaveDenial(member('OWNER', 'me'), 1)).toEqual({ code: 'LAST_OWNER' });
    expect(leaveDenial(member('OWNER', 'me'), 2)).toBeNull();
    expect(leaveDenial(member('USER', 'me'), 1)).toBeNull();
  });

  it('gives nothing to roles without the user permissions', () => {
    for (const role of ['MODERATOR', 'USER', 'MARKETING', 'EU'] as const) {
      expect(memberAbilities(actor(role), member('USER'), 2)).toEqual({ update: false, changeRole: false, remove: false });
    }
  });
});
