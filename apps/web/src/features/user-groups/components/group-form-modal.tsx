import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import App from 'antd/es/app';
import type { UserGroup } from '@zc/shared/api/organisation';
import { useCreateUserGroup } from '../api/create-user-group';
import { useUpdateUserGroup } from '../api/update-user-group';

/** Creates a user group (`group` undefined) or renames one; a taken name is shown on the field. */
export function GroupFormModal({
  tenantId,
  open,
  group,
  onClose,
  onCreated,
  errorText,
}: {
  tenantId: string;
  open: boolean;
  group: UserGroup | null;
  onClose: () => void;
  onCreated?: (group: UserGroup) => void;
  errorText: (error: unknown) => string;
}) {
  const { t } = useTranslation('user-groups');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateUserGroup();
  const update = useUpdateUserGroup();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: group?.name ?? '' });
  }, [open, group, form]);

  const submit = async ({ name }: { name: string }) => {
    try {
      if (group) {
        await update.mutateAsync({ tenantId, id: group.id, name });
        void message.success(t('form.renamed'));
      } else {
        const created = await create.mutateAsync({ tenantId, name, permissions: [] });
        void message.success(t('form.created'));
        onCreated?.(created);
      }
      form.resetFields();
      onClose();
    } catch (error) {
      form.setFields([{ name: 'name', errors: [errorText(error)] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={group ? t('form.renameTitle', { name: group.name }) : t('form.createTitle')}
      okText={group ? t('common:save') : t('form.create')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending || update.isPending}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: 100 }]}>
          <Input autoFocus maxLength={100} data-testid="user-group-name" placeholder={t('form.namePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
