import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumb from 'antd/es/breadcrumb';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { shortenId } from '../../lib/formatters';
import { PAGES } from '../../lib/paths';
import { useZmaMe } from '../../lib/zma-scope';

/** Breadcrumb items from the URL path segments (§2.2); tenant pages keep their tenantId. */
export function AppBreadcrumb() {
  const { t, i18n } = useTranslation('shell');
  const location = useLocation();
  const [params] = useSearchParams();
  const segments = location.pathname.split('/').filter(Boolean);
  const tenantId = params.get('tenantId');
  const suffix = segments[0] === 'tenant' && tenantId ? `?tenantId=${tenantId}` : '';
  // Under /tenant/mini-app/{id}: "Mini App" leads to the tenant's mini apps (there is no page at
  // /tenant/mini-app itself) and the id reads as the app's name (the layout has loaded it).
  const zmaAppId = segments[0] === 'tenant' && segments[1] === 'mini-app' ? (segments[2] ?? null) : null;
  const zmaName = useZmaMe(zmaAppId).data?.miniApp.name;
  const items = segments.map((segment, index) => {
    const href = zmaAppId && index === 1 ? `${PAGES.zmaHome.path}${suffix}` : `/${segments.slice(0, index + 1).join('/')}${suffix}`;
    const key = `crumb.${segment}`;
    const label = zmaAppId && index === 2 && zmaName ? zmaName : i18n.exists(`shell:${key}`) ? t(key) : shortenId(decodeURIComponent(segment));
    const isLast = index === segments.length - 1;
    return { key: href, title: isLast ? <span>{label}</span> : <Link to={href}>{label}</Link> };
  });
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      items={[{ key: 'home', title: <Link to="/" aria-label={t('home')}><HomeOutlined /></Link> }, ...items]}
    />
  );
}
