import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import type { ServicePackage } from '@zc/shared/api/service-packages';
import { useAssignPackage } from '../api/service-packages';
import { useErrorText } from '../../../lib/error-text';

/**
 * The tenants on one package: add tenants (they leave their previous package, a tenant has one) or
 * remove them (back to the standard prices). Each change is one assignment call.
 */
export function AssignTenantsDialog({
  merchantId,
  pkg,
  packages,
  tenants,
  onClose,
}: {
  merchantId: string;
  pkg: ServicePackage | null;
  packages: ServicePackage[];
  tenants: Array<{ id: string; name: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('packages');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const assign = useAssignPackage(merchantId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // A newly opened package starts from its tenants (state adjusted during render, not in an effect).
  const [openFor, setOpenFor] = useState<string | null>(null);
  if ((pkg?.id ?? null) !== openFor) {
    setOpenFor(pkg?.id ?? null);
    setChosen(pkg ? pkg.tenants.map((x) => x.id) : []);
  }

  const packageOf = (tenantId: string) => packages.find((p) => p.tenants.some((x) => x.id === tenantId));

  const save = async () => {
    if (!pkg) return;
    const before = new Set(pkg.tenants.map((x) => x.id));
    const after = new Set(chosen);
    setSaving(true);
    try {
      for (const id of after) if (!before.has(id)) await assign.mutateAsync({ tenantId: id, packageId: pkg.id });
      for (const id of before) if (!after.has(id)) await assign.mutateAsync({ tenantId: id, packageId: null });
      void message.success(t('assigned'));
      onClose();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={pkg !== null} title={pkg ? t('assignTitle', { name: pkg.name }) : ''} onCancel={onClose} onOk={() => void save()} okText={t('common:save')} cancelText={t('common:cancel')} confirmLoading={saving} okButtonProps={{ id: 'package-assign-save' }} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('assignIntro')}</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        data-testid="package-assign-tenants"
        value={chosen}
        onChange={setChosen}
        optionFilterProp="label"
        options={tenants.map((x) => {
          const current = packageOf(x.id);
          return { value: x.id, label: current && current.id !== pkg?.id ? `${x.name} (${current.name})` : x.name };
        })}
      />
    </Modal>
  );
}
