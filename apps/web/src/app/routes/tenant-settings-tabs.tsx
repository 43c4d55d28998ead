import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Tabs from 'antd/es/tabs';
import { canOpen } from '../../lib/access';
import { TENANT_SETTINGS_TABS, type TenantSettingsTabKey } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

export type TenantSettingsTab = TenantSettingsTabKey;

/** The settings tabs (§3) this caller may open in the current tenant, in the spec's order. */
function useOpenTabs() {
  const { permissions } = usePermissions();
  const scope = useScope();
  return TENANT_SETTINGS_TABS.filter(({ page }) => canOpen(page, permissions, scope.tenant));
}

/**
 * The tenant Settings page as tabs: one tab per settings page that exists (a tab of the spec whose
 * module has not arrived is absent, not a placeholder); tabs the caller may not open are left out.
 * One click (or arrow keys) apart; the tenantId query is kept.
 */
export function TenantSettingsTabs({ active }: { active: TenantSettingsTab }) {
  const { t } = useTranslation('fallback');
  const navigate = useNavigate();
  const { search } = useLocation();
  const tabs = useOpenTabs();
  return (
    <Tabs
      activeKey={active}
      aria-label={t('tabs.label')}
      data-testid="tenant-settings-tabs"
      items={tabs.map(({ key }) => ({ key, label: <span data-testid={`settings-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
      onChange={(key) => {
        const tab = tabs.find((x) => x.key === key);
        if (tab) void navigate(`${tab.page.path}${search}`);
      }}
      style={{ marginBottom: 8 }}
    />
  );
}

/** `/tenant/settings` (the Settings menu item): opens the first tab the caller may open. */
export function TenantSettingsIndex() {
  const { search } = useLocation();
  const [first] = useOpenTabs();
  // RouteGate lets this page through only with some tab's permission, so a first tab exists.
  return first ? <Navigate to={`${first.page.path}${search}`} replace /> : null;
}
