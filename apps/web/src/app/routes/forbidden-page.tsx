import { Link, Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { checkPage, type PageVerdict } from '../../lib/access';
import { PAGES, tenantHref, type PageDef, type TenantService } from '../../lib/paths';
import { ErrorResult } from '../../components/error-result';
import { useScope } from '../../lib/scope-context';

/** The route `handle` that declares what a page needs (router.tsx: `handle: { page: PAGES.x }`). */
export interface RouteHandle {
  page: PageDef;
}

function pageOf(handle: unknown): PageDef | null {
  if (typeof handle !== 'object' || handle === null || !('page' in handle)) return null;
  const page: unknown = handle.page;
  return typeof page === 'object' && page !== null && 'path' in page ? (page as PageDef) : null;
}

/**
 * Inside the shell, in the user's language: the 403 of a page the caller may not open at all
 * (sidebar and header stay). A page that is only partly off limits shows inline notices instead.
 */
export function ForbiddenResult({ services }: { services?: readonly TenantService[] }) {
  const { t } = useTranslation('access');
  const scope = useScope();
  const home = scope.level === 'tenant' && scope.tenant ? tenantHref(PAGES.tenantHome, scope.tenant.id) : scope.isEU ? PAGES.tenantHome.path : PAGES.dashboard.path;
  const module = services?.map((s) => t(`tenants:services.${s}`)).join(' / ');
  return (
    <Result
      status="403"
      title={<span data-testid="forbidden-title">{module ? t('forbidden.moduleTitle') : t('forbidden.title')}</span>}
      subTitle={<span data-testid="error-text">{module ? t('forbidden.moduleText', { module }) : t('forbidden.text')}</span>}
      data-testid="forbidden"
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button onClick={() => window.history.back()}>{t('forbidden.back')}</Button>
          <Link to={home}>
            <Button type="primary">{t('forbidden.home')}</Button>
          </Link>
        </Space>
      }
    />
  );
}

/** `/forbidden` (§2.1), inside the shell. */
export function ForbiddenPage() {
  return <ForbiddenResult />;
}

/**
 * Layout route around every shell page: the deepest route declaring a page (its `handle`) decides
 * whether the caller may open it, before the page renders and therefore before its calls run.
 */
export function RouteGate() {
  const matches = useMatches();
  const scope = useScope();
  let page: PageDef | null = null;
  for (const match of matches) page = pageOf(match.handle) ?? page;
  const verdict: PageVerdict = page ? checkPage(page, scope.permissions, scope.level === 'tenant' ? scope.tenant : null) : { ok: true };
  if (verdict.ok) return <Outlet />;
  return <ForbiddenResult services={verdict.reason === 'service' ? verdict.services : undefined} />;
}

/** A page that failed while rendering: the error shows in place, the shell stays usable. */
export function ShellRouteError() {
  return <ErrorResult status={500} />;
}
