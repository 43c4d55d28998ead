import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DATE_FORMATS } from '@zc/shared/limits';
import type { Statement, StatementChargeLine } from '@zc/shared/api/statements';
import { isForbiddenError, PermissionAlert } from '../../../components/permission-alert';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { formatCount, formatVnd } from '../../../lib/number-format';
import { useStatement, type StatementScope } from '../api/statements';
import { reconciles } from './statement-rules';
import { StatementStatusTag } from './statement-status-tag';
import { useStatementActions, useWalletName } from './use-statement-actions';

/** First and last day of a YYYY-MM month, as the console shows dates. */
function monthSpan(period: string): { from: string; to: string } {
  const first = dayjs(`${period}-01`);
  return { from: first.format(DATE_FORMATS.display), to: first.endOf('month').format(DATE_FORMATS.display) };
}

function signed(value: number, sign: '+' | '−' | '±'): string {
  if (value === 0) return formatVnd(0);
  if (sign === '±') return value < 0 ? `−${formatVnd(-value)}` : `+${formatVnd(value)}`;
  return `${sign}${formatVnd(value)}`;
}

/**
 * A statement in full: the balance movements from opening to closing, what did not move the balance
 * (postpaid usage, charges paid from holds) and the amount due, the charges by service and template
 * with their discounts, the issue and payment dates; downloads, issue and payment when allowed.
 */
