import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import type { TableProps } from 'antd/es/table';
import type { Statement } from '@zc/shared/api/statements';
import { DataTable, type DataTablePaging } from '../../../components/data-table';
import { formatVnd } from '../../../lib/number-format';
import type { StatementScope } from '../api/statements';
import { StatementStatusTag } from './statement-status-tag';
import { useStatementActions, useWalletName } from './use-statement-actions';

/**
 * Statements as rows: month, wallet, opening balance, top-ups, charged, closing balance, amount due
 * (postpaid; the mode is in the details), status, and the
 * row's actions — details, PDF, CSV, and issue / record payment only when the server's abilities
 * allow them.
 */
export function StatementsTable({
  scope,
  rows,
  loading,
  paging,
  showWallet = true,
  showPeriod = true,
  emptyText,
  onOpen,
  onPay,
  testId = 'statements-table',
}: {
  scope: StatementScope;
  rows: Statement[];
  loading: boolean;
  paging?: DataTablePaging;
  showWallet?: boolean;
  showPeriod?: boolean;
  emptyText: string;
  onOpen: (s: Statement) => void;
  onPay: (s: Statement) => void;
  testId?: string;
}) {
  const { t } = useTranslation('statements');
  const walletName = useWalletName();
  const money = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(v)}</span>;

  const columns: TableProps<Statement>['columns'] = [
    ...(showPeriod ? [{ key: 'period', title: t('fields.period'), render: (_: unknown, s: Statement) => <span style={{ whiteSpace: 'nowrap' }}>{s.period}</span> }] : []),
    ...(showWallet ? [{ key: 'wallet', title: t('wallet'), render: (_: unknown, s: Statement) => walletName(s) }] : []),
    { key: 'opening', title: t('fields.openingBalance'), align: 'right', render: (_, s) => money(s.openingBalance) },
    { key: 'topUps', title: t('fields.topUps'), align: 'right', render: (_, s) => money(s.topUps) },
    { key: 'charged', title: t('lines.amount'), align: 'right', render: (_, s) => money(s.charges + s.usage + s.holdCharges) },
    { key: 'closing', title: t('fields.closingBalance'), align: 'right', render: (_, s) => <span data-testid="statement-closing">{money(s.closingBalance)}</span> },
    { key: 'due', title: t('fields.amountDue'), align: 'right', render: (_, s) => (s.walletMode === 'POSTPAID' || s.amountDue > 0 ? money(s.amountDue) : '—') },
    { key: 'status', title: t('status'), render: (_, s) => <StatementStatusTag status={s.status} /> },
    { key: 'actions', title: t('common:actions'), render: (_, s) => <StatementRowActions scope={scope} statement={s} onOpen={onOpen} onPay={onPay} /> },
  ];

  return (
    <DataTable<Statement>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      paging={paging}
      locale={{ emptyText }}
      data-testid={testId}
      onRow={(s) => ({ 'data-statement-id': s.id, 'data-period': s.period, 'data-wallet': s.tenantId ?? 'organisation' }) as React.HTMLAttributes<HTMLTableRowElement>}
    />
  );
}

/** A statement's actions: details, PDF, CSV, and issue (confirmed) / record payment when its abilities allow. */
export function StatementRowActions({ scope, statement: s, onOpen, onPay }: { scope: StatementScope; statement: Statement; onOpen: (s: Statement) => void; onPay: (s: Statement) => void }) {
  const { t } = useTranslation('statements');
  const actions = useStatementActions(scope);
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={() => onOpen(s)} data-testid="statement-open">
        {t('actions.details')}
      </Button>
      <Button size="small" loading={actions.downloading === `${s.id}:pdf`} onClick={() => void actions.download(s, 'pdf')} aria-label={t('actions.downloadPdf')} data-testid="statement-pdf">
        {t('actions.pdf')}
      </Button>
      <Button size="small" loading={actions.downloading === `${s.id}:csv`} onClick={() => void actions.download(s, 'csv')} aria-label={t('actions.downloadCsv')} data-testid="statement-csv">
        {t('actions.csv')}
      </Button>
      {s.abilities.issue ? (
        <Popconfirm title={t('confirm.issueTitle')} description={t('confirm.issueText')} okText={t('common:confirm')} cancelText={t('common:cancel')} onConfirm={() => actions.issue(s)}>
          <Button size="small" loading={actions.issuing === s.id} data-testid="statement-issue">
            {t('actions.issue')}
          </Button>
        </Popconfirm>
      ) : null}
      {s.abilities.pay ? (
        <Button size="small" type="primary" onClick={() => onPay(s)} data-testid="statement-pay">
          {t('actions.pay')}
        </Button>
      ) : null}
    </Space>
  );
}
