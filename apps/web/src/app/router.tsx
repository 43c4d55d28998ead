import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { setNavigationHandlers } from '../lib/api-client';
import { isSignedIn } from '../lib/session';
import { loginHref, PAGES, PUBLIC_PATHS, readNextParam, TENANT_SETTINGS, type PageDef } from '../lib/paths';
import type { RouteHandle } from './routes/forbidden-page';

const ErrorPage = lazy(() => import('./routes/error-page').then((m) => ({ default: m.ErrorPage })));

function RouteError() {
  return (
    <Suspense fallback={null}>
      <ErrorPage status={500} />
    </Suspense>
  );
}

function RootRedirect() {
  return <Navigate to={isSignedIn() ? PAGES.dashboard.path : PUBLIC_PATHS.login} replace />;
}

/** Signed-out visitors of a shell page go to the login page, which brings them back afterwards. */
function requireSignIn({ request }: LoaderFunctionArgs): null {
  if (isSignedIn()) return null;
  const url = new URL(request.url);
  throw redirect(loginHref(`${url.pathname}${url.search}`));
}

/** The sign-in pages send a signed-in user on: to the page asked for in `next`, else the dashboard. */
function leaveIfSignedIn({ request }: LoaderFunctionArgs): null {
  if (!isSignedIn()) return null;
  throw redirect(readNextParam(new URL(request.url).search) ?? PAGES.dashboard.path);
}

type Lazy = () => Promise<{ Component: ComponentType }>;

/** A shell page: its path and what opening it takes come from lib/paths (checked by RouteGate). */
function page(def: PageDef, load: Lazy, path: string = def.path): RouteObject {
  const handle: RouteHandle = { page: def };
  return { path, handle, lazy: load };
}

const userGroupsPage: Lazy = () => import('./routes/user-groups-page').then((m) => ({ Component: m.UserGroupsPage }));
const shellNotFound: Lazy = () => import('./routes/error-page').then((m) => ({ Component: m.ShellNotFoundPage }));
const history = (name: 'OaHistoryPage' | 'ZnsHistoryPage'): Lazy => () => import('./routes/history-pages').then((m) => ({ Component: m[name] }));

/**
 * Unknown addresses under the tenant sections (a typo, an old bookmark): the ordinary 404, kept
 * inside the shell so the menu stays. Never a "later release" promise: no menu item leads here.
 */
