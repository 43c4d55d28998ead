import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import App from 'antd/es/app';
import type { UserGroup } from '@zc/shared/api/organisation';
import { useAvailableUsers } from '../api/get-available-users';
import { useAddUsersToGroup } from '../api/change-group-members';

/** Adds tenant members (from list-available) to a user group. */
export function AddGroupMembersModal({
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
  const available = useAvailableUsers(tenantId, group?.id ?? null);
  const add = useAddUsersToGroup();
  const [userIds, setUserIds] = useState<string[]>([]);
  const close = () => {
    setUserIds([]);
    onClose();
  };
  return (
    <Modal
      open={group !== null}
      title={t('members.addTitle', { name: group?.name ?? '' })}
      okText={t('members.add')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: userIds.length === 0 }}
      confirmLoading={add.isPending}
      onCancel={close}
      onOk={async () => {
        if (!group) return;
        try {
          await add.mutateAsync({ tenantId, groupId: group.id, userIds });
          void message.success(t('members.added'));
          close();
        } catch (error) {
          void message.error(errorText(error));
        }
      }}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        loading={available.isPending}
        value={userIds}
        onChange={setUserIds}
        placeholder={t('members.choose')}
        optionFilterProp="label"
        notFoundContent={t('members.noneAvailable')}
        options={(available.data ?? []).map((u) => ({ value: u.id, label: `${u.displayName || u.email} (${u.email})` }))}
      />
    </Modal>
  );
}
