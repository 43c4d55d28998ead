import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useErrorText } from '../../../lib/error-text';
import { useSetZnsPublicMode, useZnsPublicMode, type TenantRef } from '../api/public-mode';

type Mode = 'production' | 'development';

/**
 * The tenant's ZNS public mode on its detail page (§4: production campaigns only in production mode):
 * shown to whoever may view the tenant, changed (after a confirmation) by whoever may update it.
 * A caller who may not read it sees nothing rather than an error.
 */
export function ZnsPublicModeItem({ tenant }: { tenant: TenantRef }) {
  const { t } = useTranslation('campaigns');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const mode = useZnsPublicMode(tenant);
  const save = useSetZnsPublicMode(tenant);
  if (!mode.data) return null;
  const current = mode.data.publicMode;
  const label = (m: Mode) => t(`publicMode.${m}`);
  const change = (next: Mode) => {
    if (next === current) return;
    modal.confirm({
      title: t('publicMode.confirmTitle'),
      content: t(`publicMode.confirm.${next}`),
      okText: t('publicMode.change'),
      cancelText: t('publicMode.cancel'),
      onOk: async () => {
        try {
          await save.mutateAsync({ publicMode: next });
          void message.success(t('publicMode.saved', { mode: label(next) }));
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });
  };
  return (
    <Space direction="vertical" size={2} data-testid="zns-public-mode">
      {mode.data.abilities.update ? (
        <Select<Mode>
          size="small"
          style={{ minWidth: 160 }}
          value={current}
          loading={save.isPending}
          onChange={change}
          aria-label={t('publicMode.label')}
          options={(['production', 'development'] as const).map((m) => ({ value: m, label: label(m) }))}
          data-testid="zns-public-mode-select"
        />
      ) : (
        <Tag color={current === 'production' ? 'green' : 'orange'}>{label(current)}</Tag>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`publicMode.hint.${current}`)}
      </Typography.Text>
    </Space>
  );
}
