import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { InvitationNotice } from '../../features/invitations/components/invitation-notice';
import { useTranslation } from 'react-i18next';
import Layout from 'antd/es/layout';
import Spin from 'antd/es/spin';
import AntApp from 'antd/es/app';
import Drawer from 'antd/es/drawer';
import type { Merchant, Tenant } from '@zc/shared/api/organisation';
import { useMerchants } from '../../features/organisation/api/get-merchants';
import { useCheckEu } from '../../features/auth/api/check-eu';
import { useMerchantPermissions } from '../../features/access/api/get-merchant-permissions';
import { useTenantPermissions } from '../../features/access/api/get-tenant-permissions';
import { AddTenantDialog } from '../../features/organisation/components/add-tenant-dialog';
import { ErrorResult } from '../../components/error-result';
import { useSessionValue, writeSession } from '../../lib/session';
import { loginHref } from '../../lib/paths';
import { ScopeContext, type Scope } from '../../lib/scope-context';
import { RealtimeConnector } from '../realtime-connector';
import { Sidebar, SidebarNav } from './sidebar';
import { AppHeader, ScopeSwitchers } from './app-header';
import { useNarrowScreen } from './use-narrow-screen';
import { AppBreadcrumb } from './app-breadcrumb';

/** Tenant pages live under /tenant; everything else in the shell is organisation level. */
export function isTenantPath(pathname: string): boolean {
  return pathname === '/tenant' || pathname.startsWith('/tenant/');
}

function findTenant(merchants: Merchant[], tenantId: string | null): { merchant: Merchant; tenant: Tenant } | null {
  if (!tenantId) return null;
  for (const merchant of merchants) {
    const tenant = merchant.tenants.find((t) => t.id === tenantId);
    if (tenant) return { merchant, tenant };
  }
  return null;
}

/** The authenticated layout: resolves organisation/tenant/permissions, then renders the shell. */
export function AppShell() {
  const signedIn = useSessionValue('accessToken') !== null;
  const location = useLocation();
  // Signed out on a page (expired session): sign in again, then come back here (lib/paths loginHref).
  if (!signedIn) return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  return (
    <AntApp>
      <SignedInShell />
    </AntApp>
  );
}

function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

function SignedInShell() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const [params] = useSearchParams();
  const level: Scope['level'] = isTenantPath(location.pathname) ? 'tenant' : 'organisation';
  const merchantsQuery = useMerchants();
  const euQuery = useCheckEu();
  const storedMerchantId = useSessionValue('merchantId');
  const storedTenantId = useSessionValue('tenantId');
  const queryTenantId = params.get('tenantId');
  const [addTenantOpen, setAddTenantOpen] = useState(false);
  const narrow = useNarrowScreen();
  // The phone drawer is open for the route it was opened on: any navigation closes it.
  const routeKey = `${location.pathname}${location.search}`;
  const [navOpenAt, setNavOpenAt] = useState<string | null>(null);
  const navOpen = narrow && navOpenAt === routeKey;

  const merchants = useMemo(() => merchantsQuery.data ?? [], [merchantsQuery.data]);
  // The tenantId query parameter is the source of truth on tenant pages.
  const found = level === 'tenant' ? findTenant(merchants, queryTenantId) : null;
  const merchant = found?.merchant ?? merchants.find((m) => m.id === storedMerchantId) ?? merchants[0] ?? null;
  const tenant = found?.tenant ?? null;

  useEffect(() => {
    const next: Parameters<typeof writeSession>[0] = {};
    if (merchant && merchant.id !== storedMerchantId) next.merchantId = merchant.id;
    if (tenant && tenant.id !== storedTenantId) next.tenantId = tenant.id;
    if (Object.keys(next).length > 0) writeSession(next);
  }, [merchant, tenant, storedMerchantId, storedTenantId]);

  const merchantPermissions = useMerchantPermissions(level === 'organisation' ? (merchant?.id ?? null) : null);
  const tenantPermissions = useTenantPermissions(level === 'tenant' ? (tenant?.id ?? null) : null, merchant?.id ?? null);
  const permissionsQuery = level === 'tenant' ? tenantPermissions : merchantPermissions;
  const permissionList = permissionsQuery.data;

  const scope = useMemo<Scope>(
    () => ({
      level,
      merchants,
      merchant,
      tenant,
      permissions: new Set(permissionList ?? []),
      permissionsLoaded: permissionList !== undefined,
      isEU: euQuery.data?.isEU ?? false,
    }),
    [level, merchants, merchant, tenant, permissionList, euQuery.data],
  );

  if (merchantsQuery.isPending || euQuery.isPending) return <FullPageSpin />;
  if (merchantsQuery.isError) return <ErrorResult status={500} />;
  if (euQuery.data?.isEU && level === 'organisation' && location.pathname !== '/profile') {
    const euTenant = euQuery.data.tenantId ?? merchant?.tenants[0]?.id;
    return <Navigate to={euTenant ? `/tenant?tenantId=${euTenant}` : '/not-tenant'} replace />;
  }
  if (level === 'tenant' && !queryTenantId) {
    const fallback = findTenant(merchants, storedTenantId)?.tenant.id ?? merchant?.tenants[0]?.id;
    if (!fallback) return <Navigate to="/not-tenant" replace />;
    const next = new URLSearchParams(params);
    next.set('tenantId', fallback);
    return <Navigate to={`${location.pathname}?${next.toString()}`} replace />;
  }

  return (
    <ScopeContext.Provider value={scope}>
      <RealtimeConnector merchantId={merchant?.id ?? null} />
      <Layout style={{ minHeight: '100vh' }}>
        {narrow ? null : <Sidebar onAddTenant={() => setAddTenantOpen(true)} />}
        {/* min-width 0: a wide table scrolls inside its card instead of widening the page. */}
        <Layout style={{ minWidth: 0 }}>
          <AppHeader narrow={narrow} navOpen={navOpen} onOpenNav={() => setNavOpenAt(routeKey)} />
          <Layout.Content style={{ padding: narrow ? '12px 12px 24px' : '16px 24px 32px', minWidth: 0 }}>
            <AppBreadcrumb />
            {level === 'tenant' && !tenant ? (
              <ErrorResult status={404} />
            ) : permissionsQuery.isPending && permissionsQuery.fetchStatus !== 'idle' ? (
              <div style={{ padding: 48, textAlign: 'center' }}>
                <Spin tip={t('loading')}>
                  <div style={{ height: 48 }} />
                </Spin>
              </div>
            ) : (
              <>
                {/* Invitations to another organisation wait for an answer (issue 8): say so on every page. */}
                <InvitationNotice />
                <Outlet />
              </>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
      {narrow ? (
        <Drawer
          open={navOpen}
          onClose={() => setNavOpenAt(null)}
          placement="left"
          size="min(300px, 86vw)"
          closable={false}
          styles={{ body: { padding: 0 } }}
          rootClassName="zc-nav-drawer"
        >
          <SidebarNav
            collapsed={false}
            onAddTenant={() => setAddTenantOpen(true)}
            onClose={() => setNavOpenAt(null)}
            context={<ScopeSwitchers stacked />}
          />
        </Drawer>
      ) : null}
      {merchant ? <AddTenantDialog open={addTenantOpen} merchantId={merchant.id} onClose={() => setAddTenantOpen(false)} /> : null}
    </ScopeContext.Provider>
  );
}
