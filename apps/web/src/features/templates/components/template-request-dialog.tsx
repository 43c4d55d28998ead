import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Space from 'antd/es/space';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { useCreateTemplateRequest, type TemplateRequestInput } from '../api/create-template-request';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

/** templateRequestBody limits. */
export const REQUEST_LIMITS = { name: 60, content: 2000, params: 20, paramName: 30, sample: 200, note: 400 } as const;
const PARAM_NAME = /^[a-z_][a-z0-9_]{0,29}$/;
const KINDS = [1, 2, 3, 4, 5] as const;
const KIND_NAMES: Record<number, string> = { 1: 'CUSTOM', 2: 'VERIFIED', 3: 'PAYMENT', 4: 'VOUCHER', 5: 'FEEDBACK' };
const TAGS = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION'] as const;
const PARAM_TYPES = Array.from({ length: 15 }, (_, i) => i + 1);

/** Requests a new ZNS template (name, kind, tag, content with <param> placeholders, params, note). */
export function TemplateRequestDialog({ open, oas, onClose }: { open: boolean; oas: ZaloOa[]; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<TemplateRequestInput>();
  const create = useCreateTemplateRequest();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: TemplateRequestInput) => {
    setFailure(null);
    try {
      await create.mutateAsync({ ...values, params: values.params ?? [], note: values.note?.trim() || undefined });
      void message.success(t('templates.requestSent'));
      close();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['zaloOAId', 'name', 'templateType', 'tag', 'content', 'params', 'note'])) setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('templates.requestTitle')}
      width={720}
      onCancel={close}
      destroyOnHidden
      okText={t('templates.requestSubmit')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ zaloOAId: oas.length === 1 ? oas[0]?.id : undefined, templateType: 1, tag: 'TRANSACTION', params: [] }}>
        <Form.Item name="zaloOAId" label={t('templates.columns.oa')} rules={[{ required: true, message: t('templates.oaRequired') }]}>
          <Select options={oas.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Form.Item name="name" label={t('templates.columns.name')} rules={[{ required: true, whitespace: true, message: t('components:validation.required') }, { max: REQUEST_LIMITS.name, message: t('components:validation.max', { count: REQUEST_LIMITS.name }) }]}>
          <Input maxLength={REQUEST_LIMITS.name} showCount autoFocus />
        </Form.Item>
        <Space size={16} style={{ display: 'flex' }} align="start">
          <Form.Item name="templateType" label={t('templates.kind')} rules={[{ required: true }]} style={{ minWidth: 200 }}>
            <Select options={KINDS.map((k) => ({ value: k, label: t(`templates.kinds.${KIND_NAMES[k]}`) }))} />
          </Form.Item>
          <Form.Item name="tag" label={t('templates.columns.tag')} rules={[{ required: true }]} style={{ minWidth: 200 }}>
            <Select options={TAGS.map((x) => ({ value: x, label: t(`templates.tags.${x}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item
          name="content"
          label={t('templates.content')}
          extra={t('templates.contentHint')}
          rules={[{ required: true, whitespace: true, message: t('components:validation.required') }, { max: REQUEST_LIMITS.content, message: t('components:validation.max', { count: REQUEST_LIMITS.content }) }]}
        >
          <Input.TextArea rows={5} maxLength={REQUEST_LIMITS.content} showCount />
        </Form.Item>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <div style={{ marginBottom: 16 }}>
              <div style={{ marginBottom: 8, fontWeight: 500 }}>{t('templates.params')}</div>
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }} wrap>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, message: t('components:validation.required') }, { pattern: PARAM_NAME, message: t('templates.paramNameRule') }]}
                  >
                    <Input placeholder={t('templates.param.name')} aria-label={t('templates.param.name')} maxLength={REQUEST_LIMITS.paramName} style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} rules={[{ required: true, message: t('components:validation.required') }]}>
                    <Select placeholder={t('templates.param.type')} aria-label={t('templates.param.type')} style={{ width: 200 }} options={PARAM_TYPES.map((n) => ({ value: n, label: t(`templates.paramTypes.${n}`) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'sample']} rules={[{ max: REQUEST_LIMITS.sample, message: t('components:validation.max', { count: REQUEST_LIMITS.sample }) }]}>
                    <Input placeholder={t('templates.param.sample')} aria-label={t('templates.param.sample')} maxLength={REQUEST_LIMITS.sample} style={{ width: 180 }} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('templates.removeParam')} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= REQUEST_LIMITS.params} onClick={() => add({ name: '', type: 1, sample: '' })}>
                {t('templates.addParam', { count: fields.length, max: REQUEST_LIMITS.params })}
              </Button>
            </div>
          )}
        </Form.List>
        <Form.Item name="note" label={t('templates.note')} rules={[{ max: REQUEST_LIMITS.note, message: t('components:validation.max', { count: REQUEST_LIMITS.note }) }]}>
          <Input.TextArea rows={2} maxLength={REQUEST_LIMITS.note} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
