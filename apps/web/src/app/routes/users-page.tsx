import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import App from 'antd/es/app';
import Flex from 'antd/es/flex';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import type { MemberUser } from '@zc/shared/api/organisation';
import { ROLE_COLORS, type MerchantRole } from '@zc/shared/permissions';
import { useUsersByMerchant } from '../../features/users/api/get-users-by-merchant';
import { useMerchantRoles } from '../../features/users/api/get-merchant-roles';
import { useRemoveUser } from '../../features/users/api/remove-user';
import { UserFormModal } from '../../features/users/components/user-form-modal';
import { PendingInvitations } from '../../features/users/components/pending-invitations';
import { DataTable } from '../../components/data-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { formatDateTime } from '../../lib/formatters';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { PageHeader } from '../../components/page-header';
import { UserCell } from '../../components/user-cell';

type SortField = 'createdAt' | 'email' | 'displayName';

/** /dashboard/user: members of the organisation and the invitations it has pending. */
export function UsersPage() {
  const { can } = usePermissions();
  if (!can('VIEW_USER')) return <ErrorResult status={403} />;
  return <UsersTable />;
}

function UsersTable() {
  const { t } = useTranslation('users');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const merchantId = scope.merchant?.id ?? '';
  const [orderBy, setOrderBy] = useState<string>('createdAt=desc');
  const [email, setEmail] = useState('');
  const [tenantName, setTenantName] = useState('');
  const [editing, setEditing] = useState<MemberUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const users = useUsersByMerchant(merchantId, { orderBy, email: email || undefined, tenantName: tenantName || undefined });
  const roles = useMerchantRoles(merchantId);
  const remove = useRemoveUser();

  const columns: TableProps<MemberUser>['columns'] = [
    {
      key: 'displayName',
      title: t('columns.user'),
      sorter: true,
      render: (_, user) => <UserCell user={user} />,
    },
    { key: 'email', dataIndex: 'email', title: t('columns.email'), sorter: true },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_, user) => <Tag color={ROLE_COLORS[user.roleMerchant.name]}>{t(`roles.${user.roleMerchant.name}`)}</Tag>,
    },
    {
      key: 'tenants',
      title: t('columns.tenants'),
      render: (_, user) =>
        user.tenants.length === 0 ? (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('noTenant')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {user.tenants.map((x) => (
              <Tag key={x.id}>
                {x.name}
                {x.userGroup ? ` · ${x.userGroup.name}` : ''}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('columns.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, user) => (
        <Space>
          {user.abilities.update ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                setEditing(user);
                setFormOpen(true);
              }}
            >
              {t('common:edit')}
            </Button>
          ) : null}
          {user.abilities.remove ? (
            <ConfirmButton
              size="small"
              icon={<DeleteOutlined />}
              title={t('remove.title')}
              description={t('remove.text', { email: user.email })}
              loading={remove.isPending && remove.variables?.userId === user.id}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ userId: user.id, merchantId });
                  void message.success(t('remove.done'));
                } catch (error) {
                  void message.error(errorText(error));
                }
              }}
            >
              {t('remove.button')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  const roleNames: MerchantRole[] = roles.data?.map((r) => r.name) ?? [];
  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_USER') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              {t('form.addTitle')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('filters.email')}
            aria-label={t('filters.email')}
            style={{ width: 260 }}
            onSearch={(value) => setEmail(value.trim())}
          />
          <Input.Search
            allowClear
            placeholder={t('filters.tenantName')}
            aria-label={t('filters.tenantName')}
            style={{ width: 260 }}
            onSearch={(value) => setTenantName(value.trim())}
          />
        </Flex>
        {users.query.isError ? (
          <ErrorResult status={500} message={errorText(users.query.error)} />
        ) : (
          <DataTable<MemberUser>
            rowKey="id"
            columns={columns}
            dataSource={users.rows}
            loading={users.query.isFetching}
            paging={users.paging}
            onChange={(_pagination, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = one?.columnKey;
              if (one?.order && (field === 'createdAt' || field === 'email' || field === 'displayName')) {
                setOrderBy(`${field satisfies SortField}=${one.order === 'ascend' ? 'asc' : 'desc'}`);
              } else setOrderBy('createdAt=desc');
            }}
          />
        )}
      </Card>
      <PendingInvitations merchantId={merchantId} />
      <UserFormModal
        open={formOpen}
        merchantId={merchantId}
        tenants={scope.merchant?.tenants ?? []}
        user={editing}
        roles={roleNames}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
