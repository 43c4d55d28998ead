import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS, type MerchantRole } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { tenantAbilities } from './policy';

const actor = (role: MerchantRole, userId = 'me'): Actor => ({ userId, merchantRole: role, permissions: new Set(MERCHANT_ROLE_PERMISSIONS[role]) });

describe('tenant policy', () => {
  it('lets the roles holding UPDATE_TENANT edit tenants and their services', () => {
    expect(tenantAbilities(actor('OWNER'))).toEqual({ update: true, manageServices: true });
    expect(tenantAbilities(actor('ADMIN'))).toEqual({ update: true, manageServices: true });
    expect(tenantAbilities(actor('MODERATOR'))).toEqual({ update: false, manageServices: false });
  });
});
