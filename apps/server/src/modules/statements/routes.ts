import { dataResponse, idParam, listResponse } from '@zc/shared/api/common';
import {
  generateStatementsBody,
  generateStatementsResult,
  payStatementBody,
  statement,
  statementDownloadQuery,
  statementListQuery,
  tenantStatementListQuery,
  type Statement,
} from '@zc/shared/api/statements';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { statementFileName, type StatementLanguage } from './documents';
import { generateForMerchant, getForMerchant, getForTenant, issueStatement, listForMerchant, listForTenant, payStatement, renderStatement } from './service';

const tags = ['Statements'];
const readAny = merchantAccess(['VIEW_MERCHANT_BILLING_BALANCE', 'VIEW_TENANT_BILLING_BALANCE']);
const readOwn = tenantAccess('VIEW_TENANT_BILLING_BALANCE');
const manage = merchantAccess('UPDATE_TENANT_BILLING_BALANCE');

const STATEMENT_TEXT =
  'Amounts in whole VND from the ledger of the month in the wallet\'s time zone: openingBalance + topUps − charges + refunds − holdsPlaced + holdsReleased + adjustments = closingBalance (exact). `abilities` {issue, pay} say what the caller may do.';
const DOWNLOAD_TEXT = 'Labels in `lang` (vi by default, or en). The PDF uses DejaVu Sans (Vietnamese letters and ₫); its totals are the statement\'s own.';

