import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import { WALLET_MAX_AMOUNT } from '@zc/shared/api/wallet-rules';
import type { Statement } from '@zc/shared/api/statements';
import { useErrorText } from '../../../lib/error-text';
import { currencySymbol } from '../../../lib/formatters';
import { applyFieldErrors } from '../../../lib/form-errors';
import { usePayStatement } from '../api/statements';
import { amountDigits, parseAmount, suggestedPayment } from './statement-rules';
import { useWalletName } from './use-statement-actions';

interface PayForm {
  amount: number | null;
  note: string;
}

/**
 * Record a payment of an issued statement: the amount starts at the amount due (postpaid), what the
 * closing balance is short of zero, or the month's charges; Enter in a field records it, Escape closes.
 */
export function PayStatementDialog({ statement, onClose }: { statement: Statement | null; onClose: () => void }) {
  const { t } = useTranslation('statements');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const walletName = useWalletName();
  const pay = usePayStatement();
  const [form] = Form.useForm<PayForm>();

  useEffect(() => {
    if (statement) form.setFieldsValue({ amount: suggestedPayment(statement), note: '' });
  }, [statement, form]);

  const submit = async (values: PayForm) => {
    if (!statement || values.amount === null) return;
    try {
      await pay.mutateAsync({ id: statement.id, amount: values.amount, note: values.note.trim() || undefined });
      void message.success(t('result.paid'));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['amount', 'note'])) void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open={statement !== null}
      title={t('pay.title')}
      onCancel={onClose}
      okText={t('pay.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: pay.isPending, htmlType: 'submit', form: 'pay-statement-form', 'data-testid': 'pay-submit' }}
      destroyOnHidden
      data-testid="pay-dialog"
    >
      {statement ? (
        <Typography.Paragraph type="secondary">{t('pay.intro', { period: statement.period, wallet: walletName(statement) })}</Typography.Paragraph>
      ) : null}
      <Form<PayForm> id="pay-statement-form" form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ amount: null, note: '' }}>
        <Form.Item
          name="amount"
          label={t('pay.amount')}
          rules={[
            { required: true, message: t('pay.amountRequired') },
            { type: 'number', min: 1, message: t('pay.amountMin') },
          ]}
        >
          <InputNumber<number>
            autoFocus
            min={0}
            max={WALLET_MAX_AMOUNT}
            step={1000}
            style={{ width: '100%' }}
            suffix={currencySymbol()}
            formatter={(v) => amountDigits(v)}
            parser={(v) => parseAmount(v)}
            data-testid="pay-amount"
          />
        </Form.Item>
        <Form.Item name="note" label={t('pay.note')}>
          <Input maxLength={500} placeholder={t('pay.notePlaceholder')} data-testid="pay-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
