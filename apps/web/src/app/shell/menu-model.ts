import type { Permission } from '@zc/shared/permissions';
import { canOpen, satisfies, type Requirement } from '../../lib/access';
import { PAGES, TENANT_SETTINGS, TENANT_SETTINGS_TABS, tenantDetailHref, tenantHref, zmaHref, type PageDef } from '../../lib/paths';
import { ZMA_PAGE_PERMISSION, type ZmaPageKey } from '../../lib/zma-scope';

/** One node of a navigation menu, before it becomes an antd Menu item. */
export interface MenuNode {
  key: string;
  /** i18n key in the `shell` namespace (or a literal label for tenant names). */
  labelKey?: string;
  label?: string;
  path?: string;
  /** Set on the "Add Tenant" item: opens the create dialog instead of navigating. */
  action?: 'add-tenant';
  /** Name of an unread count drawn beside the item (§2.2 My tasks), once that data exists. */
  badge?: 'requests' | 'tickets';
  children?: MenuNode[];
}

interface Spec extends Omit<MenuNode, 'children' | 'path'> {
  /** The page the item opens: the item shows only if the caller may open it (lib/access checkPage). */
  page?: PageDef;
  /** Overrides the page's address (tenant pages add their tenantId). */
  path?: string;
  /** The §6 menu rule of the item, on top of what the page itself needs. */
  requirement?: Requirement;
  when?: boolean;
  children?: Spec[];
}

type TenantFlags = Pick<TenantLike, 'oaService' | 'znsService' | 'isMiniAppEnabled' | 'isMultiTeam'>;

function prune(specs: Spec[], held: ReadonlySet<string>, tenant: TenantFlags | null): MenuNode[] {
  const out: MenuNode[] = [];
  for (const { requirement, when, children, page, path, ...node } of specs) {
    if (when === false || !satisfies(held, requirement)) continue;
    if (page && !canOpen(page, held, tenant)) continue;
    if (children) {
      const kept = prune(children, held, tenant);
      if (kept.length === 0) continue;
      out.push({ ...node, children: kept });
      continue;
    }
    const target = path ?? page?.path;
    out.push(target ? { ...node, path: target } : node);
  }
  return out;
}

export interface TenantLike {
  id: string;
  name: string;
  oaService: boolean;
  znsService: boolean;
  isMiniAppEnabled: boolean;
  isMultiTeam: boolean;
}

/** §6: the Tenants item needs VIEW_TENANT if tenants exist or the user may create one, else CREATE_TENANT. */
export function tenantsItemRequirement(held: ReadonlySet<string>, tenantCount: number): Permission {
  return tenantCount > 0 || held.has('CREATE_TENANT') ? 'VIEW_TENANT' : 'CREATE_TENANT';
}

/**
 * The §2.2 organisation-level menu, filtered by the §6 rules. Only pages that exist are listed:
 * a module that has not arrived has no item (the organisation Settings of §2.2 among them).
 */
export function buildOrganisationMenu(held: ReadonlySet<string>, tenants: readonly TenantLike[]): MenuNode[] {
  return prune(
    [
      { key: 'dashboard', labelKey: 'menu.dashboard', page: PAGES.dashboard },
      {
        key: 'tenants',
        labelKey: 'menu.tenants',
        requirement: tenantsItemRequirement(held, tenants.length),
        children: [
          // Each tenant opens its detail (profile, services, wallet, users) at /dashboard/tenant?tenantId=.
          ...tenants.map((t) => ({ key: `tenant:${t.id}`, label: t.name, page: PAGES.tenants, path: tenantDetailHref(t.id), requirement: 'VIEW_TENANT' as const })),
          { key: 'add-tenant', labelKey: 'menu.addTenant', action: 'add-tenant' as const, requirement: 'CREATE_TENANT' as const },
        ],
      },
      { key: 'user', labelKey: 'menu.user', page: PAGES.users },
      {
        key: 'billing-group',
        labelKey: 'menu.billing',
        children: [
          { key: 'billing', labelKey: 'menu.wallets', page: PAGES.billing, requirement: 'VIEW_MERCHANT_BILLING_BALANCE' },
          { key: 'statements', labelKey: 'menu.statements', page: PAGES.statements },
        ],
      },
      { key: 'org-report', labelKey: 'menu.report', page: PAGES.dashboardReport },
      { key: 'audit-log', labelKey: 'menu.auditLog', page: PAGES.auditLog },
      { key: 'org-settings', labelKey: 'menu.settings', page: PAGES.organisationSettings },
    ],
    held,
    null,
  );
}