async function send(reply: FastifyReply, s: Statement, format: 'pdf' | 'csv', lang: StatementLanguage) {
  const body = await renderStatement(s, format, lang);
  return reply
    .header('content-type', format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${statementFileName(s, format)}"`)
    .send(body);
}

/** §2.1 /billing, /billing/bills and the tenant's billing: monthly statements (issue 16 #3). */
export function registerStatementRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/statements',
    {
      config: { access: merchantAccess('VIEW_MERCHANT_BILLING_BALANCE') },
      schema: { operationId: 'listStatements', summary: 'List the organisation\'s statements', tags, description: `The organisation's own (tenantId null) and every tenant's, newest month first. \`tenantId=organisation\` names the organisation's wallet. ${STATEMENT_TEXT}`, querystring: statementListQuery, response: { 200: listResponse(statement) } },
    },
    async (req) => {
      const r = await listForMerchant(deps.db, actorOf(req.ctx), requireMerchant(req.ctx), req.query);
      return paged(r.items, r.total, req.query);
    },
  );

  app.get(
    '/merchant/tenant-statements',
    {
      config: { access: readOwn },
      schema: { operationId: 'listTenantStatements', summary: 'List the tenant\'s statements', tags, description: `The statements of the tenant named by x-tenant-id, newest month first. ${STATEMENT_TEXT}`, querystring: tenantStatementListQuery, response: { 200: listResponse(statement) } },
    },
    async (req) => {
      const r = await listForTenant(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query);
      return paged(r.items, r.total, req.query);
    },
  );

  const merchantCtx = (req: FastifyRequest) => ({ merchantId: requireMerchant(req.ctx), tenantId: req.ctx.tenantId });

  app.get(
    '/merchant/statements/:id',
    {
      config: { access: readAny },
      schema: { operationId: 'getStatement', summary: 'Get a statement', tags, description: `Any statement of the organisation with VIEW_MERCHANT_BILLING_BALANCE; with VIEW_TENANT_BILLING_BALANCE only, one of the tenant named by x-tenant-id. Others: 404. ${STATEMENT_TEXT}`, params: idParam, response: { 200: dataResponse(statement) } },
    },
    async (req) => ({ data: await getForMerchant(deps.db, actorOf(req.ctx), merchantCtx(req), req.params.id) }),
  );

  for (const format of ['pdf', 'csv'] as const) {
    app.get(
      `/merchant/statements/:id/${format}`,
      {
        config: { access: readAny },
        schema: { operationId: format === 'pdf' ? 'downloadStatementPdf' : 'downloadStatementCsv', summary: `Download a statement as ${format.toUpperCase()}`, tags, description: `${DOWNLOAD_TEXT} Access as for getStatement.`, params: idParam, querystring: statementDownloadQuery, produces: [format === 'pdf' ? 'application/pdf' : 'text/csv'] },
      },
      async (req, reply) => send(reply, await getForMerchant(deps.db, actorOf(req.ctx), merchantCtx(req), req.params.id), format, req.query.lang),
    );
  }

  app.get(
    '/merchant/tenant-statements/:id',
    {
      config: { access: readOwn },
      schema: { operationId: 'getTenantStatement', summary: 'Get one of the tenant\'s statements', tags, description: `Another tenant's id: 404. ${STATEMENT_TEXT}`, params: idParam, response: { 200: dataResponse(statement) } },
    },
    async (req) => ({ data: await getForTenant(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  for (const format of ['pdf', 'csv'] as const) {
    app.get(
      `/merchant/tenant-statements/:id/${format}`,
      {
        config: { access: readOwn },
        schema: { operationId: format === 'pdf' ? 'downloadTenantStatementPdf' : 'downloadTenantStatementCsv', summary: `Download one of the tenant's statements as ${format.toUpperCase()}`, tags, description: DOWNLOAD_TEXT, params: idParam, querystring: statementDownloadQuery, produces: [format === 'pdf' ? 'application/pdf' : 'text/csv'] },
      },
      async (req, reply) => send(reply, await getForTenant(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id), format, req.query.lang),
    );
  }

  app.post(
    '/merchant/statements/generate',
    {
      config: { access: manage, audit: 'STATEMENT_GENERATE' },
      schema: {
        operationId: 'generateStatements',
        summary: 'Generate the statements of a month',
        tags,
        description:
          'Generates the statements of `period` for every wallet of the organisation (or the one of `tenantId`; `organisation` = its own wallet), regenerating GENERATED ones and keeping ISSUED and PAID ones as they are. Wallets whose month has not ended in their time zone are skipped (`notEnded`); a month not begun anywhere → 422 DATE_RANGE_INVALID on `period`. Each wallet stands alone (`failed` counts those that could not be reconciled).',
        body: generateStatementsBody,
        response: { 200: dataResponse(generateStatementsResult) },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await generateForMerchant(tx, merchantId, req.body);
        await record({ tenantId: null, targetType: 'statement', targetId: r.statementIds.length === 1 ? (r.statementIds[0] ?? null) : null, after: { period: r.period, tenantId: req.body.tenantId ?? null, generated: r.generated, regenerated: r.regenerated, kept: r.kept, notEnded: r.notEnded, failed: r.failed, statementIds: r.statementIds } });
        if (r.failures.length > 0) req.log.warn({ failures: r.failures }, 'statements: some wallets could not be generated');
        return { period: r.period, generated: r.generated, regenerated: r.regenerated, kept: r.kept, notEnded: r.notEnded, failed: r.failed };
      });
      return { data };
    },
  );

  app.post(
    '/merchant/statements/:id/issue',
    {
      config: { access: manage, audit: 'STATEMENT_ISSUE' },
      schema: { operationId: 'issueStatement', summary: 'Issue a statement', tags, description: 'GENERATED → ISSUED; its amounts are final from now on. Another status → 409 CONFLICT; another organisation\'s → 404.', params: idParam, response: { 200: dataResponse(statement) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await issueStatement(tx, actorOf(req.ctx), merchantId, req.params.id);
        await record({ tenantId: r.statement.tenantId, targetType: 'statement', targetId: r.statement.id, before: r.before, after: r.after });
        return r.statement;
      });
      return { data };
    },
  );

  app.post(
    '/merchant/statements/:id/pay',
    {
      config: { access: manage, audit: 'STATEMENT_PAY' },
      schema: { operationId: 'payStatement', summary: 'Record a statement\'s payment', tags, description: 'ISSUED → PAID: `amount` (whole VND) is recorded as a top-up of the statement\'s wallet (one TOPUP ledger entry, in the next statement). Another status → 409 CONFLICT.', params: idParam, body: payStatementBody, response: { 200: dataResponse(statement) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await payStatement(tx, actorOf(req.ctx), merchantId, req.params.id, req.body);
        await record({ tenantId: r.statement.tenantId, targetType: 'statement', targetId: r.statement.id, before: r.before, after: r.after });
        return r.statement;
      });
      return { data };
    },
  );
}
