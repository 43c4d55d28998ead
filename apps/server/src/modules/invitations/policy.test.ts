import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS, type MerchantRole } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { invitationAbilities } from './policy';

const actor = (role: MerchantRole, userId = 'me'): Actor => ({ userId, merchantRole: role, permissions: new Set(MERCHANT_ROLE_PERMISSIONS[role]) });

describe('invitation policy', () => {
  it('keeps an owner invitation an owner’s to resend or revoke', () => {
    expect(invitationAbilities(actor('ADMIN'), { role: 'OWNER' })).toEqual({ resend: false, revoke: false });
    expect(invitationAbilities(actor('ADMIN'), { role: 'USER' })).toEqual({ resend: true, revoke: true });
    expect(invitationAbilities(actor('OWNER'), { role: 'OWNER' })).toEqual({ resend: true, revoke: true });
    expect(invitationAbilities(actor('MODERATOR'), { role: 'USER' })).toEqual({ resend: false, revoke: false });
  });
});