/** §6: the ZNS entry takes the first permission held of these, otherwise none. */
export const ZNS_ENTRY_ORDER = ['VIEW_CAMPAIGN', 'VIEW_REQUEST_TEMPLATE', 'LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE', 'VIEW_HISTORY'] as const;

export function znsEntryPermission(held: ReadonlySet<string>): Permission | null {
  return ZNS_ENTRY_ORDER.find((p) => held.has(p)) ?? null;
}

/**
 * The §2.2 tenant-level menu for one tenant, filtered by its services and the §6 rules; OA settings
 * sit in the OA group.
 */
export function buildTenantMenu(held: ReadonlySet<string>, tenant: TenantLike): MenuNode[] {
  const at = (page: PageDef) => ({ page, path: tenantHref(page, tenant.id) });
  const zns = znsEntryPermission(held);
  return prune(
    [
      { key: 'tenant-dashboard', labelKey: 'menu.dashboard', ...at(PAGES.tenantHome), requirement: 'VIEW_DASHBOARD_AND_CHART' },
      { key: 'tenant-report', labelKey: 'menu.report', ...at(PAGES.tenantReport) },
      { key: 'tenant-billing', labelKey: 'menu.billing', ...at(PAGES.tenantBilling) },
      {
        key: 'zalo-oa',
        labelKey: 'menu.zaloOa',
        when: tenant.oaService,
        requirement: 'VIEW_ZALO_OA_SERVICE',
        children: [
          { key: 'oa-analytics', labelKey: 'menu.analytics', ...at(PAGES.oaAnalytics) },
          { key: 'oa-content', labelKey: 'menu.content', ...at(PAGES.oaContent) },
          { key: 'oa-broadcast', labelKey: 'menu.broadcast', ...at(PAGES.oaBroadcasts) },
          { key: 'oa-chat', labelKey: 'menu.chat', ...at(PAGES.oaChat) },
          { key: 'oa-customers', labelKey: 'menu.customers', ...at(PAGES.oaCustomers) },
          { key: 'oa-uid', labelKey: 'menu.uid', ...at(PAGES.oaUid), requirement: 'VIEW_ZALO_OA_SERVICE' },
          { key: 'oa-history', labelKey: 'menu.history', ...at(PAGES.oaHistory) },
          { key: 'oa-setting', labelKey: 'menu.oaSetting', ...at(PAGES.oaSetting) },
        ],
      },
      {
        key: 'zns-service',
        labelKey: 'menu.zns',
        when: tenant.znsService && zns !== null,
        children: [
          { key: 'zns-campaign', labelKey: 'menu.campaign', ...at(PAGES.znsCampaigns), requirement: 'VIEW_CAMPAIGN' },
          { key: 'zns-templates', labelKey: 'menu.templateLibrary', ...at(PAGES.znsTemplates), requirement: 'LIST_TEMPLATE_LIBRARY' },
          { key: 'zns-template-management', labelKey: 'menu.templateManagement', ...at(PAGES.znsTemplateManagement), requirement: ['VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE'] },
          { key: 'zns-playground', labelKey: 'menu.playground', ...at(PAGES.znsPlayground) },
          { key: 'zns-history', labelKey: 'menu.history', ...at(PAGES.znsHistory) },
        ],
      },
      // §2.2 Mini Apps, only when the tenant's mini-app flag is on (the page's services): the tenant's mini apps.
      { key: 'mini-app', labelKey: 'menu.miniApps', ...at(PAGES.zmaHome) },
      {
        // §2.2 My tasks: each item shows its unread count (the shell's badges, from the task counter card).
        key: 'my-task',
        labelKey: 'menu.myTasks',
        children: [
          { key: 'task-requests', labelKey: 'menu.requests', ...at(PAGES.myRequests), badge: 'requests' as const },
          { key: 'task-tickets', labelKey: 'menu.tickets', ...at(PAGES.myTickets), badge: 'tickets' as const },
        ],
      },
      {
        key: 'access-control',
        labelKey: 'menu.accessControl',
        children: [
          { key: 'ac-user', labelKey: 'menu.user', ...at(PAGES.tenantUsers) },
          { key: 'ac-roles', labelKey: 'menu.roles', ...at(PAGES.userGroups) },
          // §2.2: Teams only for a tenant with several teams (the page's services: isMultiTeam).
          { key: 'ac-teams', labelKey: 'menu.teams', ...at(PAGES.teams) },
        ],
      },
      { key: 'tenant-audit-log', labelKey: 'menu.auditLog', ...at(PAGES.tenantAuditLog) },
      { key: 'api-keys', labelKey: 'menu.apiKeys', ...at(PAGES.apiKeys) },
      { key: 'tools', labelKey: 'menu.tools', children: [{ key: 'file-stand', labelKey: 'menu.fileStand', ...at(PAGES.fileStand) }] },
      // Settings opens its first tab this caller may open in this tenant (a tab's service counts: tags need the OA service).
      { key: 'tenant-settings', labelKey: 'menu.settings', ...at(TENANT_SETTINGS), when: TENANT_SETTINGS_TABS.some(({ key, page }) => key !== 'oaSetting' && canOpen(page, held, tenant)) },
    ],
    held,
    tenant,
  );
}

