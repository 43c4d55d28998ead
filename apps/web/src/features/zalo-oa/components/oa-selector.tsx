import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Select from 'antd/es/select';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import Divider from 'antd/es/divider';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { canOpen } from '../../../lib/access';
import { PAGES, tenantHref } from '../../../lib/paths';
import { ALL_OA, useCurrentOa } from '../../../lib/current-oa';

/** Header OA selector (tenant level): list-oa plus the synthetic 'All' entry when there are 2+ OAs. */
export function OaSelector() {
  const scope = useScope();
  if (scope.level !== 'tenant' || !scope.tenant || (!scope.tenant.oaService && !scope.tenant.znsService)) return null;
  return <OaSelect tenantId={scope.tenant.id} />;
}

function OaSelect({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('zalo-oa');
  const { t: tShell } = useTranslation('shell');
  const oa = useCurrentOa();
  const scope = useScope();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (oa.oas.length === 0) return null;
  // The OA settings page is one click away from the switcher (also in the Zalo OA menu group).
  const settingsHref = canOpen(PAGES.oaSetting, permissions, scope.tenant) ? tenantHref(PAGES.oaSetting, tenantId) : null;
  const options = [
    ...(oa.showsAll ? [{ value: ALL_OA, label: <span>{t('oa.all')}</span> }] : []),
    ...oa.oas.map((o) => ({
      value: o.id,
      label: (
        <Space size={6}>
          <Avatar size={18} src={o.zaloOAvatar ?? undefined} icon={<WechatOutlined />} style={{ backgroundColor: '#0068ff' }} />
          <span>{o.name}</span>
        </Space>
      ),
    })),
  ];
  return (
    <Select
      aria-label={t('oa.switch')}
      data-testid="oa-selector"
      value={oa.selection ?? undefined}
      style={{ minWidth: 180, maxWidth: 240 }}
      options={options}
      open={open}
      onOpenChange={setOpen}
      onChange={(value: string) => oa.select(value)}
      popupRender={(menu) =>
        settingsHref ? (
          <>
            {menu}
            <Divider style={{ margin: '4px 0' }} />
            <Link
              to={settingsHref}
              onClick={() => setOpen(false)}
              data-testid="oa-selector-settings"
              style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px' }}
            >
              <SettingOutlined /> {tShell('oaSettings')}
            </Link>
          </>
        ) : (
          menu
        )
      }
    />
  );
}
