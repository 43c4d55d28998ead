import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import EditOutlined from '@ant-design/icons/EditOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { useErrorText } from '../../../lib/error-text';
import { useBalance, type WalletRef } from '../api/get-balance';
import { WalletDetails } from './wallet-details';
import { WalletEditDialog } from './wallet-edit-dialog';
import { WalletHistoryDialog } from './wallet-history-dialog';

/**
 * One wallet on a page (the tenant settings wallet tab): its figures, the history dialog and, when
 * the server says the wallet may be edited (UPDATE_TENANT_BILLING_BALANCE), the edit dialog — the
 * same dialogs as the header wallet.
 */
export function WalletPanel({ wallet }: { wallet: WalletRef }) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText();
  const [open, setOpen] = useState<'history' | 'edit' | null>(null);
  const balance = useBalance(wallet);
  const w = balance.data;
  if (balance.isError) return <Alert type="error" showIcon message={errorText(balance.error)} />;
  if (!w) {
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <Card
      data-testid="wallet-panel"
      title={t('wallet.title')}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<HistoryOutlined />} onClick={() => setOpen('history')} data-testid="wallet-panel-history">
            {t('wallet.historyTitle')}
          </Button>
          {w.abilities.update ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen('edit')} data-testid="wallet-panel-edit">
              {t('wallet.edit')}
            </Button>
          ) : null}
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 } }}
    >
      <WalletDetails wallet={w} />
      <WalletHistoryDialog open={open === 'history'} wallet={wallet} onClose={() => setOpen(null)} />
      {w.abilities.update ? <WalletEditDialog open={open === 'edit'} wallet={wallet} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
