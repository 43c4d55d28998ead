import type { Permission } from '@zc/shared/permissions';
import type { Requirement } from './access';

/**
 * Every route path of the console, written once: the router, the menu model, links and the
 * journeys read them from here. Pages inside the shell also carry what opening them takes, so
 * that the router can refuse a page before its calls run and the menus never offer one that
 * would be refused (the two read the same entry).
 */

/** Tenant services a page may need (the flags of §3 Tenant). */
export type TenantService = 'oaService' | 'znsService' | 'isMiniAppEnabled' | 'isMultiTeam';

/** A page of the signed-in shell and what its primary call needs. */
export interface PageDef {
  path: string;
  /** Permission(s) of the page's primary call (any of a list); none: any signed-in member. */
  requirement?: Requirement;
  /** Tenant service(s) the page needs (any of a list); tenant pages only. */
  services?: readonly TenantService[];
}

/** Pages outside the shell. */
export const PUBLIC_PATHS = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  loginFailed: '/login-failed',
  notTenant: '/not-tenant',
  error: '/error',
} as const;

const OA: readonly TenantService[] = ['oaService'];
const ZNS: readonly TenantService[] = ['znsService'];
const ZMA: readonly TenantService[] = ['isMiniAppEnabled'];

/** Pages of the signed-in shell (organisation level, then tenant level under /tenant). */
export const PAGES = {
  dashboard: { path: '/dashboard' },
  /** The tenants list; with `?tenantId=` the detail of one tenant (§2.2). */
  tenants: { path: '/dashboard/tenant', requirement: ['VIEW_TENANT', 'CREATE_TENANT'] },
  users: { path: '/dashboard/user', requirement: 'VIEW_USER' },
  billing: { path: '/dashboard/billing', requirement: ['VIEW_MERCHANT_BILLING_BALANCE', 'UPDATE_TENANT_BILLING_BALANCE'] },
  auditLog: { path: '/audit-log', requirement: 'VIEW_MERCHANT_AUDIT_LOG' },
  profile: { path: '/profile' },
  /** The organisation-level notifications (§2.1 /systemmessage, §2.15). */
  notifications: { path: '/systemmessage' },
  forbidden: { path: '/forbidden' },

  tenantHome: { path: '/tenant' },
  tenantAuditLog: { path: '/tenant/audit-log', requirement: 'VIEW_TENANT_AUDIT_LOG' },
  tenantUsers: { path: '/tenant/access-control/user', requirement: 'VIEW_USER_GROUPS' },
  teams: { path: '/tenant/access-control/teams', requirement: 'VIEW_TEAM', services: ['isMultiTeam'] },
  userGroups: { path: '/tenant/user-group', requirement: 'VIEW_USER_GROUPS' },
  tenantNotifications: { path: '/tenant/systemmessage', requirement: 'VIEW_TENANT_NOTIFICATION' },
  /** §2.14 My tasks: approval requests (`/:id` for one) and tickets (`/:id` for one). */
  myRequests: { path: '/tenant/my-task/requests', requirement: 'VIEW_TENANT_TASK' },
  myRequest: { path: '/tenant/my-task/requests/:id', requirement: 'VIEW_TENANT_TASK' },
  myTickets: { path: '/tenant/my-task/tickets', requirement: 'VIEW_TICKET' },
  myTicket: { path: '/tenant/my-task/tickets/:id', requirement: 'VIEW_TICKET' },
  workflow: { path: '/tenant/settings/workflow', requirement: 'VIEW_APPROVAL_WORK_FLOW' },
  sla: { path: '/tenant/settings/sla', requirement: 'VIEW_TICKET' },
  apiKeys: { path: '/tenant/api-keys', requirement: 'VIEW_API_KEYS' },
  webhooks: { path: '/tenant/settings/webhook', requirement: 'VIEW_WEBHOOK' },
  fallback: { path: '/tenant/settings/fallback', requirement: 'VIEW_WEBHOOK' },
  oaSetting: { path: '/tenant/zalo-oa/setting', requirement: ['VIEW_ZALO_OA_SERVICE', 'VIEW_ZALO_OA_CREDENTIAL', 'UPDATE_ZALO_OA'], services: ['oaService', 'znsService'] },
  oaHistory: { path: '/tenant/zalo-oa/history', requirement: 'VIEW_HISTORY', services: OA },
  /** §2.1 Official-account content, broadcasts, followers and analytics (issue 12). */
  oaAnalytics: { path: '/tenant/zalo-oa/analytics', requirement: 'VIEW_ZALO_OA_SERVICE', services: OA },
  oaContent: { path: '/tenant/zalo-oa/content', requirement: 'VIEW_ZALO_OA_CONTENT', services: OA },
  oaContentVideo: { path: '/tenant/zalo-oa/content/video', requirement: 'VIEW_ZALO_OA_CONTENT', services: OA },
  oaContentCreate: { path: '/tenant/zalo-oa/content/create', requirement: 'CREATE_ZALO_OA_CONTENT', services: OA },
  oaContentDetail: { path: '/tenant/zalo-oa/content/:id', requirement: 'VIEW_ZALO_OA_CONTENT', services: OA },
  oaBroadcasts: { path: '/tenant/zalo-oa/broadcast', requirement: 'VIEW_ZALO_OA_CONTENT', services: OA },
  oaBroadcastCreate: { path: '/tenant/zalo-oa/broadcast/create', requirement: 'CREATE_ZALO_OA_CONTENT', services: OA },
  oaBroadcast: { path: '/tenant/zalo-oa/broadcast/:id', requirement: 'VIEW_ZALO_OA_CONTENT', services: OA },
  oaCustomers: { path: '/tenant/zalo-oa/customers', requirement: 'VIEW_ZALO_OA_USER', services: OA },
  /** §2.1 the OA chat inbox (issue 15); `?conversationId=` opens one conversation. */
  oaChat: { path: '/tenant/zalo-oa/chat', requirement: 'VIEW_ZALO_OA_CHAT', services: OA },
  oaUid: { path: '/tenant/zalo-oa/uid', requirement: 'VIEW_HISTORY', services: OA },
  znsTemplates: { path: '/tenant/zns-service/templates', requirement: ['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], services: ZNS },
  znsTemplateManagement: {
    path: '/tenant/zns-service/template-management',
    requirement: ['VIEW_TEMPLATE', 'VIEW_REQUEST_TEMPLATE', 'REQUEST_TEMPLATE'],
    services: ZNS,
  },
  znsPlayground: { path: '/tenant/zns-service/playground', requirement: 'SEND_REQUEST_PLAYGROUND', services: ZNS },
  znsHistory: { path: '/tenant/zns-service/history', requirement: 'VIEW_HISTORY', services: ZNS },
  /** §2.1, §2.12 ZNS campaigns (issue 13). */
  znsCampaigns: { path: '/tenant/zns-service/campaign', requirement: 'VIEW_CAMPAIGN', services: ZNS },
  znsCampaignCreate: { path: '/tenant/zns-service/campaign/create', requirement: 'CREATE_CAMPAIGN', services: ZNS },
  znsCampaign: { path: '/tenant/zns-service/campaign/:id', requirement: 'VIEW_CAMPAIGN', services: ZNS },
  /**
   * §2.1 organisation dashboards, statements, reports and settings (issue 16). The dashboard's own
   * sections check their permissions (VIEW_REVENUE_CHART for revenue); message statistics need
   * VIEW_TENANT; statements the organisation's billing view; the organisation report revenue.
   */
  dashboardMessages: { path: '/dashboard/messages', requirement: 'VIEW_TENANT' },
  messagesByTenant: { path: '/messages/tenant', requirement: 'VIEW_TENANT' },
  /** One tenant's official accounts (`?tenantId=`), the drill-down of /messages/tenant. */
  messagesByOa: { path: '/messages/tenant/oa', requirement: 'VIEW_TENANT' },
  dashboardReport: { path: '/dashboard/report', requirement: 'VIEW_REVENUE_CHART' },
  statements: { path: '/billing', requirement: 'VIEW_MERCHANT_BILLING_BALANCE' },
  bills: { path: '/billing/bills', requirement: 'VIEW_MERCHANT_BILLING_BALANCE' },
  organisationSettings: { path: '/dashboard/settings', requirement: ['UPDATE_MERCHANT', 'VIEW_TENANT'] },
  tenantBilling: { path: '/tenant/billing', requirement: 'VIEW_TENANT_BILLING_BALANCE' },
  tenantReport: { path: '/tenant/report', requirement: 'VIEW_REPORT' },
  generalSettings: { path: '/tenant/settings/general', requirement: 'VIEW_TENANT_SERVICES' },
  servicesSettings: { path: '/tenant/settings/services', requirement: 'VIEW_TENANT_SERVICES' },
  tagsSettings: { path: '/tenant/settings/tags', requirement: 'UPDATE_ZALO_OA_USER', services: OA },
  packageSettings: { path: '/tenant/settings/package', requirement: 'VIEW_TENANT_SERVICES' },
  /** §3 settings tab `wallet`: the tenant's wallet (the header wallet's dialogs; editing needs UPDATE_TENANT_BILLING_BALANCE). */
  walletSettings: { path: '/tenant/settings/wallet', requirement: 'VIEW_TENANT_BILLING_BALANCE' },
  fileStand: { path: '/tenant/tools/file-stand', requirement: ['VIEW_TENANT_SERVICES', 'VIEW_ZALO_OA_CONTENT', 'VIEW_TEMPLATE'] },
  /** §3 settings tab discount: the tenant's price discounts (issue 13). */
  discounts: { path: '/tenant/settings/discount', requirement: 'VIEW_TENANT_DISCOUNT' },

  /**
   * §2.1 Mini-app module (issue 14): the tenant's mini apps, their API keys and activity history. The
   * list shows the apps the caller may open (a tenant-level ZMA permission or a role in the app), so
   * the pages need the service only; each call checks its own permission.
   */
  zmaHome: { path: '/tenant/zalo-mini-app', services: ZMA },
  zmaHomeDashboard: { path: '/tenant/zalo-mini-app/dashboard', services: ZMA },
  zmaApiKeys: { path: '/tenant/zalo-mini-app/api-keys', services: ZMA },
  zmaHistory: { path: '/tenant/zalo-mini-app/history', services: ZMA },
  /**
   * §2.1 Mini-app management under /tenant/mini-app/{id}: what a page needs is checked by the mini-app
   * layout against the §6 union with the caller's role in that app (ZMA_PAGE_PERMISSION), which the
   * shell's tenant-level permissions do not know.
   */
  zmaApp: { path: '/tenant/mini-app/:id', services: ZMA },
  zmaBranches: { path: '/tenant/mini-app/:id/branch', services: ZMA },
  zmaBranch: { path: '/tenant/mini-app/:id/branch/:branchId', services: ZMA },
  zmaGifts: { path: '/tenant/mini-app/:id/gift-inventory', services: ZMA },
  zmaVouchers: { path: '/tenant/mini-app/:id/voucher', services: ZMA },
  zmaRules: { path: '/tenant/mini-app/:id/rule', services: ZMA },
  zmaAffiliate: { path: '/tenant/mini-app/:id/affiliate-campaign', services: ZMA },
  zmaSettings: { path: '/tenant/mini-app/:id/settings', services: ZMA },
  zmaAppHistory: { path: '/tenant/mini-app/:id/history', services: ZMA },
  zmaDraws: { path: '/tenant/mini-app/:id/lucky-draw-config', services: ZMA },
  zmaDrawCreate: { path: '/tenant/mini-app/:id/lucky-draw-config/create', services: ZMA },
  zmaDraw: { path: '/tenant/mini-app/:id/lucky-draw-config/:luckyDrawId', services: ZMA },
  zmaDrawUpdate: { path: '/tenant/mini-app/:id/lucky-draw-config/:luckyDrawId/update', services: ZMA },
  zmaUsers: { path: '/tenant/mini-app/:id/user', services: ZMA },
  zmaRole: { path: '/tenant/mini-app/:id/user/:zMAUserRoleId', services: ZMA },
  zmaCustomers: { path: '/tenant/mini-app/:id/customer', services: ZMA },
} as const satisfies Record<string, PageDef>;

export type PageKey = keyof typeof PAGES;

/**
 * The tabs of the tenant settings page, in the §3 order. `facebookSetting` is absent: the product has
 * no Facebook integration to configure (README, "Left out on purpose").
 */
export const TENANT_SETTINGS_TABS = [
  { key: 'general', page: PAGES.generalSettings },
  { key: 'discount', page: PAGES.discounts },
  { key: 'webhook', page: PAGES.webhooks },
  { key: 'fallback', page: PAGES.fallback },
  { key: 'wallet', page: PAGES.walletSettings },
  { key: 'workflow', page: PAGES.workflow },
  { key: 'services', page: PAGES.servicesSettings },
  { key: 'tags', page: PAGES.tagsSettings },
  { key: 'oaSetting', page: PAGES.oaSetting },
  { key: 'sla', page: PAGES.sla },
  { key: 'packageManage', page: PAGES.packageSettings },
] as const satisfies ReadonlyArray<{ key: string; page: PageDef }>;

export type TenantSettingsTabKey = (typeof TENANT_SETTINGS_TABS)[number]['key'];

/**
 * `/tenant/settings`: opens the first tab the caller may open, so it needs any tab's permission —
 * except the OA settings tab's: that page has its own menu item, so it alone does not open Settings.
 */
export const TENANT_SETTINGS: PageDef = {
  path: '/tenant/settings',
  requirement: TENANT_SETTINGS_TABS.filter(({ key }) => key !== 'oaSetting').flatMap(({ page }): Permission[] => [page.requirement].flat()),
};

/** A tenant page's address: tenant pages carry the tenant in the `tenantId` query parameter (§2.1). */
export function tenantHref(page: PageDef | string, tenantId: string): string {
  const path = typeof page === 'string' ? page : page.path;
  return `${path}?tenantId=${encodeURIComponent(tenantId)}`;
}

/** A tenant page with an `:id` parameter (my-task request or ticket detail), for one tenant. */
export function tenantDetailPageHref(page: PageDef, id: string, tenantId: string): string {
  return tenantHref(page.path.replace(':id', encodeURIComponent(id)), tenantId);
}

/** The organisation-level detail of one tenant (the Tenants menu items of §2.2). */
export function tenantDetailHref(tenantId: string): string {
  return tenantHref(PAGES.tenants, tenantId);
}

/**
 * A page under /tenant/mini-app/{id} for one mini app and tenant; `params` fills the other
 * parameters (`branchId`, `luckyDrawId`, `zMAUserRoleId`).
 */
export function zmaHref(page: PageDef, zmaAppId: string, tenantId: string, params: Record<string, string> = {}): string {
  let path = page.path.replace(':id', encodeURIComponent(zmaAppId));
  for (const [k, v] of Object.entries(params)) path = path.replace(`:${k}`, encodeURIComponent(v));
  return tenantHref(path, tenantId);
}

/** Query parameter that carries the page to return to after signing in. */
export const NEXT_PARAM = 'next';

const AUTH_PATHS: readonly string[] = [PUBLIC_PATHS.login, PUBLIC_PATHS.register, PUBLIC_PATHS.forgotPassword, PUBLIC_PATHS.loginFailed];

/**
 * The in-app path to return to after signing in, or null. Only a same-origin path of this app
 * is accepted (no scheme, no `//host`, no backslash tricks, no sign-in pages), so that a crafted
 * link cannot send the user elsewhere.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters (tabs, newlines) are dropped by URL parsers and could rebuild `//host`.
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (pathname === PUBLIC_PATHS.root || AUTH_PATHS.includes(pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for the page the user was on (nothing when that page may not be returned to). */
export function loginHref(returnTo?: string | null): string {
  const next = safeNextPath(returnTo);
  return next ? `${PUBLIC_PATHS.login}?${NEXT_PARAM}=${encodeURIComponent(next)}` : PUBLIC_PATHS.login;
}

/** Reads the `next` parameter of a query string as a safe in-app path. */
export function readNextParam(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
}
