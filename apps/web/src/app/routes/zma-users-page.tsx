import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { ZmaRole, ZmaUser } from '@zc/shared/api/zma-apps';
import { ConfirmButton } from '../../components/confirm-button';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { applyFieldErrors } from '../../lib/form-errors';
import { PAGES, zmaHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useZmaPermissions, useZmaScope } from '../../lib/zma-scope';
import { useAssignZmaRole, useCreateZmaRole, useDeleteZmaRole, useUpdateZmaRole, useZmaRole, useZmaRoles, useZmaUsers } from '../../features/mini-apps/api/roles';
import { groupedPermissions } from '../../features/mini-apps/permission-groups';

/** `/tenant/mini-app/:id/user` (issue 14 #2): this app's staff roles and the tenant's members with their role here. */
export function MiniAppUsersPage() {
  const { t } = useTranslation('mini-apps');
  const { can } = useZmaPermissions();
  return (
    <>
      <PageHeader title={t('users.title')} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {can('VIEW_ZMA_ROLE') ? <RolesCard /> : null}
        {can('VIEW_ZMA_USER') ? <UsersCard /> : null}
      </Space>
    </>
  );
}

function RolesCard() {
  const { t } = useTranslation('mini-apps');
  const { zmaAppId } = useZmaScope();
  const tenantId = useScope().tenant?.id ?? '';
  const { can } = useZmaPermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const roles = useZmaRoles(zmaAppId);
  const create = useCreateZmaRole(zmaAppId);
  const remove = useDeleteZmaRole(zmaAppId);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const roleHref = (r: ZmaRole) => zmaHref(PAGES.zmaRole, zmaAppId, tenantId, { zMAUserRoleId: r.id });

  const columns: TableProps<ZmaRole>['columns'] = [
    { key: 'name', title: t('users.roleName'), render: (_, r) => <Link to={roleHref(r)} data-testid={`zma-role-link-${r.name}`}>{r.name}</Link> },
    { key: 'description', title: t('users.description'), render: (_, r) => r.description ?? '—' },
    { key: 'permissions', title: t('users.permissions'), render: (_, r) => r.permissions.length },
    { key: 'members', title: t('users.members'), render: (_, r) => r.members },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) => (
        <Space size={4}>
          <Link to={roleHref(r)}>
            <Button size="small">{r.abilities.update ? t('common.edit') : t('users.open')}</Button>
          </Link>
          {r.abilities.delete ? (
            <ConfirmButton
              size="small"
              title={t('users.deleteRoleTitle')}
              description={t('users.deleteRoleText', { name: r.name })}
              loading={remove.isPending && remove.variables === r.id}
              onConfirm={() =>
                remove.mutateAsync(r.id).then(
                  () => void message.success(t('users.roleDeleted')),
                  (error: unknown) => void message.error(errorText(error)),
                )
              }
            >
              {t('common.delete')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('users.roles')}
      extra={
        can('CREATE_ZMA_ROLE') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setOpen(true);
            }}
            data-testid="zma-role-create"
          >
            {t('users.createRole')}
          </Button>
        ) : null
      }
    >
      {roles.isError ? <Alert type="error" showIcon title={errorText(roles.error)} style={{ marginBottom: 12 }} /> : null}
      <DataTable<ZmaRole> rowKey="id" columns={columns} dataSource={roles.data ?? []} loading={roles.isFetching} locale={{ emptyText: t('users.rolesEmpty') }} data-testid="zma-roles-table" />
      <Modal
        open={open}
        title={t('users.createRole')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('common.create')}
        cancelText={t('common.cancel')}
        confirmLoading={create.isPending}
        destroyOnHidden
        width="min(480px, calc(100vw - 24px))"
        okButtonProps={{ 'data-testid': 'zma-role-create-submit', disabled: false }}
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) =>
            create.mutate(
              { name: v.name, description: v.description?.trim() ? v.description.trim() : null, permissions: [] },
              {
                onSuccess: (role) => {
                  setOpen(false);
                  void message.success(t('users.roleCreated'));
                  // The new role's permissions are chosen on its page.
                  void navigate(roleHref(role));
                },
                onError: (error) => {
                  if (!applyFieldErrors(form, error, ['name', 'description'])) void message.error(errorText(error));
                },
              },
            )
          }
        >
          <Form.Item name="name" label={t('users.roleName')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}>
            <Input maxLength={100} autoFocus data-testid="zma-role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('users.description')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function UsersCard() {
  const { t } = useTranslation('mini-apps');
  const { zmaAppId } = useZmaScope();
  const { can } = useZmaPermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const users = useZmaUsers(zmaAppId, { search: search.trim() || undefined });
  const roles = useZmaRoles(zmaAppId, can('VIEW_ZMA_ROLE') && can('UPDATE_ZMA_USER'));
  const assign = useAssignZmaRole(zmaAppId);
  const mayAssign = can('UPDATE_ZMA_USER') && roles.isSuccess;

  const columns: TableProps<ZmaUser>['columns'] = [
    {
      key: 'user',
      title: t('users.user'),
      render: (_, u) => (
        <Space>
          <Avatar size="small" src={u.avatar ?? undefined} alt="">
            {u.displayName.slice(0, 1)}
          </Avatar>
          <span style={{ overflowWrap: 'anywhere' }}>{u.displayName}</span>
        </Space>
      ),
    },
    { key: 'email', title: t('users.email'), render: (_, u) => u.email ?? '—' },
    {
      key: 'role',
      title: t('users.role'),
      render: (_, u) =>
        mayAssign ? (
          <Select
            allowClear
            aria-label={t('users.role')}
            placeholder={t('users.noRole')}
            value={u.roleId ?? undefined}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(roleId: string | undefined) =>
              assign.mutate(
                { userId: u.userId, roleId: roleId ?? null },
                { onSuccess: () => void message.success(t('users.roleAssigned')), onError: (error) => void message.error(errorText(error)) },
              )
            }
            style={{ width: 200 }}
            data-testid={`zma-user-role-${u.email ?? u.userId}`}
          />
        ) : u.roleName ? (
          <Tag>{u.roleName}</Tag>
        ) : (
          t('users.noRole')
        ),
    },
  ];

  return (
    <Card title={t('users.users')}>
      <Input.Search allowClear placeholder={t('users.search')} aria-label={t('users.search')} onSearch={setSearch} style={{ width: 'min(320px, 100%)', marginBottom: 12 }} />
      {users.query.isError ? <Alert type="error" showIcon title={errorText(users.query.error)} style={{ marginBottom: 12 }} /> : null}
      <DataTable<ZmaUser>
        rowKey="userId"
        columns={columns}
        dataSource={users.rows}
        loading={users.query.isFetching}
        paging={users.paging}
        locale={{ emptyText: t('users.usersEmpty') }}
        data-testid="zma-users-table"
      />
    </Card>
  );
}

