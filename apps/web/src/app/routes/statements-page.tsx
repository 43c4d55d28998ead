import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DATE_FORMATS } from '@zc/shared/limits';
import { STATEMENT_STATUSES, type StatementStatus } from '@zc/shared/api/statement-rules';
import type { GenerateStatementsBody, Statement } from '@zc/shared/api/statements';
import { walletHeaderDisplay } from '@zc/shared/api/wallet-rules';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError, PermissionAlert } from '../../components/permission-alert';
import { useErrorText } from '../../lib/error-text';
import { PAGES } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useBalance, type WalletRef } from '../../features/wallet/api/get-balance';
import { WalletHistoryDialog } from '../../features/wallet/components/wallet-history-dialog';
import { formatVnd } from '../../lib/number-format';
import { useGenerateStatements, useLiveStatements, useMonthStatements, useStatementList, useTenantStatementList, type StatementFilters, type StatementScope } from '../../features/statements/api/statements';
import { PayStatementDialog } from '../../features/statements/components/pay-statement-dialog';
import { StatementDetailDrawer } from '../../features/statements/components/statement-detail-drawer';
import { monthTotals, previousMonth, splitMonth } from '../../features/statements/components/statement-rules';
import { StatementStatusTag } from '../../features/statements/components/statement-status-tag';
import { StatementRowActions, StatementsTable } from '../../features/statements/components/statements-table';

const ORGANISATION: StatementScope = { kind: 'organisation' };

/** The detail drawer and the payment dialog a billing page opens from its rows. */
function useStatementDialogs() {
  const [openId, setOpenId] = useState<string | null>(null);
  const [paying, setPaying] = useState<Statement | null>(null);
  return { openId, open: (s: Statement) => setOpenId(s.id), closeDetail: () => setOpenId(null), paying, pay: (s: Statement) => setPaying(s), closePay: () => setPaying(null) };
}

/** A month input (YYYY-MM) that never widens a phone screen. */
function MonthPicker({ value, onChange, allowClear = false, testId }: { value: string | undefined; onChange: (v: string | undefined) => void; allowClear?: boolean; testId: string }) {
  const { t } = useTranslation('statements');
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', maxWidth: '100%' }}>
      <DatePicker
        picker="month"
        aria-label={t('month')}
        placeholder={allowClear ? t('allMonths') : t('month')}
        format={DATE_FORMATS.month}
        value={value ? dayjs(`${value}-01`) : null}
        allowClear={allowClear}
        inputReadOnly
        disabledDate={(d) => d.isAfter(dayjs(), 'month')}
        onChange={(d) => onChange(d ? d.format(DATE_FORMATS.month) : undefined)}
        style={{ width: 160, maxWidth: '100%' }}
      />
    </span>
  );
}

