import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import App from 'antd/es/app';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useUploadPlaygroundFile } from '../api/upload-playground-file';
import { usePlaygroundConversation } from '../api/get-conversation';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';
import {
  BUTTON_TYPES,
  fileProblem,
  imageProblem,
  isSixteenByNine,
  PLAYGROUND_LIMITS as L,
  ROW_TYPES,
  TABLE_COLOURS,
  TRANSACTION_SUBTYPES,
  type ButtonType,
  type MessageKind,
  type PlaygroundValues,
} from './message-model';

type T = ReturnType<typeof useTranslation<'playground'>>['t'];
const max = (t: T, n: number) => ({ max: n, message: t('components:validation.max', { count: n }) });
const required = (t: T) => ({ required: true, whitespace: true, message: t('components:validation.required') });
const url = (t: T) => ({ type: 'url' as const, message: t('components:validation.url') });

function readImageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const src = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(src);
    };
    img.onerror = () => {
      URL.revokeObjectURL(src);
      reject(new Error('unreadable'));
    };
    img.src = src;
  });
}

/**
 * The message a quote refers to: one of the latest messages between the OA and the follower (read
 * from Zalo), the follower's newest one by default. Chosen even in sample mode — a sample cannot
 * know the conversation.
 */
function QuoteMessageField({ form, tenantId, apiKeyId, uid }: { form: FormInstance<PlaygroundValues>; tenantId: string; apiKeyId?: string; uid: string }) {
  const { t } = useTranslation('playground');
  const errorText = useErrorText();
  const conversation = usePlaygroundConversation(tenantId, apiKeyId, uid);
  const value = Form.useWatch('quoteMessageId', form) as string | undefined;
  const list = conversation.data;
  useEffect(() => {
    if (!list || (value && list.some((m) => m.messageId === value))) return;
    const pick = list.find((m) => m.fromFollower) ?? list[0];
    form.setFieldValue('quoteMessageId', pick?.messageId);
  }, [list, value, form]);
  const help = !/^\d{1,32}$/.test(uid)
    ? t('playground.quoteNeedsFollower')
    : conversation.isError
      ? errorText(conversation.error)
      : list && list.length === 0
        ? t('playground.quoteNone')
        : undefined;
  return (
    <Form.Item name="quoteMessageId" label={t('playground.fields.quoteMessageId')} rules={[{ required: true, message: t('playground.quoteRequired') }]} extra={help}>
      <Select
        data-testid="playground-quote"
        loading={conversation.isFetching}
        disabled={!list || list.length === 0}
        placeholder={t('playground.quoteChoose')}
        options={(list ?? []).map((m) => ({
          value: m.messageId,
          label: `${formatDateTime(m.time)} · ${m.fromFollower ? t('playground.quoteFromFollower') : t('playground.quoteFromOa')}: ${m.text || m.type}`,
        }))}
      />
    </Form.Item>
  );
}

