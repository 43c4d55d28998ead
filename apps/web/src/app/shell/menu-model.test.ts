import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS, MERCHANT_ROLES } from '@zc/shared/permissions';
import { checkPage } from '../../lib/access';
import { PAGES, TENANT_SETTINGS, type PageDef } from '../../lib/paths';
import { ZMA_PAGE_PERMISSION } from '../../lib/zma-scope';
import { buildMiniAppMenu, buildOrganisationMenu, buildTenantMenu, MINI_APP_MENU, znsEntryPermission, type MenuNode, type TenantLike } from './menu-model';

const keys = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
const shop: TenantLike = { id: 't1', name: 'Shop', oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true };
const clinic: TenantLike = { id: 't2', name: 'Clinic', oaService: false, znsService: true, isMiniAppEnabled: false, isMultiTeam: false };

/** The page an item's address opens, found by its pathname among every page the router knows. */
function pageOf(path: string): PageDef | undefined {
  const pathname = path.split('?')[0];
  return [...Object.values(PAGES), TENANT_SETTINGS].find((p) => p.path === pathname);
}

describe('menu model', () => {
  it('shows every organisation item to an owner, with Add Tenant, the wallets and statements, the report and settings', () => {
    const held = new Set(MERCHANT_ROLE_PERMISSIONS.OWNER);
    expect(keys(buildOrganisationMenu(held, [shop]))).toEqual(['dashboard', 'tenants', 'tenant:t1', 'add-tenant', 'user', 'billing-group', 'billing', 'statements', 'org-report', 'audit-log', 'org-settings']);
  });

  it('opens each tenant of the Tenants group at its own detail', () => {
    const held = new Set(MERCHANT_ROLE_PERMISSIONS.OWNER);
    const tenants = buildOrganisationMenu(held, [shop, clinic]).find((n) => n.key === 'tenants');
    expect(tenants?.children?.map((c) => c.path)).toEqual(['/dashboard/tenant?tenantId=t1', '/dashboard/tenant?tenantId=t2', undefined]);
  });

  it('applies the §6 Tenants rule literally', () => {
    // No tenants and no CREATE_TENANT: the item needs CREATE_TENANT, so it hides.
    expect(keys(buildOrganisationMenu(new Set(['VIEW_TENANT']), []))).toEqual(['dashboard', 'org-settings']);
    // May create: the item needs VIEW_TENANT.
    expect(keys(buildOrganisationMenu(new Set(['CREATE_TENANT']), []))).toEqual(['dashboard']);
    expect(keys(buildOrganisationMenu(new Set(['CREATE_TENANT', 'VIEW_TENANT']), []))).toEqual(['dashboard', 'tenants', 'add-tenant', 'org-settings']);
  });

  it('lists the wallets page only with VIEW_MERCHANT_BILLING_BALANCE', () => {
    expect(keys(buildOrganisationMenu(new Set(['VIEW_MERCHANT_BILLING_BALANCE']), []))).toContain('billing');
    expect(keys(buildOrganisationMenu(new Set(['UPDATE_TENANT_BILLING_BALANCE']), []))).not.toContain('billing');
  });

  it('drops the OA group and Teams for a ZNS-only tenant', () => {
    const held = new Set(MERCHANT_ROLE_PERMISSIONS.OWNER);
    const k = keys(buildTenantMenu(held, clinic));
    expect(k).not.toContain('zalo-oa');
    expect(k).not.toContain('ac-teams');
    expect(k).toContain('zns-service');
  });

  it('gives an owner only pages that exist: no item of a module still to come', () => {
    const k = keys(buildTenantMenu(new Set(MERCHANT_ROLE_PERMISSIONS.OWNER), shop));
    expect(k).toEqual([
      'tenant-dashboard',
      'tenant-report',
      'tenant-billing',
      'zalo-oa',
      'oa-analytics',
      'oa-content',
      'oa-broadcast',
      'oa-chat',
      'oa-customers',
      'oa-uid',
      'oa-history',
      'oa-setting',
      'zns-service',
      'zns-campaign',
      'zns-templates',
      'zns-template-management',
      'zns-playground',
      'zns-history',
      'mini-app',
      'my-task',
      'task-requests',
      'task-tickets',
      'access-control',
      'ac-user',
      'ac-roles',
      'ac-teams',
      'tenant-audit-log',
      'api-keys',
      'tools',
      'file-stand',
      'tenant-settings',
    ]);
  });

  it('lists My tasks > Requests with its unread badge, only for a holder of VIEW_TENANT_TASK', () => {
    const nodes = leaves(buildTenantMenu(new Set(MERCHANT_ROLE_PERMISSIONS.OWNER), shop));
    const requests = nodes.find((n) => n.key === 'task-requests');
    expect(requests?.path).toBe('/tenant/my-task/requests?tenantId=t1');
    expect(requests?.badge).toBe('requests');
    expect(keys(buildTenantMenu(new Set(['VIEW_TENANT_AUDIT_LOG']), shop))).not.toContain('my-task');
  });

  it('lists My tasks > Tickets with its unread badge, only for a holder of VIEW_TICKET', () => {
    const tickets = leaves(buildTenantMenu(new Set(MERCHANT_ROLE_PERMISSIONS.OWNER), shop)).find((n) => n.key === 'task-tickets');
    expect(tickets?.path).toBe('/tenant/my-task/tickets?tenantId=t1');
    expect(tickets?.badge).toBe('tickets');
    const ticketsOnly = leaves(buildTenantMenu(new Set(['VIEW_TICKET']), shop)).map((n) => n.key);
    expect(ticketsOnly).toContain('task-tickets');
    expect(ticketsOnly).not.toContain('task-requests');
  });

  it('reaches the OA settings from the OA group and the settings tabs from Settings', () => {
    const nodes = leaves(buildTenantMenu(new Set(MERCHANT_ROLE_PERMISSIONS.OWNER), shop));
    expect(nodes.find((n) => n.key === 'oa-setting')?.path).toBe('/tenant/zalo-oa/setting?tenantId=t1');
    expect(nodes.find((n) => n.key === 'tenant-settings')?.path).toBe('/tenant/settings?tenantId=t1');
  });

  it('offers no item whose page the role may not open, for every role and tenant kind', () => {
    for (const role of MERCHANT_ROLES) {
      const held = new Set<string>(MERCHANT_ROLE_PERMISSIONS[role]);
      for (const tenant of [shop, clinic]) {
        for (const node of leaves(buildTenantMenu(held, tenant))) {
          const page = pageOf(node.path ?? '');
          expect(page, `${role} ${node.key}`).toBeDefined();
          expect(checkPage(page as PageDef, held, tenant), `${role} ${node.key} in ${tenant.name}`).toEqual({ ok: true });
        }
      }
      for (const node of leaves(buildOrganisationMenu(held, [shop]))) {
        if (node.action) continue;
        const page = pageOf(node.path ?? '');
        expect(page, `${role} ${node.key}`).toBeDefined();
        expect(checkPage(page as PageDef, held, null), `${role} ${node.key}`).toEqual({ ok: true });
      }
    }
  });

  it('hides the playground from a role that may not send and the API keys from MARKETING', () => {
    const marketing = new Set<string>(MERCHANT_ROLE_PERMISSIONS.MARKETING);
    const k = keys(buildTenantMenu(marketing, shop));
    expect(k).toContain('zns-playground');
    expect(k).not.toContain('api-keys');
    expect(k).not.toContain('tenant-settings');
    const moderator = new Set<string>(MERCHANT_ROLE_PERMISSIONS.MODERATOR);
    expect(keys(buildTenantMenu(moderator, shop))).not.toContain('zns-playground');
  });

  it('needs VIEW_HISTORY for the UID page on top of the OA service permission', () => {
    expect(keys(buildTenantMenu(new Set(['VIEW_ZALO_OA_SERVICE']), shop))).toEqual(['zalo-oa', 'oa-analytics', 'oa-setting', 'mini-app']);
    expect(keys(buildTenantMenu(new Set(['VIEW_ZALO_OA_SERVICE', 'VIEW_HISTORY']), shop))).toEqual(['zalo-oa', 'oa-analytics', 'oa-uid', 'oa-history', 'oa-setting', 'zns-service', 'zns-history', 'mini-app']);
  });

  it('takes the first ZNS permission held in the §6 order', () => {
    expect(znsEntryPermission(new Set(['VIEW_HISTORY', 'VIEW_TEMPLATE']))).toBe('VIEW_TEMPLATE');
    expect(znsEntryPermission(new Set(['VIEW_TENANT']))).toBeNull();
    expect(keys(buildTenantMenu(new Set(['SEND_REQUEST_PLAYGROUND']), shop))).not.toContain('zns-service');
  });
});

