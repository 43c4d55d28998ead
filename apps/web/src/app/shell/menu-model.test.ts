import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS } from '@zc/shared/permissions';
import { buildOrganisationMenu, buildTenantMenu, znsEntryPermission, type MenuNode, type TenantLike } from './menu-model';

const keys = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
const shop: TenantLike = { id: 't1', name: 'Shop', oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true };
const clinic: TenantLike = { id: 't2', name: 'Clinic', oaService: false, znsService: true, isMiniAppEnabled: false, isMultiTeam: false };

describe('menu model', () => {
  it('shows every organisation item to an owner, with Add Tenant', () => {
    const held = new Set(MERCHANT_ROLE_PERMISSIONS.OWNER);
    expect(keys(buildOrganisationMenu(held, [shop]))).toEqual(['dashboard', 'tenants', 'tenant:t1', 'add-tenant', 'user', 'audit-log', 'settings']);
  });

  it('applies the §6 Tenants rule literally', () => {
    // No tenants and no CREATE_TENANT: the item needs CREATE_TENANT, so it hides.
    expect(keys(buildOrganisationMenu(new Set(['VIEW_TENANT']), []))).toEqual(['dashboard']);
    // May create: the item needs VIEW_TENANT.
    expect(keys(buildOrganisationMenu(new Set(['CREATE_TENANT']), []))).toEqual(['dashboard']);
    expect(keys(buildOrganisationMenu(new Set(['CREATE_TENANT', 'VIEW_TENANT']), []))).toEqual(['dashboard', 'tenants', 'add-tenant']);
  });

  it('drops the OA group and Teams for a ZNS-only tenant', () => {
    const held = new Set(MERCHANT_ROLE_PERMISSIONS.OWNER);
    const k = keys(buildTenantMenu(held, clinic));
    expect(k).not.toContain('zalo-oa');
    expect(k).not.toContain('ac-teams');
    expect(k).not.toContain('mini-app');
    expect(k).toContain('zns-service');
  });

  it('takes the first ZNS permission held in the §6 order', () => {
    expect(znsEntryPermission(new Set(['VIEW_HISTORY', 'VIEW_TEMPLATE']))).toBe('VIEW_TEMPLATE');
    expect(znsEntryPermission(new Set(['VIEW_TENANT']))).toBeNull();
    expect(keys(buildTenantMenu(new Set(['SEND_REQUEST_PLAYGROUND']), shop))).not.toContain('zns-service');
  });
});
