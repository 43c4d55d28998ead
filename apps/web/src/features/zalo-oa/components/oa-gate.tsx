import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Dropdown from 'antd/es/dropdown';
import ApiOutlined from '@ant-design/icons/ApiOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { useLogout } from '../../../lib/logout';
import { writeSession } from '../../../lib/session';
import { ErrorResult } from '../../../components/error-result';
import { useCurrentOa } from '../../../lib/current-oa';
import { CreateOaDialog } from './create-oa-dialog';

/** §9: the OA gate opens the create dialog after 500 ms. */
export const OA_GATE_DELAY_MS = 500;

/**
 * §4 Zalo OA gate around the tenant pages that need an OA (Zalo OA service and ZNS pages). With no
 * OA: CREATE_ZALO_OA holders get the create dialog forced open after 500 ms; others see a blocking
 * message to contact the administrator (the EU role also gets switch-organisation and logout).
 */
export function OaGateLayout() {
  const scope = useScope();
  const oa = useCurrentOa();
  // While an OA is being connected the gate stays up, so the dialog can show its success for 2 s.
  const [connecting, setConnecting] = useState(false);
  if (oa.isLoading && !connecting) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (oa.isError) return <ErrorResult status={500} />;
  if ((oa.oas.length === 0 || connecting) && scope.tenant) return <NoOa tenantId={scope.tenant.id} onConnecting={setConnecting} />;
  return <Outlet />;
}

function NoOa({ tenantId, onConnecting }: { tenantId: string; onConnecting: (busy: boolean) => void }) {
  const { t } = useTranslation('zalo-oa');
  const { can } = usePermissions();
  const scope = useScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const mayCreate = can('CREATE_ZALO_OA');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!mayCreate) return;
    const timer = window.setTimeout(() => setOpen(true), OA_GATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mayCreate]);

  if (mayCreate) {
    return (
      <>
        <Result
          icon={<ApiOutlined style={{ color: '#0d9488' }} />}
          title={t('oa.gate.title')}
          subTitle={t('oa.gate.createText')}
          data-testid="oa-gate"
          extra={
            <Button type="primary" onClick={() => setOpen(true)} data-testid="oa-gate-connect">
              {t('oa.connect')}
            </Button>
          }
        />
        <CreateOaDialog open={open} tenantId={tenantId} onBusy={onConnecting} onClose={() => setOpen(false)} />
      </>
    );
  }

  return (
    <Result
      status="warning"
      title={t('oa.gate.title')}
      subTitle={<span data-testid="oa-gate-contact">{t('oa.gate.contactAdmin')}</span>}
      data-testid="oa-gate"
      extra={
        scope.isEU ? (
          <Space wrap>
            <Dropdown
                trigger={['click']}
                menu={{
                  items: scope.merchants.map((m) => ({ key: m.id, label: m.name, disabled: m.id === scope.merchant?.id })),
                  onClick: ({ key }) => {
                    const next = scope.merchants.find((m) => m.id === key);
                    const firstTenant = next?.tenants[0]?.id ?? null;
                    writeSession({ merchantId: key, tenantId: firstTenant, oaId: null, zmaId: null });
                    queryClient.removeQueries({ queryKey: ['permissions'] });
                    void navigate(firstTenant ? `/tenant?tenantId=${firstTenant}` : '/not-tenant');
                  },
                }}
              >
                <Button icon={<SwapOutlined />}>{t('oa.gate.switchOrganisation')}</Button>
              </Dropdown>
            <Button
              danger
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })}
            >
              {t('oa.gate.logout')}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
