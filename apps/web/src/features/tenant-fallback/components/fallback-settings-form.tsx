import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Switch from 'antd/es/switch';
import Checkbox from 'antd/es/checkbox';
import Radio from 'antd/es/radio';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import type { FormInstance } from 'antd/es/form';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { FALLBACK_LIMITS, FALLBACK_MESSAGE_KINDS, fallbackContentLimit, findBadPlaceholder, type FallbackMessageKind, type FallbackView } from '@zc/shared/api/fallback';
import { useUpdateFallback } from '../api/update-fallback';
import type { FallbackInput } from '../api/types';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';

/** Shown in the help texts: i18next would read a literal {{…}} in a translation as its own placeholder. */
export const PLACEHOLDER_EXAMPLE = '{{customer_name}}';
const FIELDS = ['enabled', 'triggerCodes', 'messageKind', 'header', 'content'] as const;
/** Counted like the server counts (UTF-16 units, zod's max). */
const countUnits = (text: string) => text.length;

/** Server field errors (`body.content`, `body.triggerCodes.0`) onto the form's fields. */
function applyServerFields(form: FormInstance<FallbackInput>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fields
    .map((f) => ({ name: f.path.replace(/^body\./, '').split('.')[0] ?? '', errors: [f.message] }))
    .filter((f): f is { name: (typeof FIELDS)[number]; errors: string[] } => (FIELDS as readonly string[]).includes(f.name));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}

/**
 * The fallback settings form: switch, trigger codes with their Zalo explanations, OA message kind,
 * header (transaction) and text with a counter and placeholder help. Read-only without CRUD_WEBHOOK.
 */
export function FallbackSettingsForm({
  tenantId,
  view,
  canEdit,
  form,
}: {
  tenantId: string;
  view: FallbackView;
  canEdit: boolean;
  form: FormInstance<FallbackInput>;
}) {
  const { t, i18n } = useTranslation('fallback');
  const lang = i18n.resolvedLanguage?.startsWith('en') ? 'en' : 'vi';
  const { message } = App.useApp();
  const errorText = useErrorText();
  const update = useUpdateFallback();
  const [failure, setFailure] = useState<string | null>(null);
  const kind: FallbackMessageKind = Form.useWatch('messageKind', form) ?? view.settings.messageKind;
  const limit = fallbackContentLimit(kind);
  const saved = view.settings;

  const placeholderRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const near = findBadPlaceholder(value ?? '');
      if (near !== null) throw new Error(t('validation.placeholder', { near, example: PLACEHOLDER_EXAMPLE }));
    },
  };
  const requiredWhileEnabled = (text: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (form.getFieldValue('enabled') && !value?.trim()) throw new Error(text);
    },
  });

  const onFinish = async (values: FallbackInput) => {
    setFailure(null);
    try {
      await update.mutateAsync({ tenantId, ...values, header: values.messageKind === 'transaction' ? values.header : '' });
      void message.success(t('saved'));
    } catch (error) {
      if (!applyServerFields(form, error)) setFailure(errorText(error));
    }
  };

  return (
    <Form<FallbackInput>
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={onFinish}
      initialValues={{ enabled: saved.enabled, triggerCodes: saved.triggerCodes, messageKind: saved.messageKind, header: saved.header, content: saved.content }}
      data-testid="fallback-form"
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHelp')}>
        <Switch aria-label={t('enabled')} data-testid="fallback-enabled" />
      </Form.Item>

      <Form.Item
        name="triggerCodes"
        label={t('triggers')}
        extra={t('triggersHelp')}
        dependencies={['enabled']}
        rules={[
          {
            validator: async (_: unknown, value: number[] | undefined) => {
              if (form.getFieldValue('enabled') && !value?.length) throw new Error(t('validation.triggersRequired'));
            },
          },
        ]}
      >
        <Checkbox.Group style={{ display: 'grid', gap: 10 }} aria-label={t('triggers')}>
          {view.triggers.map((trigger) => (
            <Checkbox key={trigger.code} value={trigger.code}>
              <span data-testid={`fallback-trigger-${trigger.code}`} style={{ display: 'inline-flex', gap: 8, alignItems: 'baseline' }}>
                <Tag style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>{trigger.code}</Tag>
                <span>
                  {trigger[lang].meaning}
                  {trigger.isDefault ? (
                    <Tag color="blue" bordered={false} style={{ marginInlineStart: 6 }}>
                      {t('defaultTag')}
                    </Tag>
                  ) : null}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {trigger[lang].action}
                  </Typography.Text>
                </span>
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>

      <Form.Item name="messageKind" label={t('kind')}>
        <Radio.Group style={{ display: 'grid', gap: 10 }} aria-label={t('kind')}>
          {FALLBACK_MESSAGE_KINDS.map((k) => (
            <Radio key={k} value={k} data-testid={`fallback-kind-${k}`}>
              {t(`kinds.${k}`)}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`kinds.${k}Help`)}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>

      {kind === 'transaction' ? (
        <Form.Item
          name="header"
          label={t('header')}
          dependencies={['enabled']}
          rules={[requiredWhileEnabled(t('validation.headerRequired')), { max: FALLBACK_LIMITS.header, message: t('validation.max', { count: FALLBACK_LIMITS.header }) }, placeholderRule]}
        >
          <Input placeholder={t('headerPlaceholder')} count={{ show: true, max: FALLBACK_LIMITS.header, strategy: countUnits }} data-testid="fallback-header" />
        </Form.Item>
      ) : null}

      <Form.Item
        name="content"
        label={t('content')}
        dependencies={['enabled', 'messageKind']}
        // Kept clear of the character counter, which antd draws at the right under the text area.
        extra={<div style={{ paddingInlineEnd: 96 }}>{t('placeholderHelp', { example: PLACEHOLDER_EXAMPLE })}</div>}
        rules={[requiredWhileEnabled(t('validation.required')), { max: limit, message: t('validation.max', { count: limit }) }, placeholderRule]}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          placeholder={t('contentPlaceholder', { example: '{{order_code}}' })}
          count={{ show: true, max: limit, strategy: countUnits }}
          data-testid="fallback-content"
        />
      </Form.Item>

      {canEdit ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending} data-testid="fallback-save">
          {t('save')}
        </Button>
      ) : (
        <Alert type="info" showIcon title={t('readOnly')} data-testid="fallback-read-only" />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }} data-testid="fallback-last-saved">
        {saved.updatedAt ? t('lastSaved', { name: saved.updatedBy?.displayName ?? '—', time: formatDateTime(saved.updatedAt) }) : t('neverSaved')}
      </Typography.Paragraph>
    </Form>
  );
}
