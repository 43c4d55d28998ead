import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import type { WalletHistoryEntry } from '@zc/shared/api/wallet';
import { useBalanceHistory, WALLET_HISTORY_PAGE_SIZE, type BalanceHistoryFilters } from '../api/get-balance-history';
import type { WalletRef } from '../api/get-balance';
import { formatDateTime } from '../../../lib/formatters';
import { formatVnd } from './wallet-rules';

/** §9: wallet history dialog width 1000 (10 per page: WALLET_HISTORY_PAGE_SIZE). */
export const WALLET_HISTORY_WIDTH = 1000;

/** §2.9 wallet history dialog: ledger entries with a type filter and createdAt sort. */
export function WalletHistoryDialog({ open, wallet, onClose }: { open: boolean; wallet: WalletRef | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  // A new filter or order goes back to page 1 (the paged-list hook).
  const [type, setType] = useState<BalanceHistoryFilters['type']>();
  const [orderBy, setOrderBy] = useState<'createdAt=asc' | 'createdAt=desc'>('createdAt=desc');
  const history = useBalanceHistory(open ? wallet : null, { type, orderBy });

  const columns: TableProps<WalletHistoryEntry>['columns'] = [
    {
      key: 'createdAt',
      title: t('wallet.history.createdAt'),
      sorter: true,
      sortOrder: orderBy === 'createdAt=asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, e) => formatDateTime(e.createdAt),
    },
    {
      key: 'type',
      title: t('wallet.history.type'),
      filters: [
        { text: t('wallet.types.ADD'), value: 'ADD' },
        { text: t('wallet.types.SUB'), value: 'SUB' },
      ],
      filterMultiple: false,
      filteredValue: type ? [type] : null,
      render: (_, e) => <Tag color={e.type === 'ADD' ? 'green' : 'red'}>{t(`wallet.types.${e.type}`)}</Tag>,
    },
    { key: 'reason', title: t('wallet.history.reason'), render: (_, e) => t(`wallet.reasons.${e.reason}`) },
    {
      key: 'value',
      title: t('wallet.history.value'),
      align: 'right',
      render: (_, e) => <span style={{ color: e.type === 'ADD' ? '#389e0d' : '#cf1322', whiteSpace: 'nowrap' }}>{`${e.type === 'ADD' ? '+' : '−'}${formatVnd(e.value)}`}</span>,
    },
    { key: 'newBalance', title: t('wallet.history.newBalance'), align: 'right', render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(e.newBalance)}</span> },
    { key: 'createdBy', title: t('wallet.history.createdBy'), render: (_, e) => (e.createdBy ? e.createdBy.displayName || e.createdBy.email : t('wallet.history.system')) },
  ];

  return (
    <Modal open={open} width={WALLET_HISTORY_WIDTH} title={t('wallet.historyTitle')} onCancel={onClose} footer={null} destroyOnHidden data-testid="wallet-history-dialog">
      <Table<WalletHistoryEntry>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={history.rows}
        loading={history.query.isFetching}
        locale={{ emptyText: t('wallet.history.empty') }}
        pagination={{
          current: history.page,
          pageSize: WALLET_HISTORY_PAGE_SIZE,
          total: history.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => t('common:table.total', { count: n }),
          onChange: (p) => history.setPage(p),
        }}
        onChange={(_p, filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setOrderBy(one?.order === 'ascend' ? 'createdAt=asc' : 'createdAt=desc');
          }
          if (extra.action === 'filter') {
            // antd gives the filter values as keys; the column's only values are ADD and SUB
            setType((filters.type?.[0] as BalanceHistoryFilters['type']) ?? undefined);
          }
        }}
      />
    </Modal>
  );
}
