import type { GenerateStatementsResult, PayStatementBody, StatementStatus } from '@zc/shared/api/statements';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { emitEvents, type EventInput } from '../../platform/events';
import { can, type Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { recordTopUp } from '../wallets/service';
import { statementCsv, statementPdf, type StatementLanguage } from './documents';
import { canIssue, canPay, statementAbilities } from './policy';
import { presentStatement, statementAuditView } from './presenter';
import {
  findDueWallets,
  findLines,
  findMerchantStatement,
  findMerchantWalletIds,
  findTenantStatement,
  generateForWallets,
  listMerchantStatements,
  listTenantStatements,
  lockMerchantStatement,
  markIssued,
  markPaid,
  type GeneratedWallet,
  type StatementRow,
} from './repo';

/**
 * Monthly statements (issue 16 #3). A statement is computed from the ledger alone (ADR 0010: wallet_entries
 * of the month in the wallet's time zone) by one set-based statement per batch of wallets (repo
 * `generateForWallets`); it reconciles exactly or is not written. Paying one records a TOPUP through the
 * wallets module (the only writer of money).
 */

/** Wallets per generating statement: large enough to be set-based, small enough that a retry is cheap. */
export const GENERATE_CHUNK = 250;

export interface GenerateOutcome extends GenerateStatementsResult {
  statementIds: string[];
  /** Wallets not written: the reason (unreconciled, or the error of a lone retry). */
  failures: Array<{ walletId: string; reason: string }>;
}

/** Runs work in a transaction of its own (cron: `db.transaction`) or a savepoint (a request: `tx.transaction`). */
export type TxRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function statementEvent(s: { id: string; merchantId: string; tenantId: string | null; status: StatementStatus }): EventInput<'statement.changed'> {
  return { type: 'statement.changed', merchantId: s.merchantId, tenantId: s.tenantId, data: { statementId: s.id, status: s.status } };
}

/** One batch: the statements, their events, and (cron) one audit entry per organisation with no actor. */
async function generateChunk(tx: Tx, period: string, walletIds: readonly string[], auditAsSystem: boolean): Promise<GeneratedWallet[]> {
  const rows = await generateForWallets(tx, period, walletIds);
  const written = rows.filter((r) => r.statement_id);
  if (written.length > 0) {
    await emitEvents(tx, written.map((r) => statementEvent({ id: r.statement_id as string, merchantId: r.merchant_id, tenantId: r.tenant_id, status: 'GENERATED' })));
    if (auditAsSystem) {
      const byMerchant = new Map<string, string[]>();
      for (const r of written) byMerchant.set(r.merchant_id, [...(byMerchant.get(r.merchant_id) ?? []), r.statement_id as string]);
      for (const [merchantId, ids] of byMerchant) {
        await appendAudit(tx, { action: 'STATEMENT_GENERATE', merchantId, actorId: null, targetType: 'statement', targetId: ids.length === 1 ? ids[0] : null, after: { period, statementIds: ids, by: 'month-end job' } });
      }
    }
  }
  return rows;
}

/**
 * Generates (or regenerates GENERATED) statements of `period` for the wallets, batch by batch; each wallet
 * stands alone: a batch that fails is retried wallet by wallet, so one bad wallet fails only itself.
 */
export async function generateStatements(run: TxRunner, input: { period: string; walletIds: readonly string[]; auditAsSystem: boolean }): Promise<GenerateOutcome> {
  const out: GenerateOutcome = { period: input.period, generated: 0, regenerated: 0, kept: 0, notEnded: 0, failed: 0, statementIds: [], failures: [] };
  const tally = (r: GeneratedWallet) => {
    if (r.statement_id) {
      out.statementIds.push(r.statement_id);
      if (r.inserted) out.generated += 1;
      else out.regenerated += 1;
    } else if (r.existing_status === 'ISSUED' || r.existing_status === 'PAID') out.kept += 1;
    else if (!r.ended) out.notEnded += 1;
    else {
      out.failed += 1;
      out.failures.push({ walletId: r.wallet_id, reason: r.closing_ok === false ? 'closing balance does not match the last ledger entry' : 'opening balance does not match the last ledger entry before the month' });
    }
  };
  for (const batch of chunks(input.walletIds, GENERATE_CHUNK)) {
    let rows: GeneratedWallet[] | null = null;
    try {
      rows = await run((tx) => generateChunk(tx, input.period, batch, input.auditAsSystem));
    } catch {
      rows = null;
    }
    if (rows) {
      rows.forEach(tally);
      continue;
    }
    for (const walletId of batch) {
      try {
        (await run((tx) => generateChunk(tx, input.period, [walletId], input.auditAsSystem))).forEach(tally);
      } catch (err) {
        out.failed += 1;
        out.failures.push({ walletId, reason: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return out;
}

/** The first instant of `period` anywhere (UTC+14): a month that has not started anywhere cannot be generated. */
function periodStartedSomewhere(period: string, now = new Date()): boolean {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return Date.UTC(y, m - 1, 1) - 14 * 3_600_000 <= now.getTime();
}

/**
 * POST /merchant/statements/generate: the organisation's wallets (or one), in the request's transaction,
 * each batch in a savepoint. A month not ended yet in a wallet's zone is skipped for that wallet.
 */
export async function generateForMerchant(tx: Tx, merchantId: string, body: { period: string; tenantId?: string | 'organisation' }): Promise<GenerateOutcome> {
  if (!periodStartedSomewhere(body.period)) throw new AppError('DATE_RANGE_INVALID', 'The month has not begun yet', { fields: [{ path: 'period', code: 'not_ended', message: 'The month has not ended yet' }] });
  const walletIds = await findMerchantWalletIds(tx, merchantId, body.tenantId);
  if (body.tenantId && walletIds.length === 0) throw notFound();
  return generateStatements((work) => tx.transaction(work), { period: body.period, walletIds, auditAsSystem: false });
}

/**
 * The hourly month-end job: every wallet whose previous month (in its time zone) has ended and has no
 * statement yet gets one. Idempotent (a statement exists once per wallet and month; the next run finds
 * nothing to do); each wallet stands alone.
 */
export async function runMonthEndStatements(db: Db, log?: { warn(obj: object, msg: string): void }): Promise<GenerateOutcome[]> {
  const { due, unknownZones } = await findDueWallets(db);
  if (unknownZones.length > 0) log?.warn({ zones: unknownZones }, 'statements: time zones unknown to PostgreSQL, their wallets get no statement');
  const byPeriod = new Map<string, string[]>();
  for (const d of due) byPeriod.set(d.period, [...(byPeriod.get(d.period) ?? []), d.wallet_id]);
  const outcomes: GenerateOutcome[] = [];
  for (const [period, walletIds] of byPeriod) {
    const outcome = await generateStatements((work) => db.transaction(work), { period, walletIds, auditAsSystem: true });
    if (outcome.failed > 0) log?.warn({ period, failures: outcome.failures }, 'statements: some wallets could not be generated');
    outcomes.push(outcome);
  }
  return outcomes;
}

async function present(db: DbOrTx, actor: Actor, rows: readonly StatementRow[]) {
  const lines = await findLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentStatement(
      r,
      lines.filter((l) => l.statementId === r.id),
      statementAbilities(actor, r),
    ),
  );
}

export interface ListInput {
  page: number;
  size: number;
  period?: string;
  status?: StatementStatus;
}

export async function listForMerchant(db: DbOrTx, actor: Actor, merchantId: string, q: ListInput & { tenantId?: string | 'organisation' }) {
  const r = await listMerchantStatements(db, merchantId, { period: q.period, status: q.status, tenant: q.tenantId, limit: q.size, offset: (q.page - 1) * q.size });
  return { items: await present(db, actor, r.rows), total: r.total };
}

export async function listForTenant(db: DbOrTx, actor: Actor, scope: TenantScope, q: ListInput) {
  const r = await listTenantStatements(db, scope, { period: q.period, status: q.status, limit: q.size, offset: (q.page - 1) * q.size });
  return { items: await present(db, actor, r.rows), total: r.total };
}

/**
 * A statement by id for an organisation route: any of the organisation's with VIEW_MERCHANT_BILLING_BALANCE;
 * with VIEW_TENANT_BILLING_BALANCE only, the statement of the tenant named by x-tenant-id. 404 otherwise.
 */
async function readableStatement(db: DbOrTx, actor: Actor, ctx: { merchantId: string; tenantId: string | null }, id: string): Promise<StatementRow> {
  const row = await findMerchantStatement(db, ctx.merchantId, id);
  if (!row) throw notFound();
  if (can(actor, 'VIEW_MERCHANT_BILLING_BALANCE')) return row;
  if (ctx.tenantId && row.tenantId === ctx.tenantId && can(actor, 'VIEW_TENANT_BILLING_BALANCE')) return row;
  throw notFound();
}

export async function getForMerchant(db: DbOrTx, actor: Actor, ctx: { merchantId: string; tenantId: string | null }, id: string) {
  const [s] = await present(db, actor, [await readableStatement(db, actor, ctx, id)]);
  return s as NonNullable<typeof s>;
}

export async function getForTenant(db: DbOrTx, actor: Actor, scope: TenantScope, id: string) {
  const row = await findTenantStatement(db, scope, id);
  if (!row) throw notFound();
  const [s] = await present(db, actor, [row]);
  return s as NonNullable<typeof s>;
}

export async function renderStatement(s: Awaited<ReturnType<typeof getForTenant>>, format: 'pdf' | 'csv', lang: StatementLanguage): Promise<Buffer | string> {
  return format === 'pdf' ? statementPdf(s, lang) : statementCsv(s, lang);
}

/** GENERATED → ISSUED (409 CONFLICT from any other status). */
export async function issueStatement(tx: Tx, actor: Actor, merchantId: string, id: string) {
  const before = await lockMerchantStatement(tx, merchantId, id);
  if (!before) throw notFound();
  if (!canIssue(actor, before)) throw new AppError('CONFLICT', `The statement is ${before.status}; only a GENERATED statement can be issued`);
  const after = await markIssued(tx, id, actor.userId);
  await emitEvents(tx, [statementEvent(after)]);
  const [view] = await present(tx, actor, [after]);
  return { before: statementAuditView(before), after: statementAuditView(after), statement: view as NonNullable<typeof view> };
}

/**
 * ISSUED → PAID: the payment is recorded as one TOPUP entry of `amount` on the statement's wallet through
 * the wallets module, in the same transaction (409 CONFLICT unless ISSUED).
 */
export async function payStatement(tx: Tx, actor: Actor, merchantId: string, id: string, body: PayStatementBody) {
  const before = await lockMerchantStatement(tx, merchantId, id);
  if (!before) throw notFound();
  if (!canPay(actor, before)) throw new AppError('CONFLICT', `The statement is ${before.status}; only an ISSUED statement can be paid`);
  const note = body.note?.trim() ? body.note.trim() : null;
  if (!Number.isInteger(body.amount) || body.amount <= 0) throw fieldError('amount', 'The amount must be a whole, positive number of VND', 'invalid');
  const topUp = await recordTopUp(tx, { walletId: before.walletId, amount: body.amount, note: note ?? `statement ${before.period}`, createdBy: actor.userId });
  const after = await markPaid(tx, id, { userId: actor.userId, amount: body.amount, note });
  await emitEvents(tx, [statementEvent(after)]);
  const [view] = await present(tx, actor, [after]);
  return { before: statementAuditView(before), after: { ...statementAuditView(after), topUp: { amount: body.amount, newBalance: topUp.newBalance } }, statement: view as NonNullable<typeof view> };
}
