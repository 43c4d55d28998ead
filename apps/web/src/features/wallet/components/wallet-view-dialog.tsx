import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useBalance, type WalletRef } from '../api/get-balance';
import { WalletDetails } from './wallet-details';

/** §2.9 wallet view dialog: balance (or unlimited), mode, threshold, receivers, notification flag. */
export function WalletViewDialog({ open, wallet, title, onClose }: { open: boolean; wallet: WalletRef | null; title?: string; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const balance = useBalance(open ? wallet : null);
  const w = balance.data;
  return (
    <Modal open={open} title={title ?? t('wallet.viewTitle')} onCancel={onClose} footer={null} destroyOnHidden data-testid="wallet-view-dialog">
      {!w ? (
        <div style={{ padding: 32, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <WalletDetails wallet={w} />
      )}
    </Modal>
  );
}
