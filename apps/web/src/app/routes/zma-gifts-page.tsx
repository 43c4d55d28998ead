import { GiftsView } from '../../features/zma-loyalty/components/gifts-view';
import { useScope } from '../../lib/scope-context';

/** `/tenant/mini-app/:id/gift-inventory`: gifts (type ITEM) and their codes. */
export function ZmaGiftInventoryPage() {
  const tenantId = useScope().tenant?.id ?? '';
  return <GiftsView type="ITEM" tenantId={tenantId} />;
}

/** `/tenant/mini-app/:id/voucher`: vouchers (type VOUCHER) and their codes. */
export function ZmaVouchersPage() {
  const tenantId = useScope().tenant?.id ?? '';
  return <GiftsView type="VOUCHER" tenantId={tenantId} />;
}
