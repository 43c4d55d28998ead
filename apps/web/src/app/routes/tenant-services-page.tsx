import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ServiceBlocker } from '@zc/shared/api/settings';
import { useSwitchServices, useTenantServices, tenantServicesKey } from '../../features/settings/api/services';
import { ServiceBlockersAlert } from '../../features/settings/components/service-blockers';
import { SERVICE_MENU_ITEMS, SERVICE_ORDER, serviceBlockersOf, type TenantService } from '../../features/settings/lib/services';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { useScope } from '../../lib/scope-context';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/**
 * /tenant/settings/services (VIEW_TENANT_SERVICES): the OA, ZNS, mini-app and multi-team switches with
 * what each does to the tenant menu (§2.2). Switching off asks first; work in flight refuses it (409)
 * and is listed. Only a caller who may manage the tenant's services (abilities.manageServices) switches.
 */
export function ServicesSettingsPage() {
  const { t } = useTranslation('settings');
  const scope = useScope();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const tenantId = scope.tenant?.id ?? '';
  const merchantId = scope.tenant?.merchantId ?? scope.merchant?.id ?? '';
  const services = useTenantServices(tenantId);
  const change = useSwitchServices(tenantId, merchantId);
  const canManage = scope.tenant?.abilities.manageServices ?? false;
  const [blocked, setBlocked] = useState<{ service: TenantService; items: ServiceBlocker[] } | null>(null);
  const [busy, setBusy] = useState<TenantService | null>(null);

  useRealtimeEvent('tenant.settings_changed', (event) => {
    if (event.data.tenantId === tenantId) void queryClient.invalidateQueries({ queryKey: tenantServicesKey(tenantId) });
  });

  const apply = async (service: TenantService, on: boolean) => {
    setBusy(service);
    try {
      await change.mutateAsync({ [service]: on });
      setBlocked(null);
      void message.success(t(on ? 'services.savedOn' : 'services.savedOff', { service: t(`services.name.${service}`) }));
    } catch (error) {
      const items = serviceBlockersOf(error);
      if (items) setBlocked({ service, items });
      else void message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (service: TenantService, on: boolean) => {
    if (on) {
      void apply(service, true);
      return;
    }
    modal.confirm({
      title: t('services.confirmOff.title', { service: t(`services.name.${service}`) }),
      content: (
        <div data-testid="service-off-confirm">
          <Typography.Paragraph>{t('services.confirmOff.body')}</Typography.Paragraph>
          <Flex wrap gap={4}>
            {SERVICE_MENU_ITEMS[service].map((item) => (
              <Tag key={item}>{t(`menu.${item}`)}</Tag>
            ))}
          </Flex>
        </div>
      ),
      okText: t('services.confirmOff.ok'),
      cancelText: t('services.confirmOff.cancel'),
      okButtonProps: { danger: true },
      onOk: () => apply(service, false),
    });
  };

  return (
    <>
      <PageHeader title={t('title.services')} />
      <TenantSettingsTabs active="services" />
      {services.isError ? (
        <ErrorResult status={500} message={errorText(services.error)} />
      ) : !services.data ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <>
          {!canManage ? <Alert type="info" showIcon message={t('readOnly')} style={{ marginBottom: 16 }} data-testid="services-read-only" /> : null}
          {blocked ? <ServiceBlockersAlert service={blocked.service} items={blocked.items} onClose={() => setBlocked(null)} /> : null}
          <Typography.Paragraph type="secondary">{t('services.intro')}</Typography.Paragraph>
          <Flex vertical gap={12}>
            {SERVICE_ORDER.map((service) => {
              const on = services.data[service];
              return (
                <Card key={service} size="small" data-testid={`service-card-${service}`}>
                  <Flex justify="space-between" align="flex-start" gap={12}>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Flex align="center" gap={8} wrap>
                        <Typography.Text strong style={{ fontSize: 16 }} id={`service-label-${service}`}>
                          {t(`services.name.${service}`)}
                        </Typography.Text>
                        <Tag color={on ? 'green' : undefined}>{t(on ? 'services.on' : 'services.off')}</Tag>
                      </Flex>
                      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
                        {t(`services.describe.${service}`)}
                      </Typography.Paragraph>
                      <Flex wrap gap={4} align="center">
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('services.menuItems')}:
                        </Typography.Text>
                        {SERVICE_MENU_ITEMS[service].map((item) => (
                          <Tag key={item} bordered={false}>
                            {t(`menu.${item}`)}
                          </Tag>
                        ))}
                      </Flex>
                    </div>
                    <Switch
                      checked={on}
                      disabled={!canManage}
                      loading={busy === service}
                      onChange={(next) => toggle(service, next)}
                      aria-labelledby={`service-label-${service}`}
                      data-testid={`service-switch-${service}`}
                    />
                  </Flex>
                </Card>
              );
            })}
          </Flex>
        </>
      )}
    </>
  );
}
