import { Readable } from 'node:stream';
import { z } from 'zod';
import { dataResponse, errorResponse, listResponse } from '@zc/shared/api/common';
import {
  CAMPAIGN_UPLOAD_MAX_BYTES,
  campaign,
  campaignApprovalBody,
  campaignCreateBody,
  campaignFormOptions,
  campaignListQuery,
  campaignMapping,
  campaignRejectsQuery,
  campaignTemplate,
  campaignTemplatesQuery,
  campaignUpload,
  campaignUploadFields,
  znsPublicMode,
  znsPublicModeBody,
} from '@zc/shared/api/campaigns';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { merchantAccess, requireMerchant, tenantAccess } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { parseFormFields } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import {
  checkUploadTarget,
  createCampaign,
  createUpload,
  decideCampaign,
  discardFile,
  findCampaigns,
  findUploadView,
  formOptions,
  getPublicMode,
  mapUpload,
  setPublicMode,
  rejectReport,
  storeFile,
  templatesForKey,
} from './service';

const tags = ['ZNS campaigns'];
const base = '/merchant/campaign';
const params = z.strictObject({ id: z.uuid() });
const ids = (s: string | undefined) => (s ? s.split(',').map((x) => x.trim()).filter((x) => z.uuid().safeParse(x).success) : undefined);
const MB = CAMPAIGN_UPLOAD_MAX_BYTES / 1048576;

/**
 * ZNS campaigns from creation to approval (§2.12, §7 Campaigns): list, the create dialog's options,
 * the templates of an API key, the recipient upload (two steps: file, then column mapping; see
 * ingest.ts), the reject report, creation (review kind ZNS_CAMPAIGN) and the approval decision.
 * Sending, cancel, the detail and `campaign/history` are the dispatch files' (dispatch*.ts, detail*.ts).
 */