/** Generate (or regenerate) a month's statements, after a confirmation; the server's counts in a toast. */
function GenerateButton({ period, tenantId, regenerate, label, size }: { period: string; tenantId?: GenerateStatementsBody['tenantId']; regenerate: boolean; label: string; size?: 'small' }) {
  const { t } = useTranslation('statements');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const generate = useGenerateStatements();
  const run = async () => {
    try {
      const r = await generate.mutateAsync({ period, ...(tenantId ? { tenantId } : {}) });
      void message.success(t('result.done', { period: r.period, generated: r.generated, regenerated: r.regenerated, kept: r.kept }));
      if (r.notEnded > 0) void message.warning(t('result.notEnded', { count: r.notEnded }));
      if (r.failed > 0) void message.error(t('result.failed', { count: r.failed }));
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Popconfirm
      title={tenantId ? t('confirm.generateOneTitle', { month: period, wallet: label }) : t(regenerate ? 'confirm.regenerateTitle' : 'confirm.generateTitle', { month: period })}
      description={t(regenerate ? 'confirm.regenerateText' : 'confirm.generateText')}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      onConfirm={run}
    >
      <Button size={size} type={tenantId ? 'default' : 'primary'} loading={generate.isPending} data-testid={tenantId ? 'statement-generate-one' : 'statements-generate'}>
        {tenantId ? t('actions.generateOne') : regenerate ? t('actions.regenerate') : t('actions.generate')}
      </Button>
    </Popconfirm>
  );
}

interface MonthRow {
  key: string;
  tenantId: string;
  name: string;
  statement: Statement | null;
}

/**
 * /billing (VIEW_MERCHANT_BILLING_BALANCE): the statements of one month (last month by default) — the
 * organisation's own wallet apart, then every tenant's with the month's totals; generate or regenerate
 * with UPDATE_TENANT_BILLING_BALANCE; the bills page lists every month.
 */
export function StatementsPage() {
  const { t } = useTranslation('statements');
  const errorText = useErrorText();
  const scope = useScope();
  const { can } = usePermissions();
  const [period, setPeriod] = useState(() => previousMonth());
  const month = useMonthStatements(period);
  const dialogs = useStatementDialogs();
  useLiveStatements();
  const canGenerate = can('UPDATE_TENANT_BILLING_BALANCE');
  const statements = month.data?.data ?? [];
  const { organisation, tenants } = splitMonth(statements);
  const totals = monthTotals(tenants);
  const byTenant = new Map(tenants.map((s) => [s.tenantId ?? '', s]));
  // Every tenant of the organisation, with its statement or 'not generated'; a statement of a tenant the shell does not list stays too.
  const known = scope.merchant?.tenants ?? [];
  const rows: MonthRow[] = [
    ...known.map((tenant) => ({ key: tenant.id, tenantId: tenant.id, name: tenant.name, statement: byTenant.get(tenant.id) ?? null })),
    ...tenants.filter((s) => !known.some((k) => k.id === s.tenantId)).map((s) => ({ key: s.id, tenantId: s.tenantId ?? '', name: s.tenantName, statement: s })),
  ];
  const money = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(v)}</span>;
  const forbidden = isForbiddenError(month.error);

  return (
    <>
      <PageHeader
        title={t('shell:menu.statements')}
        extra={
          <Flex gap={8} wrap align="center">
            <MonthPicker value={period} onChange={(v) => setPeriod(v ?? previousMonth())} testId="statements-month" />
            <Link to={PAGES.bills.path} data-testid="statements-bills-link">
              <Button>{t('actions.allBills')}</Button>
            </Link>
            {canGenerate && !forbidden ? <GenerateButton period={period} regenerate={statements.length > 0} label="" /> : null}
          </Flex>
        }
      />
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {forbidden ? (
        <PermissionAlert what={t('what.statements')} />
      ) : month.isError ? (
        <Typography.Text type="danger">{errorText(month.error)}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('organisationStatement')} loading={month.isPending} data-testid="statements-organisation">
            {organisation ? (
              <Flex gap={24} wrap align="center" justify="space-between">
                <Flex gap={32} wrap>
                  <Statistic title={t('fields.openingBalance')} value={formatVnd(organisation.openingBalance)} />
                  <Statistic title={t('fields.topUps')} value={formatVnd(organisation.topUps)} />
                  <Statistic title={t('lines.amount')} value={formatVnd(organisation.charges + organisation.usage + organisation.holdCharges)} />
                  <Statistic title={t('fields.closingBalance')} value={formatVnd(organisation.closingBalance)} />
                  <div>
                    <Typography.Text type="secondary">{t('status')}</Typography.Text>
                    <div style={{ marginTop: 8 }}>
                      <StatementStatusTag status={organisation.status} />
                    </div>
                  </div>
                </Flex>
                <StatementRowActions scope={ORGANISATION} statement={organisation} onOpen={dialogs.open} onPay={dialogs.pay} />
              </Flex>
            ) : (
              <Flex gap={12} wrap align="center">
                <Tag>{t('notGenerated')}</Tag>
                {canGenerate ? <GenerateButton period={period} tenantId="organisation" regenerate={false} label={t('organisation')} size="small" /> : null}
              </Flex>
            )}
          </Card>

          <Card title={t('totals.title', { month: period })} loading={month.isPending} data-testid="statements-totals">
            <Flex gap={32} wrap>
              <Statistic title={t('totals.statements')} value={totals.count} />
              <Statistic title={t('totals.topUps')} value={formatVnd(totals.topUps)} />
              <Statistic title={t('totals.billed')} value={formatVnd(totals.billed)} />
              <Statistic title={t('totals.discounts')} value={formatVnd(totals.discounts)} />
              <Statistic title={t('totals.closingBalance')} value={formatVnd(totals.closingBalance)} />
              <Statistic title={t('totals.amountDue')} value={formatVnd(totals.amountDue)} />
            </Flex>
            <Flex gap={8} wrap style={{ marginTop: 16 }}>
              {STATEMENT_STATUSES.map((status) => (
                <Tag key={status} data-testid={`statements-count-${status}`}>
                  {`${t(`statuses.${status}`)}: ${totals.byStatus[status]}`}
                </Tag>
              ))}
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('totals.hint')}
            </Typography.Paragraph>
          </Card>

          <Card title={t('tenantStatements')}>
            <Table<MonthRow>
              rowKey="key"
              size="middle"
              scroll={{ x: 'max-content' }}
              loading={month.isFetching}
              dataSource={rows}
              pagination={{ hideOnSinglePage: true, showSizeChanger: rows.length >= 10, showTotal: (n) => t('common:table.total', { count: n }) }}
              locale={{ emptyText: t('empty.month') }}
              data-testid="statements-tenants"
              onRow={(row) => ({ 'data-tenant-id': row.tenantId }) as React.HTMLAttributes<HTMLTableRowElement>}
              columns={[
                { key: 'tenant', title: t('wallet'), render: (_, row) => row.name },
                { key: 'mode', title: t('mode'), render: (_, row) => (row.statement ? <Tag color={row.statement.walletMode === 'PREPAID' ? 'blue' : 'purple'}>{t(`wallet:wallet.modes.${row.statement.walletMode}`)}</Tag> : null) },
                { key: 'opening', title: t('fields.openingBalance'), align: 'right', render: (_, row) => (row.statement ? money(row.statement.openingBalance) : null) },
                { key: 'topUps', title: t('fields.topUps'), align: 'right', render: (_, row) => (row.statement ? money(row.statement.topUps) : null) },
                { key: 'charged', title: t('lines.amount'), align: 'right', render: (_, row) => (row.statement ? money(row.statement.charges + row.statement.usage + row.statement.holdCharges) : null) },
                { key: 'closing', title: t('fields.closingBalance'), align: 'right', render: (_, row) => (row.statement ? money(row.statement.closingBalance) : null) },
                { key: 'due', title: t('fields.amountDue'), align: 'right', render: (_, row) => (row.statement ? money(row.statement.amountDue) : null) },
                { key: 'status', title: t('status'), render: (_, row) => (row.statement ? <StatementStatusTag status={row.statement.status} /> : <Tag>{t('notGenerated')}</Tag>) },
                {
                  key: 'actions',
                  title: t('common:actions'),
                  render: (_, row) =>
                    row.statement ? (
                      <StatementRowActions scope={ORGANISATION} statement={row.statement} onOpen={dialogs.open} onPay={dialogs.pay} />
                    ) : canGenerate ? (
                      <GenerateButton period={period} tenantId={row.tenantId} regenerate={false} label={row.name} size="small" />
                    ) : null,
                },
              ]}
            />
          </Card>
        </Flex>
      )}
      <StatementDetailDrawer scope={ORGANISATION} statementId={dialogs.openId} onClose={dialogs.closeDetail} onPay={dialogs.pay} />
      <PayStatementDialog statement={dialogs.paying} onClose={dialogs.closePay} />
    </>
  );
}