export function StatementDetailDrawer({ scope, statementId, onClose, onPay }: { scope: StatementScope; statementId: string | null; onClose: () => void; onPay: (s: Statement) => void }) {
  const { t } = useTranslation('statements');
  const errorText = useErrorText();
  const walletName = useWalletName();
  const detail = useStatement(scope, statementId);
  const actions = useStatementActions(scope);
  const s = detail.data;

  const amount = (v: string, testId?: string): ReactNode => (
    <span style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {v}
    </span>
  );

  return (
    <Drawer
      open={statementId !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      title={s ? t('detail.title', { period: s.period, wallet: walletName(s) }) : t('actions.details')}
      data-testid="statement-drawer"
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        isForbiddenError(detail.error) ? (
          <PermissionAlert what={t('what.statement')} />
        ) : (
          <Typography.Text type="danger">{errorText(detail.error)}</Typography.Text>
        )
      ) : s ? (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap align="center">
            <StatementStatusTag status={s.status} />
            <Tag color={s.walletMode === 'PREPAID' ? 'blue' : 'purple'}>{t(`wallet:wallet.modes.${s.walletMode}`)}</Tag>
            {reconciles(s) ? (
              <Tag color="green" data-testid="statement-reconciled">
                {t('detail.reconciled')}
              </Tag>
            ) : (
              <Tag color="red" data-testid="statement-not-reconciled">
                {t('detail.notReconciled')}
              </Tag>
            )}
            <Typography.Text type="secondary">{t('detail.period', { ...monthSpan(s.period), zone: s.timeZone })}</Typography.Text>
          </Flex>
          <Flex gap={8} wrap>
            <Button loading={actions.downloading === `${s.id}:pdf`} onClick={() => void actions.download(s, 'pdf')} data-testid="drawer-pdf">
              {t('actions.downloadPdf')}
            </Button>
            <Button loading={actions.downloading === `${s.id}:csv`} onClick={() => void actions.download(s, 'csv')} data-testid="drawer-csv">
              {t('actions.downloadCsv')}
            </Button>
            {s.abilities.issue ? (
              <Popconfirm title={t('confirm.issueTitle')} description={t('confirm.issueText')} okText={t('common:confirm')} cancelText={t('common:cancel')} onConfirm={() => actions.issue(s)}>
                <Button loading={actions.issuing === s.id} data-testid="drawer-issue">
                  {t('actions.issue')}
                </Button>
              </Popconfirm>
            ) : null}
            {s.abilities.pay ? (
              <Button type="primary" onClick={() => onPay(s)} data-testid="drawer-pay">
                {t('actions.pay')}
              </Button>
            ) : null}
          </Flex>

          <Descriptions
            title={t('detail.balance')}
            size="small"
            bordered
            column={1}
            items={[
              { key: 'opening', label: t('fields.openingBalance'), children: amount(formatVnd(s.openingBalance), 'detail-opening') },
              { key: 'topUps', label: t('fields.topUps'), children: amount(signed(s.topUps, '+')) },
              { key: 'charges', label: t('fields.charges'), children: amount(signed(s.charges, '−')) },
              { key: 'refunds', label: t('fields.refunds'), children: amount(signed(s.refunds, '+')) },
              { key: 'holdsPlaced', label: t('fields.holdsPlaced'), children: amount(signed(s.holdsPlaced, '−')) },
              { key: 'holdsReleased', label: t('fields.holdsReleased'), children: amount(signed(s.holdsReleased, '+')) },
              { key: 'adjustments', label: t('fields.adjustments'), children: amount(signed(s.adjustments, '±')) },
              { key: 'closing', label: <strong>{t('fields.closingBalance')}</strong>, children: <strong>{amount(formatVnd(s.closingBalance), 'detail-closing')}</strong> },
            ]}
          />

          <Descriptions
            title={t('detail.apart')}
            size="small"
            bordered
            column={1}
            items={[
              { key: 'usage', label: t('fields.usage'), children: amount(formatVnd(s.usage)) },
              { key: 'usageRefunds', label: t('fields.usageRefunds'), children: amount(formatVnd(s.usageRefunds)) },
              { key: 'holdCharges', label: t('fields.holdCharges'), children: amount(formatVnd(s.holdCharges)) },
              { key: 'holdRefunds', label: t('fields.holdRefunds'), children: amount(formatVnd(s.holdRefunds)) },
              { key: 'amountDue', label: <strong>{t('fields.amountDue')}</strong>, children: <strong>{amount(formatVnd(s.amountDue), 'detail-amount-due')}</strong> },
            ]}
          />

          <div>
            <Typography.Title level={5}>{t('lines.title')}</Typography.Title>
            <Table<StatementChargeLine>
              size="small"
              rowKey={(l) => `${l.service}:${l.templateId ?? ''}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={s.chargeLines}
              locale={{ emptyText: t('lines.empty') }}
              data-testid="statement-lines"
              columns={[
                { key: 'service', title: t('lines.service'), render: (_, l) => t(`services.${l.service}`, { defaultValue: l.service }) },
                { key: 'template', title: t('lines.template'), render: (_, l) => l.templateName ?? l.templateId ?? <Typography.Text type="secondary">{t('lines.noTemplate')}</Typography.Text> },
                { key: 'count', title: t('lines.count'), align: 'right', render: (_, l) => formatCount(l.count) },
                { key: 'list', title: t('lines.listAmount'), align: 'right', render: (_, l) => amount(formatVnd(l.listAmount)) },
                { key: 'discount', title: t('lines.discount'), align: 'right', render: (_, l) => amount(l.discount === 0 ? formatVnd(0) : `−${formatVnd(l.discount)}`) },
                { key: 'amount', title: t('lines.amount'), align: 'right', render: (_, l) => amount(formatVnd(l.amount)) },
              ]}
              summary={(lines) =>
                lines.length > 1 ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={2}>
                      <strong>{t('lines.total')}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {formatCount(lines.reduce((n, l) => n + l.count, 0))}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {amount(formatVnd(lines.reduce((n, l) => n + l.listAmount, 0)))}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {amount(`−${formatVnd(lines.reduce((n, l) => n + l.discount, 0))}`)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      <strong>{amount(formatVnd(lines.reduce((n, l) => n + l.amount, 0)))}</strong>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </div>

          <Descriptions
            title={t('detail.payment')}
            size="small"
            bordered
            column={1}
            items={[
              { key: 'entries', label: t('fields.entryCount'), children: formatCount(s.entryCount) },
              { key: 'generatedAt', label: t('fields.generatedAt'), children: formatDateTime(s.generatedAt) },
              { key: 'issuedAt', label: t('fields.issuedAt'), children: s.issuedAt ? formatDateTime(s.issuedAt) : '—' },
              { key: 'paidAt', label: t('fields.paidAt'), children: s.paidAt ? formatDateTime(s.paidAt) : '—' },
              { key: 'paymentAmount', label: t('fields.paymentAmount'), children: s.paymentAmount === null ? '—' : amount(formatVnd(s.paymentAmount)) },
              { key: 'paymentNote', label: t('fields.paymentNote'), children: s.paymentNote ? <span style={{ overflowWrap: 'anywhere' }}>{s.paymentNote}</span> : '—' },
            ]}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
