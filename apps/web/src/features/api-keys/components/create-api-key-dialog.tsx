import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { ApiKeyWithSecret } from '@zc/shared/api/api-keys';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { useCreateApiKey } from '../api/create-api-key';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { SecretOnce } from '../../../components/secret-once';

/** createApiKeyBody: name 1–100 characters. */
export const API_KEY_NAME_MAX = 100;

interface FormValues {
  name: string;
  zaloOAId: string;
  teamId?: string;
}

/**
 * Create an API key (name, OA, and its team in a multi-team tenant: required once there are several,
 * §5); the answer's secret is shown once with a copy control.
 */
export function CreateApiKeyDialog({
  open,
  oas,
  defaultOaId,
  team,
  onClose,
}: {
  open: boolean;
  oas: ZaloOa[];
  defaultOaId?: string;
  /** The page's team select (features/teams TeamSelect) in a multi-team tenant, and whether a team is required. */
  team?: { select: ReactElement; required: boolean } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('api-keys');
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<ApiKeyWithSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setCreated(null);
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: FormValues) => {
    setFailure(null);
    try {
      setCreated(await create.mutateAsync({ name: values.name.trim(), zaloOAId: values.zaloOAId, ...(values.teamId ? { teamId: values.teamId } : {}) }));
    } catch (error) {
      if (applyFieldErrors(form, error, ['name', 'zaloOAId', 'teamId'])) return;
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={created ? t('apiKeys.created') : t('apiKeys.create')}
      onCancel={close}
      destroyOnHidden
      maskClosable={!created}
      data-testid="create-api-key-dialog"
      footer={
        created
          ? [
              <Button key="done" type="primary" onClick={close} data-testid="api-key-done">
                {t('apiKeys.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common:cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="api-key-create-submit">
                {t('apiKeys.createSubmit')}
              </Button>,
            ]
      }
    >
      {created ? (
        <SecretOnce secret={created.secret} testId="api-key-secret" />
      ) : (
        <>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ zaloOAId: defaultOaId ?? (oas.length === 1 ? oas[0]?.id : undefined) }}>
            <Form.Item
              name="name"
              label={t('apiKeys.fields.name')}
              rules={[
                { required: true, whitespace: true, message: t('apiKeys.nameRequired') },
                { max: API_KEY_NAME_MAX, message: t('components:validation.max', { count: API_KEY_NAME_MAX }) },
              ]}
            >
              <Input autoFocus maxLength={API_KEY_NAME_MAX} showCount data-testid="api-key-name" />
            </Form.Item>
            <Form.Item name="zaloOAId" label={t('apiKeys.fields.oa')} rules={[{ required: true, message: t('apiKeys.oaRequired') }]}>
              <Select data-testid="api-key-oa" options={oas.map((o) => ({ value: o.id, label: o.name }))} placeholder={t('apiKeys.chooseOa')} />
            </Form.Item>
            {team ? (
              <Form.Item name="teamId" label={t('apiKeys.fields.team')} extra={t('apiKeys.teamHint')} rules={[{ required: team.required, message: t('apiKeys.teamRequired') }]}>
                {team.select}
              </Form.Item>
            ) : null}
          </Form>
        </>
      )}
    </Modal>
  );
}
