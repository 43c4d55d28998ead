import type { TFunction } from 'i18next';
import type { Discount } from '@zc/shared/api/discounts';
import { formatMoney } from '../../../lib/formatters';

/** "Tag: Promotion" / "Template kind: Voucher". */
export function targetLabel(t: TFunction, d: Pick<Discount, 'targetKind' | 'targetValue'>): string {
  return `${t(`targetKind.${d.targetKind}`)}: ${t(`targetValue.${d.targetValue}`)}`;
}

/** "20 %" or "100 đ" off per message. */
export function amountLabel(d: Pick<Discount, 'discountType' | 'value'>): string {
  return d.discountType === 'PERCENT' ? `${d.value} %` : formatMoney(d.value);
}
