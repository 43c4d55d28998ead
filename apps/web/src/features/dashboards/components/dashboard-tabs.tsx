import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Tabs from 'antd/es/tabs';
import { canOpen } from '../../../lib/access';
import { PAGES, type PageDef } from '../../../lib/paths';
import { usePermissions } from '../../../lib/scope-context';

export type DashboardTab = 'overview' | 'messages' | 'byTenant' | 'report';

const TABS: ReadonlyArray<{ key: DashboardTab; page: PageDef }> = [
  { key: 'overview', page: PAGES.dashboard },
  { key: 'messages', page: PAGES.dashboardMessages },
  { key: 'byTenant', page: PAGES.messagesByTenant },
  { key: 'report', page: PAGES.dashboardReport },
];

/**
 * The organisation dashboard's pages as tabs (overview, messages, by tenant, report): the ones the
 * caller may open; the date range travels along (from, to, period).
 */
export function DashboardTabs({ active }: { active: DashboardTab | null }) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { permissions } = usePermissions();
  const tabs = TABS.filter((x) => canOpen(x.page, permissions, null));
  const carry = () => {
    const from = new URLSearchParams(search);
    const keep = new URLSearchParams();
    for (const k of ['from', 'to', 'period']) {
      const v = from.get(k);
      if (v) keep.set(k, v);
    }
    const s = keep.toString();
    return s ? `?${s}` : '';
  };
  return (
    <Tabs
      activeKey={active ?? undefined}
      aria-label={t('tabs.label')}
      data-testid="dashboard-tabs"
      items={tabs.map(({ key }) => ({ key, label: <span data-testid={`dashboard-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
      onChange={(key) => {
        const tab = tabs.find((x) => x.key === key);
        if (tab) void navigate(`${tab.page.path}${carry()}`);
      }}
      style={{ marginBottom: 4 }}
    />
  );
}
