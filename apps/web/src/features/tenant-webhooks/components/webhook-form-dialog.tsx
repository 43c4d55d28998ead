import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Checkbox from 'antd/es/checkbox';
import Switch from 'antd/es/switch';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import type { Webhook } from '@zc/shared/api/webhooks';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import type { WebhookInput, WebhookWithSecret } from '../api/types';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { SecretOnce } from '../../../components/secret-once';

export const WEBHOOK_EVENTS = ['message.status'] as const;
const URL_MAX = 2000;

/** Create (secret shown once) or edit (URL, events, active) a tenant webhook endpoint. */
export function WebhookFormDialog({ open, webhook, onClose }: { open: boolean; webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<WebhookInput>();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) form.setFieldsValue(webhook ? { url: webhook.url, events: webhook.events, isActive: webhook.isActive } : { url: '', events: [...WEBHOOK_EVENTS], isActive: true });
  }, [open, webhook, form]);

  const close = () => {
    setCreated(null);
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: WebhookInput) => {
    setFailure(null);
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, ...values, url: values.url.trim() });
        void message.success(t('webhooks.saved'));
        close();
      } else {
        setCreated(await create.mutateAsync({ ...values, url: values.url.trim() }));
      }
    } catch (error) {
      if (!applyFieldErrors(form, error, ['url', 'events', 'isActive'])) setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={created ? t('webhooks.created') : webhook ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      onCancel={close}
      destroyOnHidden
      maskClosable={!created}
      width={600}
      footer={
        created
          ? [
              <Button key="done" type="primary" onClick={close}>
                {t('webhooks.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common:cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()} data-testid="webhook-submit">
                {webhook ? t('common:save') : t('webhooks.create')}
              </Button>,
            ]
      }
    >
      {created ? (
        <SecretOnce secret={created.secret} testId="webhook-secret" />
      ) : (
        <>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Form form={form} layout="vertical" onFinish={onFinish}>
            <Form.Item
              name="url"
              label={t('webhooks.url')}
              extra={t('webhooks.urlHint')}
              rules={[
                { required: true, whitespace: true, message: t('components:validation.required') },
                { type: 'url', message: t('components:validation.url') },
                { pattern: /^https?:\/\//i, message: t('components:validation.url') },
                { max: URL_MAX, message: t('components:validation.max', { count: URL_MAX }) },
              ]}
            >
              <Input autoFocus placeholder="https://example.com/zalo-events" maxLength={URL_MAX} data-testid="webhook-url" />
            </Form.Item>
            <Form.Item name="events" label={t('webhooks.events')} rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}>
              <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: `${e} — ${t(`webhooks.eventNames.${e.replace('.', '_')}`)}` }))} />
            </Form.Item>
            <Form.Item name="isActive" label={t('webhooks.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
