import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { LIMITS } from '@zc/shared/limits';
import { useCreateTenant } from '../api/create-tenant';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];
const MB = 1048576;

interface AddTenantForm {
  name: string;
  avatar: UploadFile[];
}

/** Returns the i18n key of the problem with a chosen avatar file, or null when it is acceptable. */
export function avatarProblem(file: { type: string; size: number; name: string }): 'imageType' | 'imageSize' | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!ACCEPTED_TYPES.includes(file.type) && !byName) return 'imageType';
  if (file.size > LIMITS.avatarMaxBytes) return 'imageSize';
  return null;
}

/** §2.9 create-tenant dialog: name required; avatar required, JPG/PNG, ≤ 5 MB (hint 240x240). */
export function AddTenantDialog({ open, merchantId, onClose }: { open: boolean; merchantId: string; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateTenant();
  const [form] = Form.useForm<AddTenantForm>();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: AddTenantForm) => {
    setFailure(null);
    const file = values.avatar[0]?.originFileObj;
    if (!file) return;
    try {
      const tenant = await create.mutateAsync({ merchantId, name: values.name, file });
      void message.success(t('create.done', { name: tenant.name }));
      close();
      // §4: creating a tenant adds it to the list and opens it.
      void navigate(`/tenant?tenantId=${tenant.id}`);
    } catch (error) {
      if (applyFieldErrors(form, error, ['name'])) return;
      setFailure(error instanceof ApiError ? errorText(error) : t('create.failed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      onCancel={close}
      destroyOnHidden
      okText={t('create.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      data-testid="add-tenant-dialog"
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark initialValues={{ avatar: [] }}>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('create.nameRequired') },
            { max: LIMITS.tenantNameMax, message: t('create.nameMax', { count: LIMITS.tenantNameMax }) },
          ]}
        >
          <Input autoFocus maxLength={LIMITS.tenantNameMax} />
        </Form.Item>
        <Form.Item
          name="avatar"
          label={t('fields.avatar')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          extra={t('create.avatarHint')}
          rules={[
            {
              validator: async (_, value: UploadFile[] | undefined) => {
                const file = value?.[0]?.originFileObj;
                if (!file) throw new Error(t('create.avatarRequired'));
                const problem = avatarProblem(file);
                if (problem === 'imageType') throw new Error(t('create.imageType'));
                if (problem === 'imageSize') throw new Error(t('create.imageSize', { count: LIMITS.avatarMaxBytes / MB }));
              },
            },
          ]}
        >
          <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" listType="picture" maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>{t('create.chooseAvatar')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