const TENANT_SECTION_FALLBACKS = ['/tenant/settings/*', '/tenant/tools/*', '/tenant/my-task/*'];

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    ErrorBoundary: RouteError,
    // Shown while a full load resolves the first lazy route and its loader; without one react-router
    // warns (it tests HydrateFallback || hydrateFallbackElement, so it must be truthy).
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      { path: PUBLIC_PATHS.root, Component: RootRedirect },
      { path: PUBLIC_PATHS.login, loader: leaveIfSignedIn, lazy: () => import('./routes/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: PUBLIC_PATHS.register, loader: leaveIfSignedIn, lazy: () => import('./routes/register-page').then((m) => ({ Component: m.RegisterPage })) },
      {
        path: PUBLIC_PATHS.forgotPassword,
        loader: leaveIfSignedIn,
        lazy: () => import('./routes/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      { path: PUBLIC_PATHS.loginFailed, lazy: () => import('./routes/login-failed-page').then((m) => ({ Component: m.LoginFailedPage })) },
      { path: '/invitation', lazy: () => import('./routes/invitation-page').then((m) => ({ Component: m.InvitationPage })) },
      { path: PUBLIC_PATHS.notTenant, lazy: () => import('./routes/not-tenant-page').then((m) => ({ Component: m.NotTenantPage })) },
      { path: PUBLIC_PATHS.error, lazy: () => import('./routes/error-page').then((m) => ({ Component: m.ErrorRoutePage })) },
      {
        loader: requireSignIn,
        lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShell })),
        children: [
          {
            // Refuses a page the caller may not open (permission or tenant service), inside the shell and before its calls run.
            lazy: () => import('./routes/forbidden-page').then((m) => ({ Component: m.RouteGate, ErrorBoundary: m.ShellRouteError })),
            children: [
              page(PAGES.dashboard, () => import('./routes/organisation-dashboard-page').then((m) => ({ Component: m.OrganisationDashboardPage }))),
              page(PAGES.users, () => import('./routes/users-page').then((m) => ({ Component: m.UsersPage }))),
              page(PAGES.tenants, () => import('./routes/tenants-page').then((m) => ({ Component: m.TenantsRoute }))),
              page(PAGES.billing, () => import('./routes/billing-page').then((m) => ({ Component: m.BillingPage }))),
              page(PAGES.dashboardMessages, () => import('./routes/org-messages-page').then((m) => ({ Component: m.OrganisationMessagesPage }))),
              page(PAGES.messagesByTenant, () => import('./routes/org-messages-page').then((m) => ({ Component: m.MessagesByTenantPage }))),
              page(PAGES.messagesByOa, () => import('./routes/org-messages-page').then((m) => ({ Component: m.MessagesByOaPage }))),
              page(PAGES.dashboardReport, () => import('./routes/reports-page').then((m) => ({ Component: m.OrganisationReportPage }))),
              page(PAGES.tenantReport, () => import('./routes/reports-page').then((m) => ({ Component: m.TenantReportPage }))),
              page(PAGES.statements, () => import('./routes/statements-page').then((m) => ({ Component: m.StatementsPage }))),
              page(PAGES.bills, () => import('./routes/statements-page').then((m) => ({ Component: m.BillsPage }))),
              page(PAGES.tenantBilling, () => import('./routes/statements-page').then((m) => ({ Component: m.TenantBillingPage }))),
              page(PAGES.organisationSettings, () => import('./routes/organisation-settings-page').then((m) => ({ Component: m.OrganisationSettingsPage }))),
              // §2.1 /settings: the organisation's settings (the same page).
              page(PAGES.organisationSettings, () => import('./routes/organisation-settings-page').then((m) => ({ Component: m.OrganisationSettingsPage })), '/settings'),
              page(PAGES.generalSettings, () => import('./routes/tenant-general-settings-page').then((m) => ({ Component: m.GeneralSettingsPage }))),
              page(PAGES.servicesSettings, () => import('./routes/tenant-services-page').then((m) => ({ Component: m.ServicesSettingsPage }))),
              page(PAGES.tagsSettings, () => import('./routes/tenant-tags-page').then((m) => ({ Component: m.TagsSettingsPage }))),
              page(PAGES.packageSettings, () => import('./routes/service-packages-page').then((m) => ({ Component: m.TenantPackagePage }))),
              page(PAGES.walletSettings, () => import('./routes/tenant-wallet-settings-page').then((m) => ({ Component: m.WalletSettingsPage }))),
              page(PAGES.fileStand, () => import('./routes/file-stand-page').then((m) => ({ Component: m.FileStandPage }))),
              page(PAGES.auditLog, () => import('./routes/audit-log-page').then((m) => ({ Component: m.OrganisationAuditLogPage }))),
              page(PAGES.profile, () => import('./routes/profile-page').then((m) => ({ Component: m.ProfilePage }))),
              page(PAGES.notifications, () => import('./routes/notifications-page').then((m) => ({ Component: m.NotificationsPage }))),
              page(PAGES.tenantNotifications, () => import('./routes/notifications-page').then((m) => ({ Component: m.TenantNotificationsPage }))),
              page(PAGES.forbidden, () => import('./routes/forbidden-page').then((m) => ({ Component: m.ForbiddenPage }))),
              page(PAGES.tenantHome, () => import('./routes/tenant-dashboard-page').then((m) => ({ Component: m.TenantDashboardPage }))),
              page(PAGES.tenantAuditLog, () => import('./routes/audit-log-page').then((m) => ({ Component: m.TenantAuditLogPage }))),
              page(PAGES.tenantUsers, () => import('./routes/tenant-access-users-page').then((m) => ({ Component: m.TenantAccessUsersPage }))),
              page(PAGES.userGroups, userGroupsPage),
              // §2.1 /tenant/access-control/roles: the same page as /tenant/user-group (roles are the tenant's user groups).
              page(PAGES.userGroups, userGroupsPage, '/tenant/access-control/roles'),
              page(PAGES.apiKeys, () => import('./routes/api-keys-page').then((m) => ({ Component: m.ApiKeysPage }))),
              page(PAGES.teams, () => import('./routes/teams-page').then((m) => ({ Component: m.TeamsPage }))),
              page(TENANT_SETTINGS, () => import('./routes/tenant-settings-tabs').then((m) => ({ Component: m.TenantSettingsIndex }))),
              page(PAGES.discounts, () => import('./routes/discounts-page').then((m) => ({ Component: m.DiscountsPage }))),
              page(PAGES.webhooks, () => import('./routes/webhooks-page').then((m) => ({ Component: m.WebhooksPage }))),
              page(PAGES.fallback, () => import('./routes/fallback-page').then((m) => ({ Component: m.FallbackPage }))),
              page(PAGES.workflow, () => import('./routes/workflow-page').then((m) => ({ Component: m.WorkflowPage }))),
              page(PAGES.myRequests, () => import('./routes/my-requests-page').then((m) => ({ Component: m.MyRequestsPage }))),
              page(PAGES.myRequest, () => import('./routes/my-request-detail-page').then((m) => ({ Component: m.MyRequestDetailPage }))),
              page(PAGES.myTickets, () => import('./routes/my-tickets-page').then((m) => ({ Component: m.MyTicketsPage }))),
              page(PAGES.myTicket, () => import('./routes/my-ticket-detail-page').then((m) => ({ Component: m.MyTicketDetailPage }))),
              page(PAGES.sla, () => import('./routes/sla-page').then((m) => ({ Component: m.SlaPage }))),
              // Mini-app module (issue 14): the tenant's mini apps, then one mini app under its layout (§2.2 mini-app menu).
              page(PAGES.zmaHome, () => import('./routes/zma-home-page').then((m) => ({ Component: m.MiniAppsHomePage }))),
              page(PAGES.zmaHomeDashboard, () => import('./routes/zma-home-page').then((m) => ({ Component: m.MiniAppsHomePage }))),
              page(PAGES.zmaApiKeys, () => import('./routes/zma-api-keys-page').then((m) => ({ Component: m.MiniAppApiKeysPage }))),
              page(PAGES.zmaHistory, () => import('./routes/zma-history-page').then((m) => ({ Component: m.MiniAppHistoryPage }))),
              {
                lazy: () => import('./routes/zma-layout').then((m) => ({ Component: m.MiniAppLayout })),
                children: [
                  page(PAGES.zmaApp, () => import('./routes/zma-dashboard-page').then((m) => ({ Component: m.MiniAppDashboardPage }))),
                  page(PAGES.zmaBranches, () => import('./routes/zma-branches-page').then((m) => ({ Component: m.ZmaBranchesPage }))),
                  page(PAGES.zmaBranch, () => import('./routes/zma-branch-page').then((m) => ({ Component: m.ZmaBranchPage }))),
                  page(PAGES.zmaGifts, () => import('./routes/zma-gifts-page').then((m) => ({ Component: m.ZmaGiftInventoryPage }))),
                  page(PAGES.zmaVouchers, () => import('./routes/zma-gifts-page').then((m) => ({ Component: m.ZmaVouchersPage }))),
                  page(PAGES.zmaRules, () => import('./routes/zma-rules-page').then((m) => ({ Component: m.ZmaRulesPage }))),
                  page(PAGES.zmaAffiliate, () => import('./routes/zma-affiliate-page').then((m) => ({ Component: m.ZmaAffiliatePage }))),
                  page(PAGES.zmaSettings, () => import('./routes/zma-settings-page').then((m) => ({ Component: m.MiniAppSettingsPage }))),
                  page(PAGES.zmaAppHistory, () => import('./routes/zma-history-page').then((m) => ({ Component: m.MiniAppActivityPage }))),
                  page(PAGES.zmaDraws, () => import('./routes/zma-draws-page').then((m) => ({ Component: m.ZmaDrawsPage }))),
                  page(PAGES.zmaDrawCreate, () => import('./routes/zma-draw-edit-page').then((m) => ({ Component: m.ZmaDrawEditPage }))),
                  page(PAGES.zmaDraw, () => import('./routes/zma-draw-edit-page').then((m) => ({ Component: m.ZmaDrawDetailPage }))),
                  page(PAGES.zmaDrawUpdate, () => import('./routes/zma-draw-edit-page').then((m) => ({ Component: m.ZmaDrawEditPage }))),
                  page(PAGES.zmaUsers, () => import('./routes/zma-users-page').then((m) => ({ Component: m.MiniAppUsersPage }))),
                  page(PAGES.zmaRole, () => import('./routes/zma-users-page').then((m) => ({ Component: m.MiniAppRolePage }))),
                  page(PAGES.zmaCustomers, () => import('./routes/zma-customers-page').then((m) => ({ Component: m.MiniAppCustomersPage }))),
                ],
              },
              {
                // §4 Zalo OA gate: pages of the Zalo OA and ZNS services need a connected OA.
                lazy: () => import('../features/zalo-oa/components/oa-gate').then((m) => ({ Component: m.OaGateLayout })),
                children: [
                  page(PAGES.oaSetting, () => import('./routes/oa-setting-page').then((m) => ({ Component: m.OaSettingPage }))),
                  page(PAGES.oaHistory, history('OaHistoryPage')),
                  page(PAGES.oaUid, history('OaHistoryPage')),
                  page(PAGES.znsHistory, history('ZnsHistoryPage')),
                  page(PAGES.znsTemplates, () => import('./routes/templates-page').then((m) => ({ Component: m.TemplatesPage }))),
                  page(PAGES.znsTemplateManagement, () => import('./routes/template-management-page').then((m) => ({ Component: m.TemplateManagementPage }))),
                  page(PAGES.znsCampaigns, () => import('./routes/campaigns-page').then((m) => ({ Component: m.CampaignsPage }))),
                  page(PAGES.znsCampaignCreate, () => import('./routes/campaign-create-page').then((m) => ({ Component: m.CampaignCreatePage }))),
                  page(PAGES.znsCampaign, () => import('./routes/campaign-detail-page').then((m) => ({ Component: m.CampaignDetailPage }))),
                  page(PAGES.znsPlayground, () => import('./routes/playground-page').then((m) => ({ Component: m.PlaygroundPage }))),
                  page(PAGES.oaAnalytics, () => import('./routes/oa-analytics-page').then((m) => ({ Component: m.OaAnalyticsPage }))),
                  page(PAGES.oaContent, () => import('./routes/oa-content-page').then((m) => ({ Component: m.OaContentPage }))),
                  page(PAGES.oaContentVideo, () => import('./routes/oa-content-page').then((m) => ({ Component: m.OaContentPage }))),
                  page(PAGES.oaContentCreate, () => import('./routes/oa-content-edit-page').then((m) => ({ Component: m.OaContentEditPage }))),
                  page(PAGES.oaContentDetail, () => import('./routes/oa-content-edit-page').then((m) => ({ Component: m.OaContentEditPage }))),
                  page(PAGES.oaBroadcasts, () => import('./routes/oa-broadcasts-page').then((m) => ({ Component: m.OaBroadcastsPage }))),
                  page(PAGES.oaBroadcastCreate, () => import('./routes/oa-broadcast-edit-page').then((m) => ({ Component: m.OaBroadcastEditPage }))),
                  page(PAGES.oaBroadcast, () => import('./routes/oa-broadcast-edit-page').then((m) => ({ Component: m.OaBroadcastEditPage }))),
                  page(PAGES.oaCustomers, () => import('./routes/oa-customers-page').then((m) => ({ Component: m.OaCustomersPage }))),
                  page(PAGES.oaChat, () => import('./routes/oa-chat-page').then((m) => ({ Component: m.OaChatPage }))),
                  { path: '/tenant/zalo-oa/*', lazy: shellNotFound },
                  { path: '/tenant/zns-service/*', lazy: shellNotFound },
                ],
              },
              ...TENANT_SECTION_FALLBACKS.map((path) => ({ path, lazy: shellNotFound })),
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/error-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigationHandlers({
  // A session that could not be refreshed: sign in again, then come back to this page.
  signedOut: () => {
    const { pathname, search } = router.state.location;
    void router.navigate(loginHref(`${pathname}${search}`), { replace: true });
  },
});
