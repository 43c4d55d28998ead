import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import type { MemberUser, Tenant } from '@zc/shared/api/organisation';
import { LIMITS } from '@zc/shared/limits';
import { MERCHANT_ROLES, type MerchantRole } from '@zc/shared/permissions';
import { useAddUser } from '../api/add-user';
import { useUpdateUserInfo } from '../api/update-user-info';
import { applyFieldErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';

interface UserFormValues {
  email: string;
  role: MerchantRole;
  tenantIds: string[];
}

/**
 * Invite a member (user null): the address, role and tenants; the person joins when they accept.
 * Edit a member: only what the organisation owns (role, tenants); the display name is the person's.
 */
export function UserFormModal({
  open,
  merchantId,
  tenants,
  user,
  roles,
  onClose,
}: {
  open: boolean;
  merchantId: string;
  tenants: Tenant[];
  user: MemberUser | null;
  roles: readonly MerchantRole[];
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const add = useAddUser();
  const update = useUpdateUserInfo();
  const isEdit = user !== null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      user ? { email: user.email, role: user.roleMerchant.name, tenantIds: user.tenants.map((x) => x.id) } : { email: '', role: 'USER', tenantIds: [] },
    );
  }, [open, user, form]);

  const onFinish = async (values: UserFormValues) => {
    try {
      if (user) {
        // The role travels only when it changed: an unchanged owner role is not a role change (abilities.changeRole).
        const role = values.role !== user.roleMerchant.name ? values.role : undefined;
        await update.mutateAsync({ id: user.id, merchantId, role, tenantIds: values.tenantIds });
        void message.success(t('form.updated'));
      } else {
        const invitation = await add.mutateAsync({ merchantId, email: values.email.trim(), role: values.role, tenantIds: values.tenantIds });
        void message.success(t('form.invited', { email: invitation.email }));
      }
      onClose();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['email', 'role', 'tenantIds'])) {
        void message.error(error instanceof ApiError ? t(`errors:${error.code}`, { defaultValue: error.message }) : t('errors:INTERNAL'));
      }
    }
  };

  return (
    <Modal
      open={open}
      title={isEdit ? t('form.editTitle') : t('form.addTitle')}
      okText={isEdit ? t('common:save') : t('form.invite')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="email"
          label={t('columns.email')}
          rules={[
            { required: true, message: t('auth:validation.emailRequired') },
            { type: 'email', message: t('auth:validation.emailInvalid') },
          ]}
        >
          <Input disabled={isEdit} maxLength={LIMITS.emailMax} autoFocus={!isEdit} />
        </Form.Item>
        {user ? (
          <Form.Item label={t('columns.displayName')} extra={t('form.displayNameOwn')}>
            <Input value={user.displayName} disabled />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('form.inviteHint')} />
        )}
        <Form.Item name="role" label={t('columns.role')} rules={[{ required: true, message: t('form.roleRequired') }]}>
          <Select
            disabled={user ? !user.abilities.changeRole : false}
            options={(roles.length ? roles : MERCHANT_ROLES).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('columns.tenants')}>
          <Select mode="multiple" allowClear optionFilterProp="label" options={tenants.map((x) => ({ value: x.id, label: x.name }))} placeholder={t('form.tenantsPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
