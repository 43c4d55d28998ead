import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Spin from 'antd/es/spin';
import { WALLET_MAX_AMOUNT } from '@zc/shared/api/wallet-rules';
import { useBalance, type WalletRef } from '../api/get-balance';
import { useAvailableReceivers } from '../api/get-available-receivers';
import { useUpdateTenantBalance } from '../api/update-tenant-balance';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { currencySymbol, formatMoney } from '../../../lib/formatters';
import { amountProblem, balancePreview, formatThousands, parseThousands } from './wallet-rules';

interface Values {
  billingMode: 'PREPAID' | 'POSTPAID';
  billingType: 'ADD' | 'SUB';
  billingBalance: number | null;
  threshold: number | null;
  thresholdNotificationUserIds: string[];
}

/**
 * §2.9/§5 wallet edit dialog (tenant wallets, UPDATE_TENANT_BILLING_BALANCE): SUB cannot exceed the
 * balance, amount and threshold ≥ 0, the balance is read-only and derived, the notification toggle
 * is fixed on, receivers come from available-tenant-receiver.
 */
export function WalletEditDialog({ open, wallet, onClose }: { open: boolean; wallet: WalletRef | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const balance = useBalance(open ? wallet : null);
  const receivers = useAvailableReceivers(open ? wallet?.merchantId : undefined, open ? wallet?.tenantId : undefined);
  const update = useUpdateTenantBalance();
  const [failure, setFailure] = useState<string | null>(null);
  const type = Form.useWatch('billingType', form) ?? 'ADD';
  const amount = Form.useWatch('billingBalance', form) ?? 0;
  const w = balance.data;
  const current = w?.balance ?? 0;

  useEffect(() => {
    if (!open || !w) return;
    form.setFieldsValue({
      billingMode: w.mode,
      billingType: 'ADD',
      billingBalance: 0,
      threshold: w.threshold,
      thresholdNotificationUserIds: w.receivers.map((r) => r.id),
    });
  }, [open, w, form]);

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: Values) => {
    if (!wallet?.tenantId) return;
    setFailure(null);
    try {
      await update.mutateAsync({
        merchantId: wallet.merchantId,
        tenantId: wallet.tenantId,
        billingMode: values.billingMode,
        billingType: values.billingType,
        billingBalance: values.billingBalance ?? 0,
        threshold: values.threshold ?? 0,
        thresholdNotificationUserIds: values.thresholdNotificationUserIds,
      });
      void message.success(t('wallet.updated'));
      close();
    } catch (error) {
      if (applyFieldErrors(form, error, ['billingBalance', 'billingMode', 'billingType', 'threshold', 'thresholdNotificationUserIds'])) return;
      // §8: server errors from the wallet update show as a toast with the server message.
      const text = errorText(error);
      setFailure(text);
      void message.error(text);
    }
  };

  const next = balancePreview(current, type, amount);

  return (
    <Modal
      open={open}
      title={t('wallet.editTitle')}
      onCancel={close}
      destroyOnHidden
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'wallet-edit-submit', disabled: !w }}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      width={560}
      data-testid="wallet-edit-dialog"
    >
      {!w ? (
        <div style={{ padding: 32, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Form form={form} layout="vertical" onFinish={onFinish}>
            <Form.Item label={t('wallet.currentBalance')}>
              <InputNumber<number> value={current} readOnly disabled style={{ width: '100%' }} formatter={formatThousands} suffix={currencySymbol()} data-testid="wallet-current-balance" />
            </Form.Item>
            <Form.Item name="billingMode" label={t('wallet.mode')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={(['PREPAID', 'POSTPAID'] as const).map((m) => ({ value: m, label: t(`wallet.modes.${m}`) }))}
              />
            </Form.Item>
            <Form.Item name="billingType" label={t('wallet.changeType')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={(['ADD', 'SUB'] as const).map((m) => ({ value: m, label: t(`wallet.types.${m}`) }))}
                onChange={() => void form.validateFields(['billingBalance']).catch(() => undefined)}
              />
            </Form.Item>
            <Form.Item
              name="billingBalance"
              label={t('wallet.amount')}
              dependencies={['billingType']}
              extra={next === null ? undefined : <span data-testid="wallet-new-balance">{t('wallet.newBalance', { value: formatMoney(next) })}</span>}
              rules={[
                { required: true, message: t('components:validation.required') },
                {
                  validator: async (_, value: number | null) => {
                    const problem = amountProblem(current, form.getFieldValue('billingType') as 'ADD' | 'SUB', value);
                    if (problem === 'min0') throw new Error(t('components:validation.min0'));
                    if (problem === 'subExceeds') throw new Error(t('wallet.subExceeds', { value: formatMoney(current) }));
                  },
                },
              ]}
            >
              <InputNumber<number>
                min={0}
                max={WALLET_MAX_AMOUNT}
                step={10000}
                precision={0}
                style={{ width: '100%' }}
                formatter={formatThousands}
                parser={parseThousands}
                suffix={currencySymbol()}
                data-testid="wallet-amount"
              />
            </Form.Item>
            <Form.Item name="threshold" label={t('wallet.threshold')} rules={[{ required: true, message: t('components:validation.required') }, { type: 'number', min: 0, message: t('components:validation.min0') }]}>
              <InputNumber<number> min={0} max={WALLET_MAX_AMOUNT} precision={0} style={{ width: '100%' }} formatter={formatThousands} parser={parseThousands} suffix={currencySymbol()} />
            </Form.Item>
            <Form.Item label={t('wallet.notify')} extra={t('wallet.notifyFixed')}>
              <Switch checked disabled aria-label={t('wallet.notify')} />
            </Form.Item>
            <Form.Item name="thresholdNotificationUserIds" label={t('wallet.receivers')}>
              <Select
                mode="multiple"
                allowClear
                loading={receivers.isPending && receivers.fetchStatus !== 'idle'}
                optionFilterProp="label"
                options={(receivers.data ?? []).map((u) => ({ value: u.id, label: u.displayName ? `${u.displayName} (${u.email})` : u.email }))}
                placeholder={t('wallet.chooseReceivers')}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
