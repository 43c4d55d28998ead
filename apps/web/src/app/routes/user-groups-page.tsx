import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import List from 'antd/es/list';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import type { UserGroup } from '@zc/shared/api/organisation';
import type { PermissionHolders } from '@zc/shared/api/user-groups';
import { useUserGroups } from '../../features/user-groups/api/get-user-groups';
import { usePermissionHolders } from '../../features/user-groups/api/get-permission-holders';
import { useDeleteUserGroup } from '../../features/user-groups/api/delete-user-group';
import { useRemoveUsersFromGroup } from '../../features/user-groups/api/change-group-members';
import { GroupPermissionsModal } from '../../features/user-groups/components/group-permissions-modal';
import { AddGroupMembersModal } from '../../features/user-groups/components/add-group-members-modal';
import { GroupFormModal } from '../../features/user-groups/components/group-form-modal';
import { PermissionHoldersTable } from '../../features/user-groups/components/permission-holders-table';
import { DataTable } from '../../components/data-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { UserCell } from '../../components/user-cell';
import { formatDateTime } from '../../lib/formatters';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** /tenant/user-group (also /tenant/access-control/roles): compose the tenant's roles from the §6 catalogue and see who holds what. */
export function UserGroupsPage() {
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_USER_GROUPS') || !scope.tenant) return <ErrorResult status={403} />;
  return <UserGroupsView tenantId={scope.tenant.id} />;
}

function UserGroupsView({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('user-groups');
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const groups = useUserGroups(tenantId);
  const holders = usePermissionHolders(tenantId);
  const remove = useRemoveUsersFromGroup();
  const del = useDeleteUserGroup();
  const [permissionsOf, setPermissionsOf] = useState<UserGroup | null>(null);
  const [addingTo, setAddingTo] = useState<UserGroup | null>(null);
  const [form, setForm] = useState<{ open: boolean; group: UserGroup | null }>({ open: false, group: null });

  const membersOf = (g: UserGroup, data: PermissionHolders | undefined) => (data?.users ?? []).filter((u) => u.userGroup?.id === g.id);

  const columns: TableProps<UserGroup>['columns'] = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, g) => (
        <Space wrap size={4}>
          <Typography.Text strong>{g.name}</Typography.Text>
          {g.isDefault ? <Tag color="gold">{t('default')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'users', dataIndex: 'userCount', title: t('columns.members'), align: 'right' },
    { key: 'permissions', title: t('columns.permissions'), align: 'right', render: (_, g) => g.permissions.length },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('columns.createdAt'), render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, g) => (
        <Space wrap size={4}>
          {g.abilities.manageMembers ? (
            <Button size="small" icon={<UserAddOutlined />} onClick={() => setAddingTo(g)}>
              {t('actions.addMembers')}
            </Button>
          ) : null}
          <Button size="small" icon={<SafetyOutlined />} onClick={() => setPermissionsOf(g)}>
            {g.abilities.update ? t('actions.editPermissions') : t('actions.viewPermissions')}
          </Button>
          {g.abilities.update ? (
            <Button size="small" icon={<EditOutlined />} onClick={() => setForm({ open: true, group: g })}>
              {t('actions.rename')}
            </Button>
          ) : null}
          {g.abilities.delete ? (
            <ConfirmButton
              size="small"
              danger
              icon={<DeleteOutlined />}
              title={t('delete.title', { name: g.name })}
              description={t('delete.text', { count: g.userCount })}
              loading={del.isPending && del.variables?.id === g.id}
              onConfirm={async () => {
                try {
                  await del.mutateAsync({ tenantId, id: g.id });
                  void message.success(t('delete.done'));
                } catch (error) {
                  void message.error(errorText(error));
                }
              }}
            >
              {t('actions.delete')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  const expanded = (g: UserGroup) => {
    const members = membersOf(g, holders.data);
    if (members.length === 0) return <Typography.Text type="secondary">{t('members.none')}</Typography.Text>;
    return (
      <List
        size="small"
        dataSource={members}
        renderItem={(u) => (
          <List.Item
            actions={
              g.abilities.manageMembers
                ? [
                    <ConfirmButton
                      key="remove"
                      size="small"
                      title={t('members.removeTitle')}
                      description={t('members.removeText', { email: u.email, group: g.name })}
                      loading={remove.isPending && remove.variables?.userIds.includes(u.id)}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync({ tenantId, groupId: g.id, userIds: [u.id] });
                          void message.success(t('members.removed'));
                        } catch (error) {
                          void message.error(errorText(error));
                        }
                      }}
                    >
                      {t('members.remove')}
                    </ConfirmButton>,
                  ]
                : []
            }
          >
            <UserCell user={u} />
          </List.Item>
        )}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('UPDATE_USER_GROUPS') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, group: null })} data-testid="user-group-create">
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Tabs
          items={[
            {
              key: 'groups',
              label: t('tabs.groups'),
              children: groups.isError ? (
                <ErrorResult status={500} message={errorText(groups.error)} />
              ) : (
                <DataTable<UserGroup>
                  data-testid="user-groups-table"
                  rowKey="id"
                  columns={columns}
                  dataSource={groups.data?.data ?? []}
                  loading={groups.isFetching}
                  expandable={{ expandedRowRender: expanded, rowExpandable: (g) => g.userCount > 0 }}
                />
              ),
            },
            {
              key: 'holders',
              label: t('tabs.holders'),
              children: holders.isError ? (
                <ErrorResult status={500} message={errorText(holders.error)} />
              ) : (
                <PermissionHoldersTable data={holders.data} loading={holders.isFetching} />
              ),
            },
          ]}
        />
      </Card>
      <GroupFormModal
        tenantId={tenantId}
        open={form.open}
        group={form.group}
        onClose={() => setForm({ open: false, group: null })}
        onCreated={(g) => setPermissionsOf(g)}
        errorText={errorText}
      />
      <GroupPermissionsModal tenantId={tenantId} group={permissionsOf} onClose={() => setPermissionsOf(null)} errorText={errorText} />
      <AddGroupMembersModal tenantId={tenantId} group={addingTo} onClose={() => setAddingTo(null)} errorText={errorText} />
    </>
  );
}