/** `/tenant/mini-app/:id/user/:zMAUserRoleId` (issue 14 #2): the role's §6 permissions grouped with checkboxes, and its members. */
export function MiniAppRolePage() {
  const { t } = useTranslation('mini-apps');
  const { zMAUserRoleId = '' } = useParams();
  const { zmaAppId } = useZmaScope();
  const tenantId = useScope().tenant?.id ?? '';
  const { can } = useZmaPermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const role = useZmaRole(zmaAppId, zMAUserRoleId);
  const update = useUpdateZmaRole(zmaAppId);
  // The role's members, paged on the server (not a filter over the first page of everyone).
  const members = useZmaUsers(zmaAppId, { roleId: zMAUserRoleId }, can('VIEW_ZMA_USER') && Boolean(zMAUserRoleId));
  const [form] = Form.useForm<{ name: string; description?: string | null }>();
  // The permissions being edited, for the role as it was answered (a fresh answer starts again from it).
  const [edited, setEdited] = useState<{ base: ZmaRole; set: Set<string> } | null>(null);
  const chosen: ReadonlySet<string> = edited && edited.base === role.data ? edited.set : new Set(role.data?.permissions ?? []);
  const editable = Boolean(role.data?.abilities.update) && can('UPDATE_ZMA_ROLE');

  useEffect(() => {
    if (!role.data) return;
    form.setFieldsValue({ name: role.data.name, description: role.data.description });
  }, [role.data, form]);

  const back = (
    <Link to={zmaHref(PAGES.zmaUsers, zmaAppId, tenantId)}>
      <Button icon={<ArrowLeftOutlined />}>{t('role.back')}</Button>
    </Link>
  );
  if (role.isPending) return <Skeleton active />;
  if (role.isError) {
    const notFound = role.error instanceof ApiError && (role.error.status === 404 || role.error.status === 400);
    return <Result status={notFound ? '404' : 'error'} title={notFound ? '404' : undefined} subTitle={notFound ? t('role.notFound') : errorText(role.error)} extra={back} />;
  }

  const toggle = (ps: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const p of ps) {
      if (on) next.add(p);
      else next.delete(p);
    }
    setEdited({ base: role.data, set: next });
  };

  const onSave = (values: { name: string; description?: string | null }) =>
    update.mutate(
      { id: role.data.id, body: { name: values.name, description: values.description?.trim() ? values.description.trim() : null, permissions: [...chosen] } },
      {
        onSuccess: () => void message.success(t('role.saved')),
        onError: (error) => {
          if (!applyFieldErrors(form, error, ['name', 'description', 'permissions'])) void message.error(errorText(error));
        },
      },
    );

  return (
    <>
      <PageHeader title={role.data.name} extra={back} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Form form={form} layout="vertical" disabled={!editable} requiredMark={false} onFinish={onSave} data-testid="zma-role-form">
            <Form.Item name="name" label={t('users.roleName')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}>
              <Input maxLength={100} style={{ maxWidth: 420 }} />
            </Form.Item>
            <Form.Item name="description" label={t('users.description')} rules={[{ max: 500 }]}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} style={{ maxWidth: 620 }} />
            </Form.Item>
            <h2 style={{ fontSize: 16, fontWeight: 600 }}>{t('role.permissionsTitle')}</h2>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: 12, marginBottom: 16 }}>
              {groupedPermissions().map(({ group, permissions }) => {
                const held = permissions.filter((p) => chosen.has(p)).length;
                return (
                  <fieldset key={group} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px', margin: 0, minWidth: 0 }} data-testid={`zma-perm-group-${group}`}>
                    <legend style={{ fontSize: 14, fontWeight: 600, padding: '0 4px', width: 'auto', margin: 0, border: 0 }}>
                      <Checkbox
                        checked={held === permissions.length}
                        indeterminate={held > 0 && held < permissions.length}
                        onChange={(e) => toggle(permissions, e.target.checked)}
                        aria-label={`${t(`role.groups.${group}`)}: ${t('role.selectAll')}`}
                      >
                        {t(`role.groups.${group}`)}
                      </Checkbox>
                    </legend>
                    {permissions.map((p) => (
                      <div key={p}>
                        <Checkbox checked={chosen.has(p)} onChange={(e) => toggle([p], e.target.checked)} data-testid={`zma-perm-${p}`}>
                          {t(`role.perm.${p}`)}
                        </Checkbox>
                      </div>
                    ))}
                  </fieldset>
                );
              })}
            </div>
            {editable ? (
              <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="zma-role-save">
                {t('common.save')}
              </Button>
            ) : null}
          </Form>
        </Card>
        {can('VIEW_ZMA_USER') ? (
          <Card title={t('role.membersTitle')}>
            <List
              loading={members.query.isFetching}
              dataSource={members.rows}
              locale={{ emptyText: t('role.membersEmpty') }}
              pagination={
                members.total > members.size
                  ? { current: members.page, pageSize: members.size, total: members.total, onChange: members.paging.onChange, showSizeChanger: false, size: 'small', simple: true }
                  : false
              }
              renderItem={(u) => (
                <List.Item>
                  <List.Item.Meta avatar={<Avatar src={u.avatar ?? undefined} alt="">{u.displayName.slice(0, 1)}</Avatar>} title={u.displayName} description={u.email ?? undefined} />
                </List.Item>
              )}
              data-testid="zma-role-members"
            />
            {members.total > members.size ? <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('role.membersMore', { count: members.total })}</div> : null}
          </Card>
        ) : null}
      </Space>
    </>
  );
}