describe('checkPage', () => {
  it('refuses a ZNS page in a tenant without ZNS before looking at permissions', () => {
    const owner = new Set<string>(MERCHANT_ROLE_PERMISSIONS.OWNER);
    expect(checkPage(PAGES.znsPlayground, owner, { ...clinic, znsService: false })).toEqual({ ok: false, reason: 'service', services: ['znsService'] });
    expect(checkPage(PAGES.apiKeys, new Set(MERCHANT_ROLE_PERMISSIONS.MARKETING), shop)).toEqual({ ok: false, reason: 'permission' });
    expect(checkPage(PAGES.oaSetting, owner, clinic)).toEqual({ ok: true });
  });
});

describe('mini-app menus (issue 14)', () => {
  it('offers Mini Apps only in a tenant whose mini-app flag is on, at the tenant\'s mini apps', () => {
    const owner = new Set<string>(MERCHANT_ROLE_PERMISSIONS.OWNER);
    const item = buildTenantMenu(owner, shop).find((n) => n.key === 'mini-app');
    expect(item?.path).toBe('/tenant/zalo-mini-app?tenantId=t1');
    expect(keys(buildTenantMenu(owner, clinic))).not.toContain('mini-app');
    // The flag alone: the list shows the apps the caller may open.
    expect(keys(buildTenantMenu(new Set(), shop))).toEqual(['mini-app']);
  });

  it('lists the §2.2 mini-app menu in order for a holder of every mini-app permission, after the way back', () => {
    const all = new Set<string>(Object.values(ZMA_PAGE_PERMISSION).flat());
    const nodes = buildMiniAppMenu(all, 'app-1', 't1');
    expect(keys(nodes)).toEqual(['zma-back', ...MINI_APP_MENU.map((m) => m.key)]);
    expect(keys(nodes)).toEqual([
      'zma-back', 'zma-dashboard', 'zma-branch', 'zma-gift-inventory', 'zma-voucher', 'zma-lucky-draw', 'zma-history', 'zma-user', 'zma-customer', 'zma-settings',
    ]);
    expect(nodes[0]?.path).toBe('/tenant/zalo-mini-app?tenantId=t1');
    expect(nodes.find((n) => n.key === 'zma-branch')?.path).toBe('/tenant/mini-app/app-1/branch?tenantId=t1');
    expect(nodes.find((n) => n.key === 'zma-dashboard')?.path).toBe('/tenant/mini-app/app-1?tenantId=t1');
  });

  it('shows each mini-app item only with its permission in that app\'s union', () => {
    expect(keys(buildMiniAppMenu(new Set(), 'a', 't'))).toEqual(['zma-back']);
    expect(keys(buildMiniAppMenu(new Set(['VIEW_ZMA_GIFT']), 'a', 't'))).toEqual(['zma-back', 'zma-gift-inventory', 'zma-voucher']);
    expect(keys(buildMiniAppMenu(new Set(['VIEW_ZMA_ROLE']), 'a', 't'))).toEqual(['zma-back', 'zma-user']);
    expect(keys(buildMiniAppMenu(new Set(['VIEW_ZMA_USER']), 'a', 't'))).toEqual(['zma-back', 'zma-user', 'zma-customer']);
    expect(keys(buildMiniAppMenu(new Set(['VIEW_ZMA_DASHBOARD', 'VIEW_ZMA_SETING', 'VIEW_ZMA_USER_HISTORY']), 'a', 't'))).toEqual([
      'zma-back', 'zma-dashboard', 'zma-history', 'zma-settings',
    ]);
    // Tenant-level permissions that are not mini-app ones open nothing here.
    expect(keys(buildMiniAppMenu(new Set(MERCHANT_ROLE_PERMISSIONS.MARKETING.filter((p) => !p.includes('ZMA'))), 'a', 't'))).toEqual(['zma-back']);
  });

  it('encodes the app id in every mini-app address', () => {
    const nodes = buildMiniAppMenu(new Set(['VIEW_ZMA_BRANCH']), 'a b', 't');
    expect(nodes.find((n) => n.key === 'zma-branch')?.path).toBe('/tenant/mini-app/a%20b/branch?tenantId=t');
  });
});
