import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { OA_BUTTON_TYPES, OA_LIMITS as L, TABLE_COLOURS, TRANSACTION_SUBTYPES, type OaMessage } from '@zc/shared/api/messaging';

export type RichKind = 'request' | 'transaction' | 'promotion';
const BUTTON_TYPES = OA_BUTTON_TYPES;
type ButtonType = (typeof BUTTON_TYPES)[number];

export interface RichValues {
  title?: string;
  subtitle?: string;
  imageUrl?: string;
  templateType?: (typeof TRANSACTION_SUBTYPES)[number];
  language?: 'VI' | 'EN';
  bannerUrl?: string;
  header?: string;
  body?: string;
  description?: string;
  table?: Array<{ key?: string; value?: string; style?: (typeof TABLE_COLOURS)[number] }>;
  buttons?: Array<{ type?: ButtonType; title?: string; url?: string; payload?: string; phone?: string; content?: string }>;
}

export const RICH_INITIAL: Record<RichKind, RichValues> = {
  request: {},
  transaction: { templateType: 'order', language: 'VI', table: [{}], buttons: [] },
  promotion: { table: [{}], buttons: [] },
};

const trimmed = (s: string | undefined) => {
  const v = s?.trim();
  return v ? v : undefined;
};

/** The OA message of the form (the playground's rules: the public send API's oaMessage, phone numbers with the 84 prefix). */
export function toRichMessage(kind: RichKind, v: RichValues): OaMessage {
  if (kind === 'request') return { kind, title: (v.title ?? '').trim(), subtitle: (v.subtitle ?? '').trim(), imageUrl: (v.imageUrl ?? '').trim() };
  const elements = {
    ...(trimmed(v.bannerUrl) ? { bannerUrl: trimmed(v.bannerUrl) } : {}),
    header: (v.header ?? '').trim(),
    text: (v.body ?? '').trim(),
    ...(trimmed(v.description) ? { description: trimmed(v.description) } : {}),
    table: (v.table ?? []).filter((r) => trimmed(r.key) || trimmed(r.value)).map((r) => ({ key: (r.key ?? '').trim(), value: (r.value ?? '').trim(), ...(r.style ? { style: r.style } : {}) })),
  };
  const buttons = (v.buttons ?? []).map((b) => {
    const title = (b.title ?? '').trim();
    const phone = `84${(b.phone ?? '').replace(/^84/, '')}`;
    switch (b.type) {
      case 'oa.open.url':
        return { type: b.type, title, payload: { url: (b.url ?? '').trim() } };
      case 'oa.open.phone':
        return { type: b.type, title, payload: { phone_code: phone } };
      case 'oa.open.sms':
        return { type: b.type, title, payload: { phone_code: phone, content: b.content ?? '' } };
      default:
        return { type: b.type ?? 'oa.query.show', title, payload: b.payload ?? '' };
    }
  });
  return (kind === 'transaction'
    ? { kind, templateType: v.templateType ?? 'order', language: v.language ?? 'VI', elements, buttons }
    : { kind, elements, buttons }) as OaMessage;
}

