import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { setNavigationHandlers } from '../lib/api-client';
import { isSignedIn } from '../lib/session';

const ErrorPage = lazy(() => import('./routes/error-page').then((m) => ({ default: m.ErrorPage })));

function RouteError() {
  return (
    <Suspense fallback={null}>
      <ErrorPage status={500} />
    </Suspense>
  );
}

function RootRedirect() {
  return <Navigate to={isSignedIn() ? '/dashboard' : '/login'} replace />;
}

const notAvailable = () => import('./routes/not-available-page').then((m) => ({ Component: m.NotAvailablePage }));

/** Paths of §2.1 whose modules arrive with later issues: one shared "not available yet" page. */
const LATER_MODULE_PATHS = [
  '/systemmessage',
  '/settings',
  '/billing',
  '/billing/bills',
  '/messages/tenant',
  '/messages/tenant/oa',
  '/dashboard/messages',
  '/dashboard/settings',
  '/dashboard/report',
  '/tenant/billing',
  '/tenant/settings/*',
  '/tenant/tools/*',
  '/tenant/user-group',
  '/tenant/report',
  '/tenant/systemmessage',
  '/tenant/my-task/*',
  '/tenant/access-control/teams',
  '/tenant/access-control/roles',
  '/tenant/zalo-mini-app/*',
  '/tenant/mini-app/*',
];

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', Component: RootRedirect },
      { path: '/login', lazy: () => import('./routes/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: '/register', lazy: () => import('./routes/register-page').then((m) => ({ Component: m.RegisterPage })) },
      { path: '/forgot-password', lazy: () => import('./routes/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
      { path: '/login-failed', lazy: () => import('./routes/login-failed-page').then((m) => ({ Component: m.LoginFailedPage })) },
      { path: '/invitation', lazy: () => import('./routes/invitation-page').then((m) => ({ Component: m.InvitationPage })) },
      { path: '/not-tenant', lazy: () => import('./routes/not-tenant-page').then((m) => ({ Component: m.NotTenantPage })) },
      { path: '/forbidden', lazy: () => import('./routes/forbidden-page').then((m) => ({ Component: m.ForbiddenPage })) },
      { path: '/error', lazy: () => import('./routes/error-page').then((m) => ({ Component: m.ErrorRoutePage })) },
      {
        lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShell })),
        children: [
          { path: '/dashboard', lazy: () => import('./routes/organisation-dashboard-page').then((m) => ({ Component: m.OrganisationDashboardPage })) },
          { path: '/dashboard/user', lazy: () => import('./routes/users-page').then((m) => ({ Component: m.UsersPage })) },
          { path: '/dashboard/tenant', lazy: () => import('./routes/tenants-page').then((m) => ({ Component: m.TenantsPage })) },
          { path: '/audit-log', lazy: () => import('./routes/audit-log-page').then((m) => ({ Component: m.OrganisationAuditLogPage })) },
          { path: '/profile', lazy: () => import('./routes/profile-page').then((m) => ({ Component: m.ProfilePage })) },
          { path: '/tenant', lazy: () => import('./routes/tenant-dashboard-page').then((m) => ({ Component: m.TenantDashboardPage })) },
          { path: '/tenant/audit-log', lazy: () => import('./routes/audit-log-page').then((m) => ({ Component: m.TenantAuditLogPage })) },
          {
            path: '/tenant/access-control/user',
            lazy: () => import('./routes/tenant-access-users-page').then((m) => ({ Component: m.TenantAccessUsersPage })),
          },
          { path: '/dashboard/billing', lazy: () => import('./routes/billing-page').then((m) => ({ Component: m.BillingPage })) },
          { path: '/tenant/settings/webhook', lazy: () => import('./routes/webhooks-page').then((m) => ({ Component: m.WebhooksPage })) },
          { path: '/tenant/settings/fallback', lazy: () => import('./routes/fallback-page').then((m) => ({ Component: m.FallbackPage })) },
          { path: '/tenant/api-keys', lazy: () => import('./routes/api-keys-page').then((m) => ({ Component: m.ApiKeysPage })) },
          {
            // §4 Zalo OA gate: pages of the Zalo OA and ZNS services need a connected OA.
            lazy: () => import('../features/zalo-oa/components/oa-gate').then((m) => ({ Component: m.OaGateLayout })),
            children: [
              { path: '/tenant/zalo-oa/setting', lazy: () => import('./routes/oa-setting-page').then((m) => ({ Component: m.OaSettingPage })) },
              { path: '/tenant/zalo-oa/history', lazy: () => import('./routes/history-pages').then((m) => ({ Component: m.OaHistoryPage })) },
              { path: '/tenant/zalo-oa/uid', lazy: () => import('./routes/history-pages').then((m) => ({ Component: m.OaHistoryPage })) },
              { path: '/tenant/zns-service/history', lazy: () => import('./routes/history-pages').then((m) => ({ Component: m.ZnsHistoryPage })) },
              { path: '/tenant/zns-service/templates', lazy: () => import('./routes/templates-page').then((m) => ({ Component: m.TemplatesPage })) },
              {
                path: '/tenant/zns-service/template-management',
                lazy: () => import('./routes/template-management-page').then((m) => ({ Component: m.TemplateManagementPage })),
              },
              { path: '/tenant/zns-service/playground', lazy: () => import('./routes/playground-page').then((m) => ({ Component: m.PlaygroundPage })) },
              { path: '/tenant/zalo-oa/*', lazy: notAvailable },
              { path: '/tenant/zns-service/*', lazy: notAvailable },
            ],
          },
          ...LATER_MODULE_PATHS.map((path) => ({ path, lazy: notAvailable })),
        ],
      },
      { path: '*', lazy: () => import('./routes/error-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigationHandlers({
  signedOut: () => void router.navigate('/login', { replace: true }),
  forbidden: (message) => void router.navigate('/forbidden', { state: message ? { message } : null }),
});
