import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import App from 'antd/es/app';
import type { MemberUser, Tenant } from '@zc/shared/api/organisation';
import { LIMITS } from '@zc/shared/limits';
import { MERCHANT_ROLES, type MerchantRole } from '@zc/shared/permissions';
import { useAddUser } from '../api/add-user';
import { useUpdateUserInfo } from '../api/update-user-info';
import { applyFieldErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';

interface UserFormValues {
  email: string;
  displayName?: string;
  password?: string;
  role: MerchantRole;
  tenantIds: string[];
}

/** Add a member (user undefined) or edit one's role, tenants and display name. */
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
      user
        ? { email: user.email, displayName: user.displayName, role: user.roleMerchant.name, tenantIds: user.tenants.map((x) => x.id) }
        : { email: '', displayName: '', password: '', role: 'USER', tenantIds: [] },
    );
  }, [open, user, form]);

  const onFinish = async (values: UserFormValues) => {
    try {
      if (user) {
        await update.mutateAsync({
          id: user.id,
          merchantId,
          role: values.role,
          tenantIds: values.tenantIds,
          displayName: values.displayName?.trim() || undefined,
        });
        void message.success(t('form.updated'));
      } else {
        await add.mutateAsync({
          merchantId,
          email: values.email.trim(),
          displayName: values.displayName?.trim() || undefined,
          password: values.password || undefined,
          role: values.role,
          tenantIds: values.tenantIds,
        });
        void message.success(t('form.added'));
      }
      onClose();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['email', 'displayName', 'password', 'role', 'tenantIds'])) {
        void message.error(error instanceof ApiError ? t(`errors:${error.code}`, { defaultValue: error.message }) : t('errors:INTERNAL'));
      }
    }
  };

  return (
    <Modal
      open={open}
      title={isEdit ? t('form.editTitle') : t('form.addTitle')}
      okText={isEdit ? t('common:save') : t('form.add')}
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
        <Form.Item
          name="displayName"
          label={t('columns.displayName')}
          rules={[{ max: LIMITS.displayNameMax }, ...(isEdit ? [{ whitespace: true, required: true, message: t('form.displayNameRequired') }] : [])]}
        >
          <Input maxLength={LIMITS.displayNameMax} />
        </Form.Item>
        {isEdit ? null : (
          <Form.Item
            name="password"
            label={t('form.password')}
            extra={t('form.passwordHint')}
            rules={[{ min: LIMITS.passwordMin, message: t('auth:validation.passwordMin', { count: LIMITS.passwordMin }) }]}
          >
            <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} />
          </Form.Item>
        )}
        <Form.Item name="role" label={t('columns.role')} rules={[{ required: true, message: t('form.roleRequired') }]}>
          <Select options={(roles.length ? roles : MERCHANT_ROLES).map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('columns.tenants')}>
          <Select mode="multiple" allowClear optionFilterProp="label" options={tenants.map((x) => ({ value: x.id, label: x.name }))} placeholder={t('form.tenantsPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
