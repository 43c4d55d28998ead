import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Checkbox from 'antd/es/checkbox';
import Spin from 'antd/es/spin';
import App from 'antd/es/app';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import type { UserGroup } from '@zc/shared/api/organisation';
import { usePermissionGroups } from '../api/get-permission-groups';
import { useUpdateUserGroup } from '../api/update-user-group';
import { groupByArea } from '../permission-areas';

/**
 * Edits a user group's permissions: the list-permissions catalogue grouped by area (dashboard,
 * Zalo OA, ZNS, tickets …), each area with a select-all box, and a search over the codes.
 */
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
  const { t } = useTranslation('user-groups');
  const { message } = App.useApp();
  const catalogue = usePermissionGroups(tenantId);
  const update = useUpdateUserGroup();
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  // A newly opened group starts from its own permissions and an empty search.
  const [shownGroup, setShownGroup] = useState<UserGroup | null>(null);
  if (group !== shownGroup) {
    setShownGroup(group);
    setSelected(group?.permissions ?? []);
    setSearch('');
  }
  const areas = useMemo(() => groupByArea((catalogue.data ?? []).flatMap((g) => g.permissions)), [catalogue.data]);
  const needle = search.trim().toUpperCase().replace(/\s+/g, '_');

  return (
    <Modal
      open={group !== null}
      width={820}
      title={t('permissions.title', { name: group?.name ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !group?.abilities.update }}
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
      <Input.Search allowClear placeholder={t('permissions.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 12 }} />
      <Typography.Text type="secondary">{t('permissions.selected', { count: selected.length })}</Typography.Text>
      {catalogue.isPending ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: '60vh', overflowY: 'auto', marginTop: 8 }}>
          {areas.map(({ area, permissions: all }) => {
            const shown = needle ? all.filter((p) => p.includes(needle)) : all;
            if (shown.length === 0) return null;
            const chosen = all.filter((p) => selected.includes(p));
            return (
              <section key={area} style={{ marginBottom: 12 }} data-area={area}>
                <Checkbox
                  indeterminate={chosen.length > 0 && chosen.length < all.length}
                  checked={chosen.length === all.length && all.length > 0}
                  onChange={(e) => setSelected((prev) => (e.target.checked ? [...new Set([...prev, ...all])] : prev.filter((p) => !all.includes(p))))}
                  style={{ fontWeight: 600 }}
                >
                  {t('permissions.areaCount', { area: t(`areas.${area}`), chosen: chosen.length, total: all.length })}
                </Checkbox>
                <Checkbox.Group
                  style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 6, margin: '6px 0 0 24px' }}
                  value={chosen.filter((p) => shown.includes(p))}
                  onChange={(values) => setSelected((prev) => [...prev.filter((p) => !shown.includes(p)), ...values.map(String)])}
                  options={shown.map((p) => ({ value: p, label: <span style={{ fontSize: 12, fontFamily: 'monospace', wordBreak: 'break-all' }}>{p}</span> }))}
                />
              </section>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