/** Request user info, transaction and promotion fields with the §5 Playground limits. */
export function RichFields({ kind, form }: { kind: RichKind; form: FormInstance<RichValues> }) {
  const { t } = useTranslation(['chat-composer', 'playground', 'components']);
  const required = { required: true, whitespace: true, message: t('components:validation.required') };
  const max = (n: number) => ({ max: n, message: t('components:validation.max', { count: n }) });
  const url = { type: 'url' as const, message: t('components:validation.url') };
  if (kind === 'request') {
    return (
      <>
        <Form.Item name="title" label={t('playground:playground.fields.title')} rules={[required, max(L.requestTitle)]}>
          <Input maxLength={L.requestTitle} showCount />
        </Form.Item>
        <Form.Item name="subtitle" label={t('playground:playground.fields.subtitle')} rules={[required, max(L.requestSubtitle)]}>
          <Input.TextArea rows={3} maxLength={L.requestSubtitle} showCount />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('playground:playground.fields.imageUrl')} rules={[required, url]}>
          <Input placeholder="https://" />
        </Form.Item>
      </>
    );
  }
  const keyMax = kind === 'promotion' ? L.tableKey : L.tableValue;
  return (
    <>
      {kind === 'transaction' ? (
        <Space style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="templateType" label={t('playground:playground.fields.subtype')} rules={[{ required: true, message: t('components:validation.required') }]} style={{ minWidth: 180 }}>
            <Select options={TRANSACTION_SUBTYPES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
          <Form.Item name="language" label={t('playground:playground.fields.language')} style={{ minWidth: 100 }}>
            <Select options={[{ value: 'VI', label: 'VI' }, { value: 'EN', label: 'EN' }]} />
          </Form.Item>
        </Space>
      ) : null}
      <Form.Item name="bannerUrl" label={t('playground:playground.fields.banner')} rules={[url]}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="header" label={t('playground:playground.fields.header')} rules={[required, max(L.header)]}>
        <Input maxLength={L.header} showCount />
      </Form.Item>
      <Form.Item name="body" label={t('playground:playground.fields.text')} rules={[required, max(L.body)]}>
        <Input.TextArea rows={3} maxLength={L.body} showCount />
      </Form.Item>
      <Form.Item name="description" label={t('playground:playground.fields.description')} rules={[max(L.description)]}>
        <Input.TextArea rows={2} maxLength={L.description} showCount />
      </Form.Item>
      <Form.List name="table">
        {(fields, { add, remove }) => (
          <Card size="small" title={t('playground:playground.table', { count: fields.length, max: L.tableRows })} style={{ marginBottom: 16 }}>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'key']} rules={[required, max(keyMax)]} style={{ width: 120 }}>
                  <Input placeholder={t('playground:playground.key')} aria-label={t('playground:playground.key')} maxLength={keyMax} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} rules={[required, max(L.tableValue)]} style={{ width: 140 }}>
                  <Input placeholder={t('playground:playground.value')} aria-label={t('playground:playground.value')} maxLength={L.tableValue} />
                </Form.Item>
                <Form.Item name={[field.name, 'style']} style={{ width: 100 }}>
                  <Select allowClear aria-label={t('playground:playground.colour')} placeholder={t('playground:playground.colour')} options={TABLE_COLOURS.map((c) => ({ value: c, label: t(`playground:playground.colours.${c}`) }))} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('playground:playground.removeRow')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= L.tableRows} onClick={() => add({})}>
              {t('playground:playground.addRow')}
            </Button>
          </Card>
        )}
      </Form.List>
      <Form.List name="buttons">
        {(fields, { add, remove }) => (
          <Card size="small" title={t('playground:playground.buttons', { count: fields.length, max: L.buttons })} style={{ marginBottom: 16 }}>
            {fields.map((field) => (
              <RichButton key={field.key} name={field.name} form={form} onRemove={() => remove(field.name)} />
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= L.buttons} onClick={() => add({ type: 'oa.open.url' })}>
              {t('playground:playground.addButton')}
            </Button>
          </Card>
        )}
      </Form.List>
    </>
  );
}

function RichButton({ name, form, onRemove }: { name: number; form: FormInstance<RichValues>; onRemove: () => void }) {
  const { t } = useTranslation(['chat-composer', 'playground', 'components']);
  const type = Form.useWatch(['buttons', name, 'type'], form) as ButtonType | undefined;
  const required = { required: true, whitespace: true, message: t('components:validation.required') };
  const max = (n: number) => ({ max: n, message: t('components:validation.max', { count: n }) });
  return (
    <div style={{ borderBottom: '1px dashed #eee', marginBottom: 12 }}>
      <Space align="start" wrap style={{ display: 'flex' }}>
        <Form.Item name={[name, 'type']} rules={[{ required: true, message: t('components:validation.required') }]} style={{ width: 170 }}>
          <Select aria-label={t('playground:playground.buttonType')} options={BUTTON_TYPES.map((b) => ({ value: b, label: t(`playground:playground.buttonTypes.${b.replace(/\./g, '_')}`) }))} />
        </Form.Item>
        <Form.Item name={[name, 'title']} rules={[required, max(L.buttonTitle)]} style={{ width: 180 }}>
          <Input placeholder={t('playground:playground.buttonTitle')} aria-label={t('playground:playground.buttonTitle')} maxLength={L.buttonTitle} />
        </Form.Item>
        <Button type="text" icon={<DeleteOutlined />} aria-label={t('playground:playground.removeButton')} onClick={onRemove} />
      </Space>
      {type === 'oa.open.url' ? (
        <Form.Item name={[name, 'url']} rules={[required, { type: 'url', message: t('components:validation.url') }]}>
          <Input placeholder="https://" aria-label={t('playground:playground.buttonUrl')} />
        </Form.Item>
      ) : null}
      {type === 'oa.query.show' || type === 'oa.query.hide' ? (
        <Form.Item name={[name, 'payload']} rules={[required, max(L.otherPayload)]}>
          <Input placeholder={t('playground:playground.payload')} aria-label={t('playground:playground.payload')} maxLength={L.otherPayload} />
        </Form.Item>
      ) : null}
      {type === 'oa.open.phone' || type === 'oa.open.sms' ? (
        <Form.Item name={[name, 'phone']} rules={[required, { pattern: /^\d{1,11}$/, message: t('playground:playground.phoneRule', { count: L.buttonPhone }) }]}>
          <Input addonBefore="84" placeholder={t('playground:playground.phone')} aria-label={t('playground:playground.phone')} maxLength={L.buttonPhone} inputMode="numeric" style={{ maxWidth: 260 }} />
        </Form.Item>
      ) : null}
      {type === 'oa.open.sms' ? (
        <Form.Item name={[name, 'content']} rules={[required, max(L.sms)]}>
          <Input.TextArea rows={2} placeholder={t('playground:playground.smsContent')} aria-label={t('playground:playground.smsContent')} maxLength={L.sms} showCount />
        </Form.Item>
      ) : null}
    </div>
  );
}
