import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Radio from 'antd/es/radio';
import DatePicker from 'antd/es/date-picker';
import Upload from 'antd/es/upload';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import App from 'antd/es/app';
import Image from 'antd/es/image';
import Progress from 'antd/es/progress';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { ZMA_DISCOUNT_KINDS, ZMA_PRICE_MODES, ZMA_STATUSES, type ZmaItemType } from '@zc/shared/api/zma';
import { ZMA_GIFT_IMAGE_MAX_BYTES, type ZmaGiftItem } from '@zc/shared/api/zma-loyalty';
import { MB, validateImage } from '../../../lib/image-rules';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { currencySymbol } from '../../../lib/formatters';
import { uploadGiftImage, useSaveGift } from '../api/loyalty';
import { giftBody, giftFormIssues, giftFormValues, type GiftFormValues } from '../gift-form';

type DialogValues = Omit<GiftFormValues, 'validFrom' | 'validTo'> & { validFrom?: Dayjs | null; validTo?: Dayjs | null };

const FIELDS = ['name', 'description', 'imageUrl', 'status', 'priceMode', 'valueMin', 'valueMax', 'coefficient', 'validFrom', 'validTo', 'discountKind', 'discountValue', 'minOrderValue', 'conditions', 'codeValidityDays'];

/** Create or edit a gift (ITEM) or a voucher (VOUCHER): value, validity, picture; vouchers add discount, minimum order, conditions. */
export function GiftDialog({ open, type, item, onClose }: { open: boolean; type: ZmaItemType; item: ZmaGiftItem | null; onClose: () => void }) {
  const { t } = useTranslation(['zma-loyalty', 'oa-content']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<DialogValues>();
  const save = useSaveGift();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const voucher = type === 'VOUCHER';
  const priceMode = Form.useWatch('priceMode', form);
  const discountKind = Form.useWatch('discountKind', form);
  const imageUrl = Form.useWatch('imageUrl', form);

  const close = () => {
    setFailure(null);
    setUploading(null);
    setImageError(null);
    onClose();
  };

  const initial: DialogValues = (() => {
    const v: GiftFormValues = item
      ? giftFormValues(item)
      : { name: '', status: 'ACTIVE', priceMode: 'RANGE', valueMin: 0, valueMax: 0, discountKind: voucher ? 'AMOUNT' : null, codeValidityDays: 30 };
    return { ...v, validFrom: v.validFrom ? dayjs(v.validFrom) : null, validTo: v.validTo ? dayjs(v.validTo) : null };
  })();

  const onFile = async (file: File) => {
    // §5 image rules (jpg/jpeg/png, under the gift image limit, readable) with their §5 texts.
    const failure = await validateImage(file, { maxMb: ZMA_GIFT_IMAGE_MAX_BYTES / MB });
    const problem = failure ? t(`oa-content:${failure.key}`, failure.values) : null;
    setImageError(problem);
    if (problem) return;
    setUploading(0);
    try {
      form.setFieldValue('imageUrl', await uploadGiftImage(file, setUploading));
    } catch (error) {
      setImageError(errorText(error));
    } finally {
      setUploading(null);
    }
  };

  const onFinish = async (d: DialogValues) => {
    setFailure(null);
    const values: GiftFormValues = {
      ...d,
      validFrom: d.validFrom ? d.validFrom.startOf('day').toISOString() : null,
      validTo: d.validTo ? d.validTo.endOf('day').toISOString() : null,
    };
    const issues = giftFormIssues(type, values);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.field, errors: [t(`gift.errors.${i.key}`)] })));
      return;
    }
    const { type: _type, ...update } = giftBody(type, values);
    try {
      await save.mutateAsync(item ? { id: item.id, body: update } : { body: giftBody(type, values) });
      void message.success(item ? t('gift.updated') : t('gift.created'));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.some((f) => f.path === 'imageUrl')) setImageError(errorText(error));
      if (applyFieldErrors(form, error, FIELDS)) return;
      setFailure(errorText(error));
    }
  };

  const money = (name: keyof DialogValues, label: string, testId: string) => (
    <Form.Item name={name} label={label} rules={[{ type: 'number', min: 0, message: t('gift.errors.negative') }]} style={{ flex: 1, minWidth: 160 }}>
      <InputNumber min={0} precision={0} style={{ width: '100%' }} suffix={currencySymbol()} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={item ? t(voucher ? 'voucher.edit' : 'gift.edit') : t(voucher ? 'voucher.create' : 'gift.create')}
      onCancel={close}
      destroyOnHidden
      width={680}
      data-testid="gift-dialog"
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} disabled={uploading !== null} onClick={() => form.submit()} data-testid="gift-submit">
          {t('common:save')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="name" label={t('gift.fields.name')} rules={[{ required: true, whitespace: true, message: t('gift.errors.nameRequired') }, { max: 200 }]}>
          <Input autoFocus maxLength={200} showCount data-testid="gift-name" />
        </Form.Item>
        <Form.Item name="description" label={t('gift.fields.description')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="imageUrl" hidden>
          <Input />
        </Form.Item>
        <Form.Item label={t('gift.fields.image')} extra={t('gift.imageHint')} validateStatus={imageError ? 'error' : undefined} help={imageError ?? undefined}>
          <Flex gap={12} align="center" wrap>
            {imageUrl ? <Image src={imageUrl} alt="" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 6 }} /> : null}
            <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" showUploadList={false} beforeUpload={(file) => (void onFile(file), false)}>
              <Button icon={<UploadOutlined />} loading={uploading !== null} data-testid="gift-image">
                {imageUrl ? t('gift.replaceImage') : t('gift.uploadImage')}
              </Button>
            </Upload>
            {imageUrl ? (
              <Button type="link" onClick={() => form.setFieldValue('imageUrl', null)}>
                {t('gift.removeImage')}
              </Button>
            ) : null}
            {uploading !== null ? <Progress percent={uploading} size="small" style={{ width: 120 }} /> : null}
          </Flex>
        </Form.Item>
        {voucher ? (
          <>
            <Flex gap={12} wrap>
              <Form.Item name="discountKind" label={t('voucher.fields.discountKind')} style={{ flex: 1, minWidth: 160 }}>
                <Radio.Group options={ZMA_DISCOUNT_KINDS.map((k) => ({ value: k, label: t(`discountKind.${k}`) }))} data-testid="voucher-kind" />
              </Form.Item>
              <Form.Item name="discountValue" label={t('voucher.fields.discountValue')} required style={{ flex: 1, minWidth: 160 }}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} suffix={discountKind === 'PERCENT' ? '%' : currencySymbol()} data-testid="voucher-value" />
              </Form.Item>
            </Flex>
            <Flex gap={12} wrap>
              {money('minOrderValue', t('voucher.fields.minOrderValue'), 'voucher-min-order')}
              <Form.Item name="codeValidityDays" label={t('gift.fields.codeValidityDays')} extra={t('gift.codeValidityHint')} style={{ flex: 1, minWidth: 160 }}>
                <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid="gift-validity-days" />
              </Form.Item>
            </Flex>
            <Form.Item name="conditions" label={t('voucher.fields.conditions')} rules={[{ max: 2000 }]}>
              <Input.TextArea rows={2} maxLength={2000} data-testid="voucher-conditions" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="priceMode" label={t('gift.fields.priceMode')}>
          <Radio.Group options={ZMA_PRICE_MODES.map((m) => ({ value: m, label: t(`priceMode.${m}`) }))} />
        </Form.Item>
        {priceMode === 'COEFFICIENT' ? (
          <Flex gap={12} wrap>
            {money('valueMin', t('gift.fields.value'), 'gift-value-min')}
            <Form.Item name="coefficient" label={t('gift.fields.coefficient')} style={{ flex: 1, minWidth: 160 }}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        ) : (
          <Flex gap={12} wrap>
            {money('valueMin', t('gift.fields.valueMin'), 'gift-value-min')}
            {money('valueMax', t('gift.fields.valueMax'), 'gift-value-max')}
          </Flex>
        )}
        <Flex gap={12} wrap>
          <Form.Item name="validFrom" label={t('gift.fields.validFrom')} style={{ flex: 1, minWidth: 160 }}>
            <DatePicker style={{ width: '100%' }} format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="validTo" label={t('gift.fields.validTo')} style={{ flex: 1, minWidth: 160 }}>
            <DatePicker style={{ width: '100%' }} format="DD/MM/YYYY" />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          {!voucher ? (
            <Form.Item name="codeValidityDays" label={t('gift.fields.codeValidityDays')} extra={t('gift.codeValidityHint')} style={{ flex: 1, minWidth: 160 }}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
          <Form.Item name="status" label={t('gift.fields.status')} style={{ flex: 1, minWidth: 160 }}>
            <Select options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