/** The §2.2 mini-app menu, in the spec's order: item key, label and page. */
export const MINI_APP_MENU: ReadonlyArray<{ key: string; labelKey: string; page: ZmaPageKey }> = [
  { key: 'zma-dashboard', labelKey: 'menu.zmaDashboard', page: 'zmaApp' },
  { key: 'zma-branch', labelKey: 'menu.zmaBranch', page: 'zmaBranches' },
  { key: 'zma-gift-inventory', labelKey: 'menu.zmaGiftInventory', page: 'zmaGifts' },
  { key: 'zma-voucher', labelKey: 'menu.zmaVoucher', page: 'zmaVouchers' },
  { key: 'zma-lucky-draw', labelKey: 'menu.zmaLuckyDraw', page: 'zmaDraws' },
  { key: 'zma-history', labelKey: 'menu.zmaHistory', page: 'zmaAppHistory' },
  { key: 'zma-user', labelKey: 'menu.zmaUser', page: 'zmaUsers' },
  { key: 'zma-customer', labelKey: 'menu.zmaCustomer', page: 'zmaCustomers' },
  { key: 'zma-settings', labelKey: 'menu.zmaSettings', page: 'zmaSettings' },
];

/**
 * The §2.2 mini-app menu of one mini app (under /tenant/mini-app/:id): each item only when the
 * caller's §6 union for THAT app (`GET zma/merchant/me`) opens its page (ZMA_PAGE_PERMISSION),
 * after an item back to the tenant's mini apps (the way back to the tenant menu).
 */
export function buildMiniAppMenu(held: ReadonlySet<string>, zmaAppId: string, tenantId: string): MenuNode[] {
  const items = prune(
    MINI_APP_MENU.map(({ key, labelKey, page }) => ({ key, labelKey, path: zmaHref(PAGES[page], zmaAppId, tenantId), requirement: ZMA_PAGE_PERMISSION[page] })),
    held,
    null,
  );
  return [{ key: 'zma-back', labelKey: 'menu.zmaBack', path: tenantHref(PAGES.zmaHome, tenantId) }, ...items];
}