export function registerCampaignRoutes(app: ZodApp, deps: ModuleDeps): void {
  const modeParams = z.strictObject({ id: z.uuid() });
  const modeErrors = {
    403: errorResponse.describe('FORBIDDEN: the caller lacks the permission in this organisation'),
    404: errorResponse.describe('NOT_FOUND: no tenant with this id in the organisation named by x-merchant-id'),
  };
  app.get(
    '/merchant/tenant/:id/zns-public-mode',
    {
      config: { access: merchantAccess('VIEW_TENANT') },
      schema: { operationId: 'getTenantZnsPublicMode', summary: "A tenant's ZNS public mode", tags: ['Tenants'], description: 'production (default) or development: a campaign may use production mode only when the tenant is in production (§4).', params: modeParams, response: { 200: dataResponse(znsPublicMode), ...modeErrors } },
    },
    async (req) => ({ data: await getPublicMode(deps.db, actorOf(req.ctx), requireMerchant(req.ctx), req.params.id) }),
  );
  app.put(
    '/merchant/tenant/:id/zns-public-mode',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_SERVICES_UPDATE' },
      schema: {
        operationId: 'setTenantZnsPublicMode',
        summary: "Set a tenant's ZNS public mode",
        tags: ['Tenants'],
        description: 'Campaigns created afterwards follow it; a campaign already created keeps its mode.',
        params: modeParams,
        body: znsPublicModeBody,
        response: { 200: dataResponse(znsPublicMode), 400: errorResponse.describe('VALIDATION_FAILED: publicMode must be production or development'), ...modeErrors },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => setPublicMode(tx, actorOf(req.ctx), merchantId, req.params.id, req.body, record));
      return { data };
    },
  );

  app.get(
    base,
    {
      config: { access: tenantAccess('VIEW_CAMPAIGN', 'znsService') },
      schema: { operationId: 'listCampaigns', summary: 'List the ZNS campaigns', tags, description: 'Campaigns of the tenant, newest first; filters status, teamIds (comma-joined), name (contains). §3 Campaign fields plus abilities.', querystring: campaignListQuery, response: { 200: listResponse(campaign) } },
    },
    async (req) => {
      const q = req.query;
      const r = await findCampaigns(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { status: q.status, teamIds: ids(q.teamIds), name: q.name, limit: q.size, offset: (q.page - 1) * q.size });
      return paged(r.rows, r.total, q);
    },
  );

  app.get(
    `${base}/form-options`,
    { config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService') }, schema: { operationId: 'getCampaignFormOptions', summary: 'Get the campaign dialog\'s choices', tags, description: "The create dialog's choices: the tenant's active ZNS API keys, its public mode (production mode only when it is production) and the limits.", response: { 200: dataResponse(campaignFormOptions) } } },
    async (req) => ({ data: await formOptions(deps.db, tenantScope(req.ctx)) }),
  );

  app.get(
    `${base}/templates`,
    {
      config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService') },
      schema: { operationId: 'listCampaignTemplates', summary: 'List the templates a campaign may use', tags, description: "The ENABLE templates of the API key's official account, with params, list and charged price and the column mapping remembered for each. 404 for another tenant's key.", querystring: campaignTemplatesQuery, response: { 200: dataResponse(z.array(campaignTemplate)) } },
    },
    async (req) => ({ data: await templatesForKey(deps.db, tenantScope(req.ctx), req.query.apiKeyId) }),
  );

  app.post(
    `${base}/upload`,
    {
      config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService'), audit: 'CAMPAIGN_UPLOAD' },
      schema: {
        operationId: 'uploadCampaignFile',
        summary: 'Upload a campaign recipient file',
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart: the text fields apiKeyId, znsTemplateId and optional mapping (JSON {phone, params}) BEFORE the file field \`file\` (CSV in UTF-8 or UTF-16 with BOM, or XLSX; ≤ ${MB} MB). The file is streamed to disk, never held whole in memory. 413 over the limit, 415 when neither CSV nor XLSX (by content); nothing is stored then. With a mapping (or a remembered one that fits the header) the rows are read at once; otherwise the answer has the header and a suggested mapping for \`upload/{id}/mapping\`.`,
        response: { 200: dataResponse(campaignUpload), 413: errorResponse, 415: errorResponse },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
      const scope = tenantScope(req.ctx);
      const fields: Record<string, string> = {};
      let result: Awaited<ReturnType<typeof createUpload>> | null = null;
      for await (const part of req.parts({ limits: { fileSize: CAMPAIGN_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 20_000 } })) {
        if (part.type !== 'file') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || result) {
          part.file.resume();
          throw fieldError(part.fieldname, 'Only one file, in the field `file`', 'unrecognized_keys');
        }
        let checked: Awaited<ReturnType<typeof checkUploadTarget>>;
        let input: ReturnType<typeof parseFormFields<typeof campaignUploadFields>>;
        try {
          input = parseFormFields(campaignUploadFields, fields);
          checked = await checkUploadTarget(deps.db, scope, input);
        } catch (err) {
          part.file.resume();
          throw err;
        }
        const { id, stored } = await storeFile(deps.config.dataDir, part.file as Readable & { truncated?: boolean });
        try {
          result = await runMutation(deps.db, req, async (tx, record) => {
            const out = await createUpload(tx, actorOf(req.ctx), scope, { id, stored, fileName: part.filename || 'recipients', zaloOaId: checked.key.zaloOaId, template: checked.template, mapping: input.mapping });
            await record({ targetType: 'campaign_upload', targetId: out.id, after: { fileName: out.fileName, fileSize: out.fileSize, kind: out.kind, znsTemplateId: out.znsTemplateId, status: out.status, totalRows: out.totalRows, validRows: out.validRows, rejectedRows: out.rejectedRows, duplicateRows: out.duplicateRows } });
            return out;
          });
        } catch (err) {
          await discardFile(stored);
          throw err;
        }
      }
      if (!result) throw fieldError('file', 'A file is required (field `file`)', 'required');
      return { data: result };
    },
  );

  app.put(
    `${base}/upload/:id/mapping`,
    {
      config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService'), audit: 'CAMPAIGN_UPLOAD' },
      schema: {
        operationId: 'mapCampaignUpload',
        summary: 'Set the column mapping of a campaign upload',
        tags,
        description: "Reads the stored file with this column mapping (again, from scratch, when it was read before): counts, rejected rows with their reasons, the cost preflight. The mapping is remembered for the template. 422 CAMPAIGN_INVALID MAPPING_INVALID names the fields; UPLOAD_USED once a campaign uses it; 404 for another tenant's upload.",
        params,
        body: campaignMapping,
        response: { 200: dataResponse(campaignUpload) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await mapUpload(tx, scope, req.params.id, req.body);
        await record({ targetType: 'campaign_upload', targetId: after.id, before: { mapping: before.mapping, status: before.status, validRows: before.validRows }, after: { mapping: after.mapping, status: after.status, totalRows: after.totalRows, validRows: after.validRows, rejectedRows: after.rejectedRows, duplicateRows: after.duplicateRows } });
        return after;
      });
      return { data };
    },
  );

  app.get(
    `${base}/upload/:id`,
    { config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService') }, schema: { operationId: 'getCampaignUpload', summary: 'Get a campaign upload', tags, description: 'An upload with its header, mapping, counts and cost preflight.', params, response: { 200: dataResponse(campaignUpload) } } },
    async (req) => ({ data: await findUploadView(deps.db, tenantScope(req.ctx), req.params.id) }),
  );

  app.get(
    `${base}/upload/:id/rejects`,
    {
      config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService') },
      schema: { operationId: 'exportCampaignUploadRejects', summary: 'Export the rejected rows of a campaign upload as CSV', tags, description: 'The report of rejected and duplicate rows, streamed as CSV (UTF-8 with BOM): row number, stable code, reason in `lang`, then the row as read.', params, querystring: campaignRejectsQuery },
    },
    async (req, reply) => {
      const scope = tenantScope(req.ctx);
      const report = rejectReport(deps.db, scope, req.params.id, req.query.lang);
      // The first chunk (the header) is read before answering, so another tenant's id is a 404, not a broken stream.
      const first = await report.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* report;
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="rejected-rows-${req.params.id.slice(0, 8)}.csv"`);
      return reply.send(Readable.from(all()));
    },
  );

  app.post(
    base,
    {
      config: { access: tenantAccess('CREATE_CAMPAIGN', 'znsService'), audit: 'CAMPAIGN_CREATE' },
      schema: {
        operationId: 'createCampaign',
        summary: 'Create a ZNS campaign and submit it for review',
        tags,
        description:
          'Creates the campaign from a READY upload and submits it for review (kind ZNS_CAMPAIGN; an empty workflow approves it at once and the estimated cost is held). 422 CAMPAIGN_INVALID names the rule (API_KEY_REQUIRED, SCHEDULE_REQUIRED, PAST_SCHEDULE, MODE_NOT_ALLOWED, UPLOAD_NOT_READY, UPLOAD_USED, UPLOAD_OTHER_TEMPLATE, NO_VALID_ROWS, TEMPLATE_NOT_ENABLED) and the field; 402 INSUFFICIENT_BALANCE with details.shortfall when the wallet cannot cover the estimated cost.',
        body: campaignCreateBody,
        response: { 200: dataResponse(campaign), 402: errorResponse, 422: errorResponse },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const out = await createCampaign(tx, actorOf(req.ctx), scope, req.body);
        await record({ targetType: 'campaign', targetId: out.id, after: { name: out.name, status: out.status, apiKeyId: out.apiKey?.id, znsTemplateId: out.template.znsTemplateId, recordCount: out.recordCount, estimatedCost: out.estimatedCost, price: out.template.price, mode: out.mode, startMode: out.startMode, scheduleAt: out.scheduleAt } });
        return out;
      });
      return { data };
    },
  );

  app.patch(
    `${base}/approval/:id`,
    {
      // Recorded as TASK_APPROVE or TASK_REJECT by the decision.
      config: { access: tenantAccess('UPDATE_TENANT_TASK', 'znsService'), audit: 'TASK_APPROVE' },
      schema: {
        operationId: 'approveCampaign',
        summary: 'Approve or reject a ZNS campaign',
        tags,
        description: 'The next approver approves or rejects the campaign through its review (comment required). The last approval holds the estimated cost: 402 INSUFFICIENT_BALANCE with details.shortfall when the wallet no longer covers it (nothing changes). 403 when it is not their turn; 409 once decided.',
        params,
        body: campaignApprovalBody,
        response: { 200: dataResponse(campaign), 402: errorResponse },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const data = await deps.db.transaction(async (tx) => {
        const out = await decideCampaign(tx, actor, scope, req.params.id, req.body);
        await appendAudit(tx, auditFromCtx(req.ctx, req.body.approval ? 'TASK_APPROVE' : 'TASK_REJECT', { tenantId: scopedTenantId(scope), targetType: 'campaign', targetId: out.id, after: { status: out.status, comment: req.body.comment } }));
        req.ctx.auditWritten = true;
        return out;
      });
      return { data };
    },
  );
}
