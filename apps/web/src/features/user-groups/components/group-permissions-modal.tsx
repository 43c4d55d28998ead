import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Checkbox from 'antd/es/checkbox';
import Spin from 'antd/es/spin';
import App from 'antd/es/app';
import Divider from 'antd/es/divider';
import type { UserGroup } from '@zc/shared/api/organisation';
import { usePermissionGroups } from '../api/get-permission-groups';
import { useUpdateUserGroup } from '../api/update-user-group';

/** Edits a user group's permissions as a checkbox list grouped by scope (list-permissions). */
export function GroupPermissionsModal({
  tenantId,
  group,
  onClose,
  errorText,
}: {
  tenantId: string;
  group: UserGroup | null;
  onClose: () => void;
  errorText: (error: unknown) => string;
}) {
  const { t } = useTranslation('access');
  const { message } = App.useApp();
  const catalogue = usePermissionGroups(tenantId);
  const update = useUpdateUserGroup();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected(group?.permissions ?? []), [group]);

  return (
    <Modal
      open={group !== null}
      width={760}
      title={t('permissions.title', { name: group?.name ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={update.isPending}
      onCancel={onClose}
      onOk={async () => {
        if (!group) return;
        try {
          await update.mutateAsync({ tenantId, id: group.id, permissions: selected });
          void message.success(t('permissions.saved'));
          onClose();
        } catch (error) {
          void message.error(errorText(error));
        }
      }}
    >
      {catalogue.isPending ? (
        <Spin />
      ) : (
        (catalogue.data ?? []).map((scopeGroup) => {
          const all = scopeGroup.permissions;
          const chosen = all.filter((p) => selected.includes(p));
          return (
            <div key={scopeGroup.scope}>
              <Divider titlePlacement="start" style={{ marginTop: 8 }}>
                <Checkbox
                  indeterminate={chosen.length > 0 && chosen.length < all.length}
                  checked={chosen.length === all.length && all.length > 0}
                  onChange={(e) => setSelected((prev) => (e.target.checked ? [...new Set([...prev, ...all])] : prev.filter((p) => !all.includes(p))))}
                >
                  {t(`permissions.scope.${scopeGroup.scope}`)}
                </Checkbox>
              </Divider>
              <Checkbox.Group
                style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 6 }}
                value={chosen}
                onChange={(values) => setSelected((prev) => [...prev.filter((p) => !all.includes(p)), ...values.map(String)])}
                options={all.map((p) => ({ value: p, label: <span style={{ fontSize: 12, fontFamily: 'monospace' }}>{p}</span> }))}
              />
            </div>
          );
        })
      )}
    </Modal>
  );
}
