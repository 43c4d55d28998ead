import { z } from 'zod';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import { orgReportQuery, report, reportExport, reportExportAccepted, reportExportBody, reportFailures, reportQuery, reportSchedule, reportScheduleBody, REPORT_SYNC_EXPORT_ROWS } from '@zc/shared/api/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, publicAccess, requireMerchant, requireUser, tenantAccess } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { reportExportJob } from './job';
import type { ReportFile } from './presenter';
import {
  createSchedule,
  editSchedule,
  exportFile,
  fileOfSignedLink,
  findOwnExport,
  findSchedules,
  organisationReport,
  presentReportExport,
  removeSchedule,
  requestExport,
  tenantFailures,
  tenantReport,
  type ExportTarget,
} from './service';

const tags = ['Reports'];
const RANGE = '`from`/`to`: days YYYY-MM-DD in Asia/Ho_Chi_Minh, both included, at most 366 days; reversed or longer → 422 DATE_RANGE_INVALID naming the field.';
const access = tenantAccess('VIEW_REPORT');
const orgAccess = merchantAccess('VIEW_REVENUE_CHART');

function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.buf);
}

/** §2.1 report (issue 16 #4): the tenant's and the organisation's reports, their exports and the report mails. Reads the statistics rollups only (ADR 0024). */
export function registerReportRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/report',
    {
      config: { access },
      schema: {
        operationId: 'getReport',
        summary: "The tenant's sends grouped by day, type, status, template, API key, campaign or team",
        tags,
        description: `Rows with total/sent/delivered/failed/pending, cost, list cost and delivery rate, and the totals. \`status\`: one row per bucket (pending, sent not yet delivered, delivered, failed); \`team\`: the team of the message's campaign, else of its API key (\`none\` otherwise). ${RANGE}`,
        querystring: reportQuery,
        response: { 200: dataResponse(report) },
      },
    },
    async (req) => ({ data: await tenantReport(deps.db, tenantScope(req.ctx), req.query, req.headers['accept-language']?.startsWith('vi') ? 'vi' : 'en') }),
  );

  app.get(
    '/merchant/report/failures',
    {
      config: { access },
      schema: {
        operationId: 'getReportFailures',
        summary: "The tenant's failed messages by Zalo error code",
        tags,
        description: `Per module and Zalo error code (0: failed before Zalo answered), most first, with the Zalo error catalogue's explanation and next action in English and Vietnamese. ${RANGE}`,
        querystring: z.strictObject({ from: reportQuery.shape.from, to: reportQuery.shape.to }),
        response: { 200: dataResponse(reportFailures) },
      },
    },
    async (req) => ({ data: await tenantFailures(deps.db, tenantScope(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/report/organisation',
    {
      config: { access: orgAccess },
      schema: {
        operationId: 'getOrganisationReport',
        summary: "The organisation's sends and revenue per tenant, day or type",
        tags,
        description: `Every tenant of the organisation (VIEW_REVENUE_CHART). ${RANGE}`,
        querystring: orgReportQuery,
        response: { 200: dataResponse(report) },
      },
    },
    async (req) => ({ data: await organisationReport(deps.db, requireMerchant(req.ctx), req.query) }),
  );

  const exportDescription = `CSV (UTF-8 with BOM) or XLSX, one row per report row and a totals row. Up to ${REPORT_SYNC_EXPORT_ROWS} rows the file is answered at once (200); a larger export answers 202 \`{ exportId, rows }\`, is written by a background job (report_export.changed tells the caller) and is downloaded from /merchant/report/exports/{id}/download. ${RANGE}`;
  const runExport = async (req: FastifyRequest, body: z.output<typeof reportExportBody>, reply: FastifyReply, target: ExportTarget) => {
    const user = requireUser(req.ctx);
    const outcome = await runMutation(deps.db, req, async (tx, record) => {
      const r = await requestExport(tx, target, user.id, body);
      await record({
        tenantId: target.scope === 'tenant' ? scopedTenantId(target.tenant) : null,
        targetType: 'report_export',
        targetId: r.kind === 'async' ? r.row.id : null,
        after: { scope: target.scope, format: body.format, groupBy: body.groupBy, from: body.from, to: body.to, rows: r.kind === 'file' ? r.file.rows : r.row.rows, async: r.kind === 'async' },
      });
      return r;
    });
    if (outcome.kind === 'file') return sendFile(reply, outcome.file);
    if (deps.jobs) await deps.jobs.send(reportExportJob(deps.db), { exportId: outcome.row.id });
    return reply.status(202).send({ data: { exportId: outcome.row.id, rows: outcome.row.rows } });
  };

  app.post(
    '/merchant/report/export',
    {
      config: { access, audit: 'REPORT_EXPORT' },
      schema: { operationId: 'exportReport', summary: "Export the tenant's report", tags, description: `\`scope\` tenant. ${exportDescription}`, body: reportExportBody, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], response: { 202: dataResponse(reportExportAccepted) } },
    },
    async (req, reply) => {
      if (req.body.scope !== 'tenant') throw new AppError('VALIDATION_FAILED', 'The organisation report is exported from /merchant/report/organisation/export', { fields: [{ path: 'body.scope', code: 'invalid_value', message: 'tenant' }] });
      return runExport(req, req.body, reply, { scope: 'tenant', tenant: tenantScope(req.ctx), merchantId: requireMerchant(req.ctx) });
    },
  );

  app.post(
    '/merchant/report/organisation/export',
    {
      config: { access: orgAccess, audit: 'REPORT_EXPORT' },
      schema: { operationId: 'exportOrganisationReport', summary: "Export the organisation's report", tags, description: `\`scope\` organisation, \`groupBy\` tenant, day or type. ${exportDescription}`, body: reportExportBody, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], response: { 202: dataResponse(reportExportAccepted) } },
    },
    async (req, reply) => {
      if (req.body.scope !== 'organisation') throw new AppError('VALIDATION_FAILED', 'The tenant report is exported from /merchant/report/export', { fields: [{ path: 'body.scope', code: 'invalid_value', message: 'organisation' }] });
      return runExport(req, req.body, reply, { scope: 'organisation', merchantId: requireMerchant(req.ctx) });
    },
  );

  app.get(
    '/merchant/report/exports/:id',
    {
      config: { access: merchantAccess() },
      schema: { operationId: 'getReportExport', summary: 'The state of one of my report exports', tags, description: "PENDING while the job writes it, then READY (downloadable) or FAILED. Only the user who asked for it sees it (404 otherwise).", params: idParam, response: { 200: dataResponse(reportExport) } },
    },
    async (req) => ({ data: presentReportExport(await findOwnExport(deps.db, requireMerchant(req.ctx), requireUser(req.ctx).id, req.params.id)) }),
  );

  app.get(
    '/merchant/report/exports/:id/download',
    {
      config: { access: merchantAccess() },
      schema: { operationId: 'downloadReportExport', summary: 'Download one of my report exports', tags, description: 'The file of a READY export (409 while it is written or when it failed); only the user who asked for it (404 otherwise).', params: idParam, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    },
    async (req, reply) => sendFile(reply, exportFile(await findOwnExport(deps.db, requireMerchant(req.ctx), requireUser(req.ctx).id, req.params.id))),
  );

  app.get(
    '/report-files/:id',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'downloadReportByLink',
        summary: 'Download a mailed report by its signed link',
        tags,
        security: [],
        description: 'The link of a scheduled report mail: signed by the server and valid for 30 days (404 when the signature is wrong or the link expired).',
        params: idParam,
        querystring: z.strictObject({ expires: z.coerce.number().int().positive(), sig: z.string().regex(/^[0-9a-f]{64}$/) }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => sendFile(reply, await fileOfSignedLink(deps.db, deps.config.appSecret, { id: req.params.id, ...req.query })),
  );

  app.get(
    '/merchant/report/schedules',
    { config: { access }, schema: { operationId: 'listReportSchedules', summary: "The tenant's report mails", tags, description: 'Weekly or monthly report mails; `lastPeriod` the last period mailed, `lastError` why the last attempt failed.', response: { 200: listResponse(reportSchedule) } } },
    async (req) => {
      const rows = await findSchedules(deps.db, actorOf(req.ctx), tenantScope(req.ctx));
      return { data: rows, meta: { total: rows.length } };
    },
  );

  app.post(
    '/merchant/report/schedules',
    {
      config: { access, audit: 'REPORT_SCHEDULE_CREATE' },
      schema: { operationId: 'createReportSchedule', summary: 'Schedule a report mail', tags, description: 'WEEKLY (the previous Monday–Sunday, mailed on Monday) or MONTHLY (the previous month, mailed on the 1st), in Asia/Ho_Chi_Minh; up to 10 recipients; the first mail is for the next period that ends. At most 20 per tenant (409).', body: reportScheduleBody, response: { 200: dataResponse(reportSchedule) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createSchedule(tx, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'report_schedule', targetId: r.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.put(
    '/merchant/report/schedules/:id',
    {
      config: { access, audit: 'REPORT_SCHEDULE_UPDATE' },
      schema: { operationId: 'updateReportSchedule', summary: 'Change a report mail', tags, description: "Another tenant's id answers 404. Changing the frequency starts it at the next period that ends.", params: idParam, body: reportScheduleBody, response: { 200: dataResponse(reportSchedule) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await editSchedule(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'report_schedule', targetId: req.params.id, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/report/schedules/:id',
    {
      config: { access, audit: 'REPORT_SCHEDULE_DELETE' },
      schema: { operationId: 'deleteReportSchedule', summary: 'Stop a report mail', tags, description: "Another tenant's id answers 404.", params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await removeSchedule(tx, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'report_schedule', targetId: req.params.id, before });
      });
      return { data: { ok: true as const } };
    },
  );
}
