import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useLiveDiscounts, useMerchantDiscounts } from '../api/discounts';
import { DiscountTable } from './discount-table';
import { useErrorText } from '../../../lib/error-text';

/** The organisation's view of every tenant's discounts (VIEW_MERCHANT_DISCOUNT; read-only here). */
export function MerchantDiscounts({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('discounts');
  const errorText = useErrorText();
  const list = useMerchantDiscounts(merchantId, true);
  useLiveDiscounts();
  return (
    <Card title={t('orgTitle')} data-testid="merchant-discounts">
      <Typography.Paragraph type="secondary">{t('orgIntro')}</Typography.Paragraph>
      {list.query.isError ? <Typography.Text type="danger">{errorText(list.query.error)}</Typography.Text> : <DiscountTable rows={list.rows} loading={list.query.isFetching} paging={list.paging} showTenant />}
    </Card>
  );
}
