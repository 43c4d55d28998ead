// The §2.2 menus under the §6 rules, written independently of the web's menu model so that a
// wrong model fails the journeys. Input: the permissions the server sends and the tenant services.

export interface TenantInfo {
  id: string;
  name: string;
  oaService: boolean;
  znsService: boolean;
  isMiniAppEnabled: boolean;
  isMultiTeam: boolean;
}

const any = (held: Set<string>, ...perms: string[]) => perms.some((p) => held.has(p));

/**
 * Keys of the organisation-level menu items a user must see. Only pages that exist are listed
 * (issue 9): the organisation Settings of §2.2 has no page yet, the wallets page has one.
 */
export function expectedOrganisationMenu(held: Set<string>, tenants: TenantInfo[]): string[] {
  const keys = ['dashboard'];
  // §6: Tenants needs VIEW_TENANT if tenants exist or the user may create one, otherwise CREATE_TENANT.
  const tenantsPermission = tenants.length > 0 || held.has('CREATE_TENANT') ? 'VIEW_TENANT' : 'CREATE_TENANT';
  if (held.has(tenantsPermission)) {
    const children = [...tenants.map((t) => `tenant:${t.id}`), ...(held.has('CREATE_TENANT') ? ['add-tenant'] : [])];
    if (children.length > 0) keys.push('tenants', ...children);
  }
  if (held.has('VIEW_USER')) keys.push('user');
  // Billing: the wallets page and the monthly statements (issue 16), both VIEW_MERCHANT_BILLING_BALANCE.
  if (held.has('VIEW_MERCHANT_BILLING_BALANCE')) keys.push('billing-group', 'billing', 'statements');
  // The organisation report shows revenue: VIEW_REVENUE_CHART.
  if (held.has('VIEW_REVENUE_CHART')) keys.push('org-report');
  if (held.has('VIEW_MERCHANT_AUDIT_LOG')) keys.push('audit-log');
  // Organisation settings: general (UPDATE_MERCHANT) or service packages (VIEW_TENANT).
  if (any(held, 'UPDATE_MERCHANT', 'VIEW_TENANT')) keys.push('org-settings');
  return keys;
}

/**
 * Keys of the tenant-level menu items a user must see in one tenant: the §2.2 items whose pages
 * exist, each shown only when the §6 rule holds and the page's own call is allowed (the UID page
 * lists history, so it needs VIEW_HISTORY as well).
 */
export function expectedTenantMenu(held: Set<string>, tenant: TenantInfo): string[] {
  const keys: string[] = [];
  const group = (key: string, children: Array<[string, boolean]>) => {
    const shown = children.filter(([, ok]) => ok).map(([k]) => k);
    if (shown.length > 0) keys.push(key, ...shown);
  };
  if (held.has('VIEW_DASHBOARD_AND_CHART')) keys.push('tenant-dashboard');
  if (held.has('VIEW_REPORT')) keys.push('tenant-report');
  if (held.has('VIEW_TENANT_BILLING_BALANCE')) keys.push('tenant-billing');
  if (tenant.oaService && held.has('VIEW_ZALO_OA_SERVICE')) {
    group('zalo-oa', [
      ['oa-analytics', held.has('VIEW_ZALO_OA_SERVICE')],
      ['oa-content', held.has('VIEW_ZALO_OA_CONTENT')],
      ['oa-broadcast', held.has('VIEW_ZALO_OA_CONTENT')],
      ['oa-chat', held.has('VIEW_ZALO_OA_CHAT')],
      ['oa-customers', held.has('VIEW_ZALO_OA_USER')],
      ['oa-uid', held.has('VIEW_ZALO_OA_SERVICE') && held.has('VIEW_HISTORY')],
      ['oa-history', held.has('VIEW_HISTORY')],
      ['oa-setting', any(held, 'VIEW_ZALO_OA_SERVICE', 'VIEW_ZALO_OA_CREDENTIAL', 'UPDATE_ZALO_OA')],
    ]);
  }
  // §6: the ZNS entry takes the first held of VIEW_CAMPAIGN, VIEW_REQUEST_TEMPLATE, LIST_TEMPLATE_LIBRARY, VIEW_TEMPLATE, VIEW_HISTORY.
  if (tenant.znsService && any(held, 'VIEW_CAMPAIGN', 'VIEW_REQUEST_TEMPLATE', 'LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE', 'VIEW_HISTORY')) {
    group('zns-service', [
      ['zns-campaign', held.has('VIEW_CAMPAIGN')],
      ['zns-templates', held.has('LIST_TEMPLATE_LIBRARY')],
      ['zns-template-management', any(held, 'VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE')],
      ['zns-playground', held.has('SEND_REQUEST_PLAYGROUND')],
      ['zns-history', held.has('VIEW_HISTORY')],
    ]);
  }
  // §2.2 Mini Apps: only when the tenant's mini-app flag is on (the list shows the apps the caller may open).
  if (tenant.isMiniAppEnabled) keys.push('mini-app');
  // §2.2 My tasks: Requests needs VIEW_TENANT_TASK, Tickets VIEW_TICKET.
  group('my-task', [
    ['task-requests', held.has('VIEW_TENANT_TASK')],
    ['task-tickets', held.has('VIEW_TICKET')],
  ]);
  group('access-control', [
    ['ac-user', held.has('VIEW_USER_GROUPS')],
    // Roles (user groups) need what the user page needs: VIEW_USER_GROUPS.
    ['ac-roles', held.has('VIEW_USER_GROUPS')],
    // §2.2: Teams only when the tenant has several teams (isMultiTeam), §6 VIEW_TEAM.
    ['ac-teams', tenant.isMultiTeam && held.has('VIEW_TEAM')],
  ]);
  if (held.has('VIEW_TENANT_AUDIT_LOG')) keys.push('tenant-audit-log');
  if (held.has('VIEW_API_KEYS')) keys.push('api-keys');
  // Tools > File stand: any of the permissions of the pages that upload files.
  if (any(held, 'VIEW_TENANT_SERVICES', 'VIEW_ZALO_OA_CONTENT', 'VIEW_TEMPLATE')) keys.push('tools', 'file-stand');
  // Settings opens its first tab the caller may open: general, services and package (VIEW_TENANT_SERVICES), webhook and
  // fallback (VIEW_WEBHOOK), workflow (VIEW_APPROVAL_WORK_FLOW), tags (UPDATE_ZALO_OA_USER, OA service), SLA (VIEW_TICKET).
  if (any(held, 'VIEW_TENANT_SERVICES', 'VIEW_WEBHOOK', 'VIEW_APPROVAL_WORK_FLOW', 'VIEW_TICKET', 'VIEW_TENANT_DISCOUNT') || (tenant.oaService && held.has('UPDATE_ZALO_OA_USER'))) keys.push('tenant-settings');
  return keys;
}