/** The §5 Playground fields of one message kind (disabled in sample mode). */
export function MessageFields({
  kind,
  form,
  disabled,
  tenantId,
  apiKeyId,
  uid,
  onLocalImage,
}: {
  kind: MessageKind;
  form: FormInstance<PlaygroundValues>;
  disabled: boolean;
  tenantId: string;
  apiKeyId?: string;
  /** The recipient (a quote refers to a message of this conversation). */
  uid: string;
  onLocalImage: (url: string | undefined) => void;
}) {
  const { t } = useTranslation('playground');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const upload = useUploadPlaygroundFile();

  const doUpload = async (file: File, type: 'IMAGE' | 'FILE') => {
    if (!apiKeyId) {
      void message.warning(t('playground.chooseKeyFirst'));
      return false;
    }
    if (type === 'IMAGE') {
      const problem = imageProblem(file);
      if (problem) {
        // §5 texts (exactly as the spec gives them in the vi console).
        void message.error(problem === 'imageType' ? t('playground.imageType') : t('playground.imageSize', { count: L.imageMaxBytes / 1048576 }));
        return false;
      }
      try {
        const size = await readImageSize(file);
        if (!isSixteenByNine(size.width, size.height)) {
          void message.error(t('playground.ratio', { width: size.width, height: size.height }));
          return false;
        }
      } catch {
        void message.error(t('playground.imageUnreadable'));
        return false;
      }
    } else {
      const problem = fileProblem(file);
      if (problem) {
        void message.error(problem === 'fileType' ? t('playground.fileType') : t('playground.fileSize'));
        return false;
      }
    }
    try {
      const token = await upload.mutateAsync({ file, type, apiKeyId });
      if (type === 'IMAGE') {
        form.setFieldsValue({ attachmentId: token });
        onLocalImage(URL.createObjectURL(file));
      } else form.setFieldsValue({ token, fileName: file.name });
      void form.validateFields([type === 'IMAGE' ? 'attachmentId' : 'token']).catch(() => undefined);
    } catch (error) {
      void message.error(`${t(type === 'IMAGE' ? 'playground.imageUploadFailed' : 'playground.fileUploadFailed')}: ${errorText(error)}`);
    }
    return false;
  };

  switch (kind) {
    case 'text':
      return (
        <Form.Item name="text" label={t('playground.fields.text')} rules={[required(t), max(t, L.text)]}>
          <Input.TextArea rows={5} maxLength={L.text} showCount disabled={disabled} />
        </Form.Item>
      );
    case 'image':
      return (
        <>
          <Form.Item name="attachmentId" label={t('playground.fields.image')} extra={t('playground.imageHint')} rules={[{ validator: async (_, v: string | undefined) => { if (!v && !form.getFieldValue('imageUrl')) throw new Error(t('playground.imageRequired')); } }]}>
            <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" maxCount={1} showUploadList={false} beforeUpload={(file) => doUpload(file, 'IMAGE')} disabled={disabled}>
              <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled}>
                {form.getFieldValue('attachmentId') ? t('playground.replaceImage') : t('playground.uploadImage')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item name="imageUrl" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="caption" label={t('playground.fields.caption')} rules={[max(t, L.text)]}>
            <Input.TextArea rows={2} maxLength={L.text} disabled={disabled} />
          </Form.Item>
        </>
      );
    case 'file':
      return (
        <>
          <Form.Item name="token" label={t('playground.fields.file')} extra={t('playground.fileHint')} rules={[{ required: true, message: t('playground.fileRequired') }]}>
            <Upload accept=".pdf,.doc,.docx,.csv" maxCount={1} multiple={false} showUploadList={false} beforeUpload={(file) => doUpload(file, 'FILE')} disabled={disabled}>
              <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled}>
                {form.getFieldValue('fileName') ?? t('playground.uploadFile')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item name="fileName" hidden>
            <Input />
          </Form.Item>
        </>
      );
    case 'sticker':
      return (
        <Form.Item name="attachmentId" label={t('playground.fields.sticker')} rules={[required(t), max(t, 200)]}>
          <Input disabled={disabled} />
        </Form.Item>
      );
    case 'quote':
      return (
        <>
          <QuoteMessageField form={form} tenantId={tenantId} apiKeyId={apiKeyId} uid={uid} />
          <Form.Item name="text" label={t('playground.fields.text')} rules={[required(t), max(t, L.text)]}>
            <Input.TextArea rows={4} maxLength={L.text} showCount disabled={disabled} />
          </Form.Item>
        </>
      );
    case 'request':
      return (
        <>
          <Form.Item name="title" label={t('playground.fields.title')} rules={[required(t), max(t, L.requestTitle)]}>
            <Input maxLength={L.requestTitle} showCount disabled={disabled} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('playground.fields.subtitle')} rules={[required(t), max(t, L.requestSubtitle)]}>
            <Input.TextArea rows={3} maxLength={L.requestSubtitle} showCount disabled={disabled} />
          </Form.Item>
          <Form.Item name="imageUrl" label={t('playground.fields.imageUrl')} rules={[required(t), url(t)]}>
            <Input disabled={disabled} placeholder="https://" />
          </Form.Item>
        </>
      );
    default:
      return <RichFields kind={kind} form={form} disabled={disabled} />;
  }
}

