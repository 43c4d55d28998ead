import { useTranslation } from 'react-i18next';
import Select from 'antd/es/select';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { useScope } from '../../../app/scope-context';
import { ALL_OA, useCurrentOa } from './current-oa';

/** Header OA selector (tenant level): list-oa plus the synthetic 'All' entry when there are 2+ OAs. */
export function OaSelector() {
  const scope = useScope();
  if (scope.level !== 'tenant' || !scope.tenant || (!scope.tenant.oaService && !scope.tenant.znsService)) return null;
  return <OaSelect />;
}

function OaSelect() {
  const { t } = useTranslation('gateway');
  const oa = useCurrentOa();
  if (oa.oas.length === 0) return null;
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
      onChange={(value: string) => oa.select(value)}
    />
  );
}
