import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Tabs from 'antd/es/tabs';

const TABS = ['webhook', 'fallback'] as const;
export type TenantSettingsTab = (typeof TABS)[number];

/**
 * The tenant settings pages about message delivery (both need VIEW_WEBHOOK): /tenant/settings/webhook
 * and /tenant/settings/fallback, one click (or arrow keys) apart; the tenantId query is kept.
 */
export function TenantSettingsTabs({ active }: { active: TenantSettingsTab }) {
  const { t } = useTranslation('fallback');
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Tabs
      activeKey={active}
      aria-label={t('tabs.label')}
      data-testid="tenant-settings-tabs"
      items={TABS.map((key) => ({ key, label: <span data-testid={`settings-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
      onChange={(key) => void navigate(`/tenant/settings/${key}${search}`)}
      style={{ marginBottom: 8 }}
    />
  );
}
