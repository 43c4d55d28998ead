import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Radio from 'antd/es/radio';
import InputNumber from 'antd/es/input-number';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import dayjs, { type Dayjs } from 'dayjs';
import { DISCOUNT_TAGS, DISCOUNT_TEMPLATE_KINDS, MAX_DISCOUNT_AMOUNT, type Discount, type DiscountInput, type DiscountTarget, type DiscountType } from '@zc/shared/api/discounts';
import { useSaveDiscount } from '../api/discounts';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

interface FormValues {
  targetKind: DiscountTarget;
  targetValue: string;
  discountType: DiscountType;
  value: number;
  from: Dayjs;
  to: Dayjs | null;
  note?: string;
}

/** Days of the console user's calendar: from its first instant; "to" includes the whole day chosen. */
const dayStart = (d: Dayjs) => d.startOf('day').toISOString();
const toInput = (v: FormValues): DiscountInput => ({
  targetKind: v.targetKind,
  targetValue: v.targetValue,
  discountType: v.discountType,
  value: v.value,
  validFrom: dayStart(v.from),
  validTo: v.to ? dayStart(v.to.add(1, 'day')) : null,
  note: v.note?.trim() ? v.note.trim() : null,
});
const dayOf = (iso: string) => dayjs(iso).startOf('day');

/** Create or edit one discount of the current tenant. */
export function DiscountFormDialog({ open, tenantId, discount, onClose }: { open: boolean; tenantId: string; discount: Discount | null; onClose: () => void }) {
  const { t } = useTranslation('discounts');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveDiscount(tenantId);
  const [failure, setFailure] = useState<string | null>(null);
  const targetKind = Form.useWatch('targetKind', form) ?? 'TAG';
  const discountType = Form.useWatch('discountType', form) ?? 'PERCENT';

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      discount
        ? {
            targetKind: discount.targetKind,
            targetValue: discount.targetValue,
            discountType: discount.discountType,
            value: discount.value,
            from: dayOf(discount.validFrom),
            to: discount.validTo ? dayOf(discount.validTo).subtract(1, 'day') : null,
            note: discount.note ?? '',
          }
        : { targetKind: 'TAG', targetValue: 'TRANSACTION', discountType: 'PERCENT', value: 10, from: dayjs(), to: null, note: '' },
    );
  }, [open, discount, form]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: FormValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: discount?.id ?? null, input: toInput(values) });
      void message.success(t('saved'));
      close();
    } catch (error) {
      // validFrom/validTo issues land on the date fields.
      if (!applyFieldErrors(form, error, ['targetKind', 'targetValue', 'discountType', 'value', 'note'])) setFailure(errorText(error));
    }
  };

  const values = targetKind === 'TAG' ? DISCOUNT_TAGS : DISCOUNT_TEMPLATE_KINDS;
  return (
    <Modal
      open={open}
      title={discount ? t('editTitle') : t('createTitle')}
      onCancel={close}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="discount-submit">
          {discount ? t('common:save') : t('create')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="discount-failure" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="targetKind" label={t('fields.targetKind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={(['TAG', 'TEMPLATE_KIND'] as const).map((k) => ({ value: k, label: t(`targetKind.${k}`) }))}
            onChange={(e) => form.setFieldValue('targetValue', e.target.value === 'TAG' ? DISCOUNT_TAGS[0] : DISCOUNT_TEMPLATE_KINDS[0])}
          />
        </Form.Item>
        <Form.Item name="targetValue" label={t('fields.targetValue')} rules={[{ required: true, message: t('required') }]}>
          <Select data-testid="discount-target-value" options={values.map((v) => ({ value: v, label: t(`targetValue.${v}`) }))} />
        </Form.Item>
        <Form.Item name="discountType" label={t('fields.discountType')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" options={(['PERCENT', 'AMOUNT'] as const).map((k) => ({ value: k, label: t(`discountType.${k}`) }))} />
        </Form.Item>
        <Form.Item name="value" label={discountType === 'PERCENT' ? t('fields.percent') : t('fields.amount')} rules={[{ required: true, message: t('required') }]}>
          <InputNumber data-testid="discount-value" min={1} max={discountType === 'PERCENT' ? 100 : MAX_DISCOUNT_AMOUNT} precision={0} style={{ width: '100%' }} addonAfter={discountType === 'PERCENT' ? '%' : 'đ'} />
        </Form.Item>
        <Form.Item name="from" label={t('fields.from')} rules={[{ required: true, message: t('required') }]}>
          <DatePicker style={{ width: '100%' }} format="DD/MM/YYYY" data-testid="discount-from" />
        </Form.Item>
        <Form.Item name="to" label={t('fields.to')} extra={t('fields.toHelp')}>
          <DatePicker style={{ width: '100%' }} format="DD/MM/YYYY" allowClear data-testid="discount-to" />
        </Form.Item>
        <Form.Item name="note" label={t('fields.note')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
