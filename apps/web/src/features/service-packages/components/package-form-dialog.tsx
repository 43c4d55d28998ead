import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import { SERVICE_PACKAGE_MAX_PRICE, STANDARD_OA_PRICES, type ServicePackage, type ServicePackageInput } from '@zc/shared/api/service-packages';
import { useSavePackage } from '../api/service-packages';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { currencySymbol } from '../../../lib/formatters';
import { formatVnd } from '../../../lib/number-format';

interface FormValues {
  name: string;
  description?: string;
  zns: number | null;
  oaCs: number | null;
  oaTransaction: number | null;
  oaPromotion: number | null;
}

const PRICE_FIELDS = ['zns', 'oaCs', 'oaTransaction', 'oaPromotion'] as const;

const toInput = (v: FormValues): ServicePackageInput => ({
  name: v.name.trim(),
  description: v.description?.trim() ? v.description.trim() : null,
  prices: { zns: v.zns ?? null, oaCs: v.oaCs ?? null, oaTransaction: v.oaTransaction ?? null, oaPromotion: v.oaPromotion ?? null },
});

/** Create or edit one of the organisation's service packages. */
export function PackageFormDialog({ open, merchantId, pkg, onClose }: { open: boolean; merchantId: string; pkg: ServicePackage | null; onClose: () => void }) {
  const { t } = useTranslation('packages');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePackage(merchantId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(pkg ? { name: pkg.name, description: pkg.description ?? '', ...pkg.prices } : { name: '', description: '', zns: null, oaCs: null, oaTransaction: null, oaPromotion: null });
  }, [open, pkg, form]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: FormValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: pkg?.id ?? null, input: toInput(values) });
      void message.success(t('saved'));
      close();
    } catch (error) {
      // Server field paths are body.prices.zns…: the last segment names the form field.
      if (!applyFieldErrors(form, error, ['name', 'description', ...PRICE_FIELDS])) setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={pkg ? t('editTitle') : t('createTitle')}
      onCancel={close}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="package-submit">
          {pkg ? t('common:save') : t('create')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="package-failure" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 100 }]}>
          <Input data-testid="package-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {PRICE_FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`fields.${f}`)} extra={f === 'zns' ? t('hints.zns') : t('hints.oa', { price: formatVnd(STANDARD_OA_PRICES[f]) })}>
            <InputNumber data-testid={`package-${f}`} min={0} max={SERVICE_PACKAGE_MAX_PRICE} precision={0} style={{ width: '100%' }} addonAfter={currencySymbol()} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