/**
 * /billing/bills (VIEW_MERCHANT_BILLING_BALANCE): every statement of the organisation, newest month
 * first, filtered by month, wallet and status (§9 paging); issue, record a payment, download PDF/CSV.
 */
export function BillsPage() {
  const { t } = useTranslation('statements');
  const errorText = useErrorText();
  const scope = useScope();
  // A link may name the wallet and month (the dashboard's drill-down to one tenant: ?tenantId=…).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<StatementFilters>(() => ({
    ...(params.get('tenantId') ? { tenantId: params.get('tenantId') ?? undefined } : {}),
    ...(/^\d{4}-\d{2}$/.test(params.get('period') ?? '') ? { period: params.get('period') ?? undefined } : {}),
  }));
  const list = useStatementList(filters);
  const dialogs = useStatementDialogs();
  useLiveStatements();
  const forbidden = isForbiddenError(list.query.error);
  const set = (patch: Partial<StatementFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <>
      <PageHeader
        title={t('billsTitle')}
        extra={
          <Link to={PAGES.statements.path}>
            <Button>{t('shell:menu.statements')}</Button>
          </Link>
        }
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <MonthPicker value={filters.period} onChange={(period) => set({ period })} allowClear testId="bills-month" />
        <Select
          allowClear
          aria-label={t('wallet')}
          placeholder={t('allWallets')}
          value={filters.tenantId}
          onChange={(tenantId?: string) => set({ tenantId })}
          style={{ width: 220, maxWidth: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: 'organisation', label: t('organisation') }, ...(scope.merchant?.tenants ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }))]}
          data-testid="bills-wallet"
        />
        <Select
          allowClear
          aria-label={t('status')}
          placeholder={t('allStatuses')}
          value={filters.status}
          onChange={(status?: StatementStatus) => set({ status })}
          style={{ width: 180, maxWidth: '100%' }}
          options={STATEMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          data-testid="bills-status"
        />
      </Flex>
      {forbidden ? (
        <PermissionAlert what={t('what.statements')} />
      ) : list.query.isError ? (
        <Typography.Text type="danger">{errorText(list.query.error)}</Typography.Text>
      ) : (
        <StatementsTable scope={ORGANISATION} rows={list.rows} loading={list.query.isFetching} paging={list.paging} emptyText={t('empty.bills')} onOpen={dialogs.open} onPay={dialogs.pay} testId="bills-table" />
      )}
      <StatementDetailDrawer scope={ORGANISATION} statementId={dialogs.openId} onClose={dialogs.closeDetail} onPay={dialogs.pay} />
      <PayStatementDialog statement={dialogs.paying} onClose={dialogs.closePay} />
    </>
  );
}