/** Transaction / promotion: header, text, description, table (≤ 5 rows), buttons (≤ 4). */
function RichFields({ kind, form, disabled }: { kind: 'transaction' | 'promotion'; form: FormInstance<PlaygroundValues>; disabled: boolean }) {
  const { t } = useTranslation('playground');
  const keyMax = kind === 'promotion' ? L.promotionKey : L.transactionKey;
  return (
    <>
      {kind === 'transaction' ? (
        <Space style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="templateType" label={t('playground.fields.subtype')} rules={[{ required: true, message: t('components:validation.required') }]} style={{ minWidth: 200 }}>
            <Select disabled={disabled} options={TRANSACTION_SUBTYPES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
          <Form.Item name="language" label={t('playground.fields.language')} style={{ minWidth: 120 }}>
            <Select disabled={disabled} options={[{ value: 'VI', label: 'VI' }, { value: 'EN', label: 'EN' }]} />
          </Form.Item>
        </Space>
      ) : null}
      <Form.Item name="bannerUrl" label={t('playground.fields.banner')} rules={[url(t)]}>
        <Input disabled={disabled} placeholder="https://" />
      </Form.Item>
      <Form.Item name="header" label={t('playground.fields.header')} rules={[required(t), max(t, L.header)]}>
        <Input maxLength={L.header} showCount disabled={disabled} />
      </Form.Item>
      <Form.Item name="body" label={t('playground.fields.text')} rules={[required(t), max(t, L.body)]}>
        <Input.TextArea rows={3} maxLength={L.body} showCount disabled={disabled} />
      </Form.Item>
      <Form.Item name="description" label={t('playground.fields.description')} rules={[max(t, L.description)]}>
        <Input.TextArea rows={2} maxLength={L.description} showCount disabled={disabled} />
      </Form.Item>
      <Form.List name="table">
        {(fields, { add, remove }) => (
          <Card size="small" title={t('playground.table', { count: fields.length, max: L.tableRows })} style={{ marginBottom: 16 }}>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'rowType']} style={{ width: 110 }}>
                  <Select
                    aria-label={t('playground.rowType')}
                    disabled={disabled}
                    options={ROW_TYPES.map((r) => ({ value: r, label: t(`playground.rowTypes.${r}`) }))}
                    onChange={(r: string) => {
                      if (r !== 'other') form.setFieldValue(['table', field.name, 'key'], t(`playground.rowTypes.${r}`).slice(0, keyMax));
                    }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'key']} rules={[required(t), max(t, keyMax)]} style={{ width: 120 }}>
                  <Input placeholder={t('playground.key')} aria-label={t('playground.key')} maxLength={keyMax} disabled={disabled} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} rules={[required(t), max(t, L.tableValue)]} style={{ width: 140 }}>
                  <Input placeholder={t('playground.value')} aria-label={t('playground.value')} maxLength={L.tableValue} disabled={disabled} />
                </Form.Item>
                <Form.Item name={[field.name, 'style']} style={{ width: 100 }}>
                  <Select allowClear aria-label={t('playground.colour')} placeholder={t('playground.colour')} disabled={disabled} options={TABLE_COLOURS.map((c) => ({ value: c, label: t(`playground.colours.${c}`) }))} />
                </Form.Item>
                {fields.length > L.tableRowsKept && !disabled ? <Button type="text" icon={<DeleteOutlined />} aria-label={t('playground.removeRow')} onClick={() => remove(field.name)} /> : null}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || fields.length >= L.tableRows} onClick={() => add({ rowType: 'other' })}>
              {t('playground.addRow')}
            </Button>
          </Card>
        )}
      </Form.List>
      <Form.List name="buttons">
        {(fields, { add, remove }) => (
          <Card size="small" title={t('playground.buttons', { count: fields.length, max: L.buttons })} style={{ marginBottom: 16 }}>
            {fields.map((field) => (
              <ButtonFields key={field.key} name={field.name} form={form} disabled={disabled} onRemove={() => remove(field.name)} />
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || fields.length >= L.buttons} onClick={() => add({ type: 'oa.open.url' })}>
              {t('playground.addButton')}
            </Button>
          </Card>
        )}
      </Form.List>
    </>
  );
}

function ButtonFields({ name, form, disabled, onRemove }: { name: number; form: FormInstance<PlaygroundValues>; disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation('playground');
  const type = Form.useWatch(['buttons', name, 'type'], form) as ButtonType | undefined;
  const phoneRules = [required(t), { pattern: /^\d{1,11}$/, message: t('playground.phoneRule', { count: L.phone }) }];
  return (
    <div style={{ borderBottom: '1px dashed #eee', marginBottom: 12 }}>
      <Space align="start" wrap style={{ display: 'flex' }}>
        <Form.Item name={[name, 'type']} rules={[{ required: true, message: t('components:validation.required') }]} style={{ width: 170 }}>
          <Select aria-label={t('playground.buttonType')} disabled={disabled} options={BUTTON_TYPES.map((b) => ({ value: b, label: t(`playground.buttonTypes.${b.replace(/\./g, '_')}`) }))} />
        </Form.Item>
        <Form.Item name={[name, 'title']} rules={[required(t), max(t, L.buttonTitle)]} style={{ width: 200 }}>
          <Input placeholder={t('playground.buttonTitle')} aria-label={t('playground.buttonTitle')} maxLength={L.buttonTitle} disabled={disabled} />
        </Form.Item>
        {!disabled ? <Button type="text" icon={<DeleteOutlined />} aria-label={t('playground.removeButton')} onClick={onRemove} /> : null}
      </Space>
      {type === 'oa.open.url' ? (
        <Form.Item name={[name, 'url']} rules={[required(t), url(t)]}>
          <Input placeholder="https://" aria-label={t('playground.buttonUrl')} disabled={disabled} />
        </Form.Item>
      ) : null}
      {type === 'oa.query.show' || type === 'oa.query.hide' ? (
        <Form.Item name={[name, 'payload']} rules={[required(t), max(t, L.otherPayload)]}>
          <Input placeholder={t('playground.payload')} aria-label={t('playground.payload')} maxLength={L.otherPayload} disabled={disabled} />
        </Form.Item>
      ) : null}
      {type === 'oa.open.phone' || type === 'oa.open.sms' ? (
        <Form.Item>
          <Space.Compact style={{ width: 260 }}>
            <Button disabled tabIndex={-1}>
              84
            </Button>
            <Form.Item name={[name, 'phone']} rules={phoneRules} noStyle>
              <Input placeholder={t('playground.phone')} aria-label={t('playground.phone')} maxLength={L.phone} inputMode="numeric" disabled={disabled} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      ) : null}
      {type === 'oa.open.sms' ? (
        <Form.Item name={[name, 'content']} rules={[required(t), max(t, L.sms)]}>
          <Input.TextArea rows={2} placeholder={t('playground.smsContent')} aria-label={t('playground.smsContent')} maxLength={L.sms} showCount disabled={disabled} />
        </Form.Item>
      ) : null}
    </div>
  );
}
