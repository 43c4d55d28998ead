import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import { useUpdateOa } from '../api/update-oa';
import type { ZaloOaDetail } from '../api/get-oa';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

const CREDENTIALS = ['zoaSecretKey', 'zoaWebhookSecretKey', 'zoaAccessToken', 'zoaRefreshToken'] as const;
type Values = { name?: string } & Partial<Record<(typeof CREDENTIALS)[number], string>>;

/** Edits the OA name (UPDATE_ZALO_OA / UPDATE_ZALO_OA_INFO) and/or credentials (UPDATE_ZALO_OA_CREDENTIAL); blank keeps. */
export function EditOaDialog({ oa, open, onClose }: { oa: ZaloOaDetail; open: boolean; onClose: () => void }) {
  // Which parts the caller may change comes with the OA (abilities.rename / abilities.updateCredentials).
  const { rename: canName, updateCredentials: canCredentials } = oa.abilities;
  const { t } = useTranslation('zalo-oa');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const update = useUpdateOa();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: Values) => {
    setFailure(null);
    const body: Values = {};
    if (canName && values.name && values.name.trim() !== oa.name) body.name = values.name.trim();
    if (canCredentials) for (const k of CREDENTIALS) if (values[k]?.trim()) body[k] = values[k].trim();
    if (Object.keys(body).length === 0) {
      close();
      return;
    }
    try {
      await update.mutateAsync({ id: oa.id, ...body });
      void message.success(t('oa.updated'));
      close();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['name', ...CREDENTIALS])) setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('oa.editTitle')}
      onCancel={close}
      destroyOnHidden
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      width={560}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ name: oa.name }}>
        <Form.Item name="name" label={t('oa.fields.name')} rules={[{ required: true, whitespace: true, message: t('oa.required', { field: t('oa.fields.name') }) }, { max: 150, message: t('components:validation.max', { count: 150 }) }]}>
          <Input disabled={!canName} maxLength={150} />
        </Form.Item>
        {canCredentials ? (
          <>
            <Alert type="info" showIcon title={t('oa.blankKeeps')} style={{ marginBottom: 16 }} />
            {CREDENTIALS.map((k) => (
              <Form.Item key={k} name={k} label={t(`oa.fields.${k}`)} rules={[{ max: 2000, message: t('components:validation.max', { count: 2000 }) }]}>
                <Input.Password autoComplete="off" placeholder={oa.credentials?.[k]} />
              </Form.Item>
            ))}
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
