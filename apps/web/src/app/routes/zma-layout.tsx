import { useEffect, useMemo } from 'react';
import { Link, Navigate, Outlet, useMatches, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { ApiError } from '../../lib/api-client';
import { PAGES, tenantHref, type PageDef } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { canOpenZmaPage, selectZmaApp, useZmaMe, zmaMeKey, zmaPageKeyOf, ZmaScopeContext, type ZmaScope } from '../../lib/zma-scope';
import { buildMiniAppMenu } from '../shell/menu-model';
import { ForbiddenResult } from './forbidden-page';

function pageOf(handle: unknown): PageDef | null {
  if (typeof handle !== 'object' || handle === null || !('page' in handle)) return null;
  const page: unknown = handle.page;
  return typeof page === 'object' && page !== null && 'path' in page ? (page as PageDef) : null;
}

/**
 * `/tenant/mini-app/:id/*` (issue 14, §2.1, §6, §7): makes `:id` the app calls act on (x-zma-id),
 * loads the caller's §6 union for that app and gates each page by ZMA_PAGE_PERMISSION inside the
 * shell (a page off limits shows the 403 result; the menu stays). Another tenant's app, or one that
 * does not exist, is a clear not-found. The union reaches pages through `useZmaPermissions()`.
 */
export function MiniAppLayout() {
  const { t } = useTranslation('mini-apps');
  const { id = '' } = useParams();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const matches = useMatches();
  const queryClient = useQueryClient();
  const me = useZmaMe(id);

  useEffect(() => {
    selectZmaApp(id);
  }, [id]);

  // The app renamed, its secret rotated or removed, or the caller's role changed: read the union again.
  useRealtimeEvent('zma.app_changed', (event) => {
    if (event.data.zmaAppId === id) void queryClient.invalidateQueries({ queryKey: zmaMeKey(id) });
  });

  let page: PageDef | null = null;
  for (const match of matches) page = pageOf(match.handle) ?? page;

  const value = useMemo<ZmaScope | null>(
    () => (me.data ? { zmaAppId: id, miniApp: me.data.miniApp, permissions: new Set(me.data.permissions) } : null),
    [id, me.data],
  );

  if (me.isPending) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="zma-layout-loading">
        <Spin />
      </div>
    );
  }
  if (me.isError || !value) {
    const error = me.error instanceof ApiError ? me.error : null;
    // ZMA_APP_ACCESS_DENIED: the id names no mini app of this tenant (another tenant's, or none).
    const notFound = error !== null && (error.code === 'ZMA_APP_ACCESS_DENIED' || error.status === 404 || error.status === 400);
    if (!notFound && error?.status === 403) return <ForbiddenResult />;
    return (
      <Result
        status={notFound ? '404' : '500'}
        title={notFound ? '404' : '500'}
        subTitle={<span data-testid="error-text">{notFound ? t('layout.notFound') : t('layout.loadError')}</span>}
        data-testid="zma-not-found"
        extra={
          <Link to={tenantHref(PAGES.zmaHome, tenantId)}>
            <Button type="primary">{t('layout.backToApps')}</Button>
          </Link>
        }
      />
    );
  }

  if (!canOpenZmaPage(page, value.permissions)) {
    // The app's root (its dashboard) without the dashboard permission opens the first page the caller may open.
    if (zmaPageKeyOf(page) === 'zmaApp') {
      const first = buildMiniAppMenu(value.permissions, id, tenantId).find((n) => n.key !== 'zma-back');
      if (first?.path) return <Navigate to={first.path} replace />;
    }
    return (
      <ZmaScopeContext.Provider value={value}>
        <ForbiddenResult />
      </ZmaScopeContext.Provider>
    );
  }

  return (
    <ZmaScopeContext.Provider value={value}>
      <Outlet />
    </ZmaScopeContext.Provider>
  );
}
