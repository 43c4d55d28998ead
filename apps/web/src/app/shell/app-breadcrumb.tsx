import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumb from 'antd/es/breadcrumb';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { shortenId } from '../../lib/formatters';

/** Breadcrumb items from the URL path segments (§2.2); tenant pages keep their tenantId. */
export function AppBreadcrumb() {
  const { t, i18n } = useTranslation('shell');
  const location = useLocation();
  const [params] = useSearchParams();
  const segments = location.pathname.split('/').filter(Boolean);
  const tenantId = params.get('tenantId');
  const suffix = segments[0] === 'tenant' && tenantId ? `?tenantId=${tenantId}` : '';
  const items = segments.map((segment, index) => {
    const href = `/${segments.slice(0, index + 1).join('/')}${suffix}`;
    const key = `crumb.${segment}`;
    const label = i18n.exists(`shell:${key}`) ? t(key) : shortenId(decodeURIComponent(segment));
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
