import type { Permission } from '@zc/shared/permissions';
import { satisfies, type Requirement } from '../../lib/access';

/** One node of a navigation menu, before it becomes an antd Menu item. */
export interface MenuNode {
  key: string;
  /** i18n key in the `shell` namespace (or a literal label for tenant names). */
  labelKey?: string;
  label?: string;
  path?: string;
  /** Set on the "Add Tenant" item: opens the create dialog instead of navigating. */
  action?: 'add-tenant';
  badge?: 'requests' | 'tickets';
  children?: MenuNode[];
}

interface Spec extends Omit<MenuNode, 'children'> {
  requirement?: Requirement;
  when?: boolean;
  children?: Spec[];
}

function prune(specs: Spec[], held: ReadonlySet<string>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const { requirement, when, children, ...node } of specs) {
    if (when === false || !satisfies(held, requirement)) continue;
    if (children) {
      const kept = prune(children, held);
      if (kept.length === 0) continue;
      out.push({ ...node, children: kept });
    } else out.push(node);
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

/** The §2.2 organisation-level menu, filtered by the §6 rules. */
export function buildOrganisationMenu(held: ReadonlySet<string>, tenants: readonly TenantLike[]): MenuNode[] {
  return prune(
    [
      { key: 'dashboard', labelKey: 'menu.dashboard', path: '/dashboard' },
      {
        key: 'tenants',
        labelKey: 'menu.tenants',
        requirement: tenantsItemRequirement(held, tenants.length),
        children: [
          ...tenants.map((t) => ({ key: `tenant:${t.id}`, label: t.name, path: `/dashboard/tenant?tenantId=${t.id}` })),
          { key: 'add-tenant', labelKey: 'menu.addTenant', action: 'add-tenant' as const, requirement: 'CREATE_TENANT' as const },
        ],
      },
      { key: 'user', labelKey: 'menu.user', path: '/dashboard/user', requirement: 'VIEW_USER' },
      { key: 'audit-log', labelKey: 'menu.auditLog', path: '/audit-log', requirement: 'VIEW_MERCHANT_AUDIT_LOG' },
      { key: 'settings', labelKey: 'menu.settings', path: '/dashboard/settings', requirement: 'UPDATE_MERCHANT' },
    ],
    held,
  );
}

/** §6: the ZNS entry takes the first permission held of these, otherwise none. */
export const ZNS_ENTRY_ORDER = ['VIEW_CAMPAIGN', 'VIEW_REQUEST_TEMPLATE', 'LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE', 'VIEW_HISTORY'] as const;

export function znsEntryPermission(held: ReadonlySet<string>): Permission | null {
  return ZNS_ENTRY_ORDER.find((p) => held.has(p)) ?? null;
}

/** The §2.2 tenant-level menu for one tenant, filtered by its services and the §6 rules. */
export function buildTenantMenu(held: ReadonlySet<string>, tenant: TenantLike): MenuNode[] {
  const q = `?tenantId=${tenant.id}`;
  const zns = znsEntryPermission(held);
  return prune(
    [
      { key: 'tenant-dashboard', labelKey: 'menu.dashboard', path: `/tenant${q}`, requirement: 'VIEW_DASHBOARD_AND_CHART' },
      {
        key: 'zalo-oa',
        labelKey: 'menu.zaloOa',
        when: tenant.oaService,
        requirement: 'VIEW_ZALO_OA_SERVICE',
        children: [
          { key: 'oa-analytics', labelKey: 'menu.analytics', path: `/tenant/zalo-oa/analytics${q}`, requirement: 'VIEW_ZALO_OA_SERVICE' },
          { key: 'oa-content', labelKey: 'menu.content', path: `/tenant/zalo-oa/content${q}`, requirement: 'VIEW_ZALO_OA_CONTENT' },
          { key: 'oa-chat', labelKey: 'menu.chat', path: `/tenant/zalo-oa/chat${q}`, requirement: 'VIEW_ZALO_OA_CHAT' },
          { key: 'oa-customers', labelKey: 'menu.customers', path: `/tenant/zalo-oa/customers${q}`, requirement: 'VIEW_ZALO_OA_USER' },
          { key: 'oa-uid', labelKey: 'menu.uid', path: `/tenant/zalo-oa/uid${q}`, requirement: 'VIEW_ZALO_OA_SERVICE' },
          { key: 'oa-history', labelKey: 'menu.history', path: `/tenant/zalo-oa/history${q}`, requirement: 'VIEW_HISTORY' },
        ],
      },
      {
        key: 'zns-service',
        labelKey: 'menu.zns',
        when: tenant.znsService && zns !== null,
        children: [
          { key: 'zns-campaign', labelKey: 'menu.campaign', path: `/tenant/zns-service/campaign${q}`, requirement: 'VIEW_CAMPAIGN' },
          { key: 'zns-templates', labelKey: 'menu.templateLibrary', path: `/tenant/zns-service/templates${q}`, requirement: 'LIST_TEMPLATE_LIBRARY' },
          {
            key: 'zns-template-management',
            labelKey: 'menu.templateManagement',
            path: `/tenant/zns-service/template-management${q}`,
            requirement: ['VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE'],
          },
          { key: 'zns-playground', labelKey: 'menu.playground', path: `/tenant/zns-service/playground${q}`, requirement: 'SEND_REQUEST_PLAYGROUND' },
          { key: 'zns-history', labelKey: 'menu.history', path: `/tenant/zns-service/history${q}`, requirement: 'VIEW_HISTORY' },
        ],
      },
      {
        key: 'mini-app',
        labelKey: 'menu.miniApps',
        path: `/tenant/zalo-mini-app/dashboard${q}`,
        when: tenant.isMiniAppEnabled,
        requirement: 'VIEW_ZMA_DASHBOARD',
      },
      {
        key: 'my-task',
        labelKey: 'menu.myTasks',
        children: [
          { key: 'task-requests', labelKey: 'menu.requests', path: `/tenant/my-task/requests${q}`, requirement: 'VIEW_TENANT_TASK', badge: 'requests' },
          { key: 'task-tickets', labelKey: 'menu.tickets', path: `/tenant/my-task/tickets${q}`, requirement: 'VIEW_TICKET', badge: 'tickets' },
        ],
      },
      {
        key: 'access-control',
        labelKey: 'menu.accessControl',
        children: [
          { key: 'ac-user', labelKey: 'menu.user', path: `/tenant/access-control/user${q}`, requirement: 'VIEW_USER_GROUPS' },
          { key: 'ac-teams', labelKey: 'menu.teams', path: `/tenant/access-control/teams${q}`, requirement: 'VIEW_TEAM', when: tenant.isMultiTeam },
        ],
      },
      { key: 'tenant-audit-log', labelKey: 'menu.auditLog', path: `/tenant/audit-log${q}`, requirement: 'VIEW_TENANT_AUDIT_LOG' },
      { key: 'api-keys', labelKey: 'menu.apiKeys', path: `/tenant/api-keys${q}`, requirement: 'VIEW_API_KEYS' },
      { key: 'tenant-settings', labelKey: 'menu.settings', path: `/tenant/settings${q}`, requirement: 'VIEW_TENANT_SERVICES' },
    ],
    held,
  );
}