/** The tenant's wallet: balance (or 'unlimited' for postpaid), mode, threshold, and its history. */
function TenantWalletCard({ wallet }: { wallet: WalletRef }) {
  const { t } = useTranslation('statements');
  const balance = useBalance(wallet);
  const [history, setHistory] = useState(false);
  const w = balance.data;
  if (isForbiddenError(balance.error)) return <PermissionAlert what={t('what.wallet')} testId="tenant-wallet-denied" />;
  return (
    <Card
      title={t('currentWallet')}
      loading={balance.isPending}
      data-testid="tenant-wallet"
      extra={
        <Button onClick={() => setHistory(true)} data-testid="tenant-wallet-history">
          {t('actions.walletHistory')}
        </Button>
      }
    >
      {w ? (
        <Flex gap={32} wrap>
          <Statistic title={t('wallet:wallet.balance')} value={walletHeaderDisplay(w).kind === 'unlimited' ? t('wallet:wallet.unlimited') : formatVnd(w.balance)} />
          <Statistic title={t('wallet:wallet.mode')} value={t(`wallet:wallet.modes.${w.mode}`)} />
          <Statistic title={t('wallet:wallet.threshold')} value={formatVnd(w.threshold)} />
          {w.mode === 'POSTPAID' ? <Statistic title={t('wallet:wallet.postpaidUsage')} value={formatVnd(w.postpaidUsage)} /> : null}
        </Flex>
      ) : balance.isError ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : null}
      <WalletHistoryDialog open={history} wallet={wallet} onClose={() => setHistory(false)} />
    </Card>
  );
}

/**
 * /tenant/billing (VIEW_TENANT_BILLING_BALANCE): the tenant's wallet and history, and its monthly
 * statements with their details and downloads.
 */
export function TenantBillingPage() {
  const { t } = useTranslation('statements');
  const errorText = useErrorText();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const merchantId = scope.merchant?.id ?? '';
  const statementScope: StatementScope = { kind: 'tenant', tenantId };
  const [status, setStatus] = useState<StatementStatus | undefined>();
  const list = useTenantStatementList(tenantId, { status });
  const dialogs = useStatementDialogs();
  useLiveStatements(tenantId);
  const forbidden = isForbiddenError(list.query.error);

  return (
    <>
      <PageHeader title={t('tenantTitle')} />
      <Flex vertical gap={16}>
        {tenantId && merchantId ? <TenantWalletCard wallet={{ kind: 'tenant', merchantId, tenantId }} /> : null}
        <Card
          title={t('shell:menu.statements')}
          extra={
            <Select
              allowClear
              aria-label={t('status')}
              placeholder={t('allStatuses')}
              value={status}
              onChange={(v?: StatementStatus) => setStatus(v)}
              style={{ width: 170, maxWidth: '100%' }}
              options={STATEMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              data-testid="tenant-statements-status"
            />
          }
          styles={{ header: { flexWrap: 'wrap', gap: 8 } }}
        >
          {forbidden ? (
            <PermissionAlert what={t('what.statements')} compact />
          ) : list.query.isError ? (
            <Typography.Text type="danger">{errorText(list.query.error)}</Typography.Text>
          ) : (
            <StatementsTable
              scope={statementScope}
              rows={list.rows}
              loading={list.query.isFetching}
              paging={list.paging}
              showWallet={false}
              emptyText={t('empty.tenant')}
              onOpen={dialogs.open}
              onPay={dialogs.pay}
              testId="tenant-statements"
            />
          )}
        </Card>
      </Flex>
      <StatementDetailDrawer scope={statementScope} statementId={dialogs.openId} onClose={dialogs.closeDetail} onPay={dialogs.pay} />
      <PayStatementDialog statement={dialogs.paying} onClose={dialogs.closePay} />
    </>
  );
}
