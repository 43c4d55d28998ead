import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import type { TableProps } from 'antd/es/table';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import type { UserGroup } from '@zc/shared/api/organisation';
import { useTenantUsers, type TenantMember } from '../../features/user-groups/api/get-tenant-users';
import { useUserGroups } from '../../features/user-groups/api/get-user-groups';
import { useRemoveUsersFromGroup } from '../../features/user-groups/api/change-group-members';
import { GroupPermissionsModal } from '../../features/user-groups/components/group-permissions-modal';
import { AddGroupMembersModal } from '../../features/user-groups/components/add-group-members-modal';
import { DataTable } from '../../components/data-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/formatters';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { UserCell } from '../../components/user-cell';

/** /tenant/access-control/user: tenant members and user groups (tenant roles). */
export function TenantAccessUsersPage() {
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_USER_GROUPS') || !scope.tenant) return <ErrorResult status={403} />;
  return <AccessControl tenantId={scope.tenant.id} />;
}

function AccessControl({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('access');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const users = useTenantUsers(tenantId);
  const groups = useUserGroups(tenantId);
  const remove = useRemoveUsersFromGroup();
  const [permissionsOf, setPermissionsOf] = useState<UserGroup | null>(null);
  const [addingTo, setAddingTo] = useState<UserGroup | null>(null);

  const userColumns: TableProps<TenantMember>['columns'] = [
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, u) => <UserCell user={u} />,
    },
    { key: 'group', title: t('columns.group'), render: (_, u) => (u.userGroup ? <Tag color="cyan">{u.userGroup.name}</Tag> : <Tag>{t('noGroup')}</Tag>) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, u) =>
        u.abilities.removeFromGroup && u.userGroup ? (
          <ConfirmButton
            size="small"
            title={t('members.removeTitle')}
            description={t('members.removeText', { email: u.email, group: u.userGroup.name })}
            loading={remove.isPending && remove.variables?.userIds.includes(u.id)}
            onConfirm={async () => {
              if (!u.userGroup) return;
              try {
                await remove.mutateAsync({ tenantId, groupId: u.userGroup.id, userIds: [u.id] });
                void message.success(t('members.removed'));
              } catch (error) {
                void message.error(errorText(error));
              }
            }}
          >
            {t('members.remove')}
          </ConfirmButton>
        ) : null,
    },
  ];

  const groupColumns: TableProps<UserGroup>['columns'] = [
    {
      key: 'name',
      title: t('columns.groupName'),
      render: (_, g) => (
        <Space>
          {g.name}
          {g.isDefault ? <Tag color="gold">{t('default')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'users', dataIndex: 'userCount', title: t('columns.userCount') },
    { key: 'permissions', title: t('columns.permissionCount'), render: (_, g) => g.permissions.length },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('columns.createdAt'), render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, g) => (
        <Space>
          {g.abilities.manageMembers ? (
            <Button size="small" icon={<UserAddOutlined />} onClick={() => setAddingTo(g)}>
              {t('members.add')}
            </Button>
          ) : null}
          {g.abilities.update ? (
            <Button size="small" icon={<SafetyOutlined />} onClick={() => setPermissionsOf(g)}>
              {t('permissions.edit')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        <Tabs
          items={[
            {
              key: 'users',
              label: t('tabs.users'),
              children: users.query.isError ? (
                <ErrorResult status={500} message={errorText(users.query.error)} />
              ) : (
                <DataTable<TenantMember> rowKey="id" columns={userColumns} dataSource={users.rows} loading={users.query.isFetching} paging={users.paging} />
              ),
            },
            {
              key: 'groups',
              label: t('tabs.groups'),
              children: groups.isError ? (
                <ErrorResult status={500} message={errorText(groups.error)} />
              ) : (
                <DataTable<UserGroup> rowKey="id" columns={groupColumns} dataSource={groups.data?.data ?? []} loading={groups.isFetching} />
              ),
            },
          ]}
        />
      </Card>
      <GroupPermissionsModal tenantId={tenantId} group={permissionsOf} onClose={() => setPermissionsOf(null)} errorText={errorText} />
      <AddGroupMembersModal tenantId={tenantId} group={addingTo} onClose={() => setAddingTo(null)} errorText={errorText} />
    </>
  );
}
