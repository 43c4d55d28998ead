import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { PAGES, zmaHref } from '../../lib/paths';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { isZmaQueryKey, selectZmaApp, useZmaApps, zmaAppsKey } from '../../lib/zma-scope';

/**
 * §4 switching mini app, in the sidebar of a mini app: choosing another app drops the role state
 * of the mini-app pages (every `zma*` query, the `me` union among them) and opens that app's
 * dashboard. The list follows `zma.app_changed` (an app created, renamed or removed).
 */
export function ZmaSwitcher({ zmaAppId, tenantId, onSwitched }: { zmaAppId: string; tenantId: string; onSwitched?: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apps = useZmaApps(tenantId);
  useRealtimeEvent('zma.app_changed', () => {
    void queryClient.invalidateQueries({ queryKey: zmaAppsKey(tenantId) });
    void queryClient.invalidateQueries({ queryKey: ['zma-me'] });
  });
  const options = (apps.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (!options.some((o) => o.value === zmaAppId)) options.unshift({ value: zmaAppId, label: '…' });
  return (
    <div style={{ padding: '4px 16px 8px' }}>
      <Select
        value={zmaAppId}
        options={options}
        loading={apps.isPending}
        aria-label={t('zmaSwitcherHint')}
        title={t('zmaSwitcherHint')}
        prefix={t('zmaSwitcher')}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
        data-testid="zma-switcher"
        onChange={(next: string) => {
          if (next === zmaAppId) return;
          // §4: clears the mini-app role (the union of the app left behind) and goes to that mini app.
          queryClient.removeQueries({ predicate: (q) => isZmaQueryKey(q.queryKey) && q.queryKey[0] !== 'zma-apps' });
          selectZmaApp(next);
          onSwitched?.();
          void navigate(zmaHref(PAGES.zmaApp, next, tenantId));
        }}
      />
    </div>
  );
}
