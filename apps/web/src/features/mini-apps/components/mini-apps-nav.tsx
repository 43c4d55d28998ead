import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Segmented from 'antd/es/segmented';
import { PAGES, tenantHref } from '../../../lib/paths';

/** The three pages of §2.1 `/tenant/zalo-mini-app`: the mini apps, their API keys, the history. */
export function MiniAppsNav({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('mini-apps');
  const { pathname } = useLocation();
  const items = [
    { key: 'apps', page: PAGES.zmaHome, label: t('nav.apps') },
    { key: 'api-keys', page: PAGES.zmaApiKeys, label: t('nav.apiKeys') },
    { key: 'history', page: PAGES.zmaHistory, label: t('nav.history') },
  ];
  const current = items.find((i) => i.key !== 'apps' && pathname.startsWith(i.page.path))?.key ?? 'apps';
  return (
    <nav aria-label={t('home.title')} style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}>
      <Segmented
        value={current}
        options={items.map((i) => ({
          value: i.key,
          label: (
            <Link to={tenantHref(i.page, tenantId)} data-testid={`zma-nav-${i.key}`} style={{ color: 'inherit', display: 'block' }}>
              {i.label}
            </Link>
          ),
        }))}
      />
    </nav>
  );
}
