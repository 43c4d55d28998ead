import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { normaliseGiftCode, type GiftCode } from '@zc/shared/api/zma-loyalty';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { lookupGiftCode, useRedeemGiftCode } from '../api/loyalty';
import { redeemVerdict } from '../code-status';
import { CodeCustomer, CodeStatusTag, codeGiftName } from './code-parts';

/**
 * Redeem at this branch (§5, §7, §8): staff type the code or scan it (a scanner types it and presses
 * Enter), look it up, read the §3 fields and redeem after confirming. An unknown code is the §8
 * toast 'Gift code not found'; expired, cancelled and used codes say so and cannot be redeemed.
 */
export function RedeemPanel({ branchId, canRedeem }: { branchId: string; canRedeem: boolean }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ code: string }>();
  const [found, setFound] = useState<GiftCode | null>(null);
  const [looking, setLooking] = useState(false);
  const redeem = useRedeemGiftCode();

  const lookUp = async ({ code }: { code: string }) => {
    setFound(null);
    setLooking(true);
    try {
      setFound(await lookupGiftCode(normaliseGiftCode(code), branchId));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.some((f) => f.path === 'code')) {
        form.setFields([{ name: 'code', errors: [t('redeem.codeRequired')] }]);
      } else void message.error({ content: errorText(error), key: 'gift-code-lookup' });
    } finally {
      setLooking(false);
    }
  };

  const onRedeem = async () => {
    if (!found) return;
    try {
      const used = await redeem.mutateAsync({ code: found.code, branchId });
      setFound(used);
      void message.success(t('redeem.done', { code: used.code }));
    } catch (error) {
      void message.error({ content: errorText(error), key: 'gift-code-redeem' });
      // The code changed under us (used elsewhere, expired): show its current state.
      if (error instanceof ApiError && error.status === 409) {
        lookupGiftCode(found.code, branchId).then(setFound, () => setFound(null));
      }
    }
  };

  const verdict = found ? redeemVerdict(found) : null;

  return (
    <Card title={t('redeem.title')} data-testid="redeem-panel">
      <Typography.Paragraph type="secondary">{t('redeem.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void lookUp(v)} requiredMark={false}>
        <Form.Item label={t('redeem.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('redeem.codeRequired') }]}>
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                aria-label={t('redeem.code')}
                placeholder={t('redeem.placeholder')}
                data-testid="redeem-code-input"
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={looking} data-testid="redeem-lookup">
              {t('redeem.lookup')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {found && verdict ? (
        <div data-testid="redeem-result">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'code', label: t('code.fields.code'), children: <Typography.Text code copyable>{found.code}</Typography.Text> },
              { key: 'gift', label: found.zmaGiftVoucher ? t('code.fields.voucher') : t('code.fields.gift'), children: codeGiftName(found) },
              { key: 'status', label: t('code.fields.status'), children: <CodeStatusTag status={found.status} /> },
              { key: 'customer', label: t('code.fields.customer'), children: <CodeCustomer user={found.zmaUser} /> },
              { key: 'assignedAt', label: t('code.fields.assignedAt'), children: formatDateTime(found.assignedAt) || '—' },
              { key: 'expiresAt', label: t('code.fields.expiresAt'), children: formatDateTime(found.expiresAt) || '—' },
              { key: 'usedAt', label: t('code.fields.usedAt'), children: formatDateTime(found.usedAt) || '—' },
              ...(found.zmaBranch ? [{ key: 'branch', label: t('code.fields.branch'), children: found.zmaBranch.name }] : []),
            ]}
          />
          <div style={{ marginTop: 16 }}>
            {verdict.redeemable ? (
              canRedeem ? (
                <Popconfirm
                  title={t('redeem.confirmTitle')}
                  description={t('redeem.confirmText', { code: found.code, gift: codeGiftName(found) })}
                  okText={t('redeem.submit')}
                  cancelText={t('common:cancel')}
                  onConfirm={onRedeem}
                >
                  <Button type="primary" loading={redeem.isPending} data-testid="redeem-submit">
                    {t('redeem.submit')}
                  </Button>
                </Popconfirm>
              ) : (
                <Alert type="info" showIcon title={t('redeem.noPermission')} />
              )
            ) : (
              <Alert type={found.status === 'USED' ? 'success' : 'warning'} showIcon title={t(`errors:${verdict.reason}`)} data-testid="redeem-refused" />
            )}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
