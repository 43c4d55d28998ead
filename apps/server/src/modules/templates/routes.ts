import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import {
  syncResult,
  templateCopyImageBody,
  templateDraftBody,
  templateImage,
  templateImageFields,
  templateListQuery,
  templateRatingQuery,
  templateRatings,
  templateRequest,
  templateRequestBody,
  ZNS_LAYOUT_LIMITS,
  TEMPLATE_BUTTON_TYPES,
  ZNS_TEMPLATE_KINDS,
  ZNS_TEMPLATE_TAGS,
  znsTemplate,
} from '@zc/shared/api/templates';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import {
  copyTemplate,
  copyTemplateImage,
  deleteDraft,
  editTemplateRequest,
  findTemplate,
  findTemplateRequest,
  findTemplateRequests,
  findTemplates,
  requestTemplate,
  saveDraft,
  syncTemplates,
  templateRatings as readTemplateRatings,
  uploadTemplateImage,
} from './service';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { parseFormFields, readImageForm } from '../../platform/files';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Templates'];
const zns = 'znsService' as const;

/** ZNS template library (§2.2 ZNS menu, §7 Templates): sync, list, detail, lookups, requests. */
export function registerTemplateRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/template',
    {
      config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns) },
      schema: { operationId: 'listTemplates', summary: 'List the ZNS templates', tags, description: 'Each template carries `abilities.view` (detail and preview).', querystring: templateListQuery, response: { 200: listResponse(znsTemplate) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await findTemplates(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { tag: q.templateZNSType, status: q.status, zaloOAId: q.zaloOAId, name: q.name, limit: q.size, offset: offsetOf(q) });
      return paged(rows, total, q);
    },
  );

  // A GET that writes (spec §7 names it so); it records its audit entry like a mutation.
  const sync = async (req: FastifyRequest) => {
    const scope = tenantScope(req.ctx);
    const tenantId = scopedTenantId(scope);
    const result = await syncTemplates(deps.db, deps.zalo, scope);
    await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'ZNS_TEMPLATE_SYNC', { targetType: 'tenant', targetId: tenantId, after: result })));
    req.ctx.auditWritten = true;
    return { data: result };
  };
  app.get(
    '/merchant/zalo-oa/sync-zns-templates',
    { config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns), audit: 'ZNS_TEMPLATE_SYNC' }, schema: { operationId: 'syncZnsTemplatesFromZalo', summary: 'Read the official accounts\' ZNS templates from Zalo', tags, response: { 200: dataResponse(syncResult) } } },
    sync,
  );
  app.post(
    '/merchant/template/sync',
    { config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns), audit: 'ZNS_TEMPLATE_SYNC' }, schema: { operationId: 'syncTemplates', summary: 'Synchronise the ZNS templates from Zalo', tags, response: { 200: dataResponse(syncResult) } } },
    sync,
  );

  app.get('/merchant/template/template-zns-type', { config: { access: tenantAccess(undefined, 'znsService') }, schema: { operationId: 'listTemplateZnsTypes', summary: 'List the ZNS template types', tags, response: { 200: dataResponse(z.array(z.object({ value: z.number(), name: z.string() }))) } } }, async () => ({
    data: ZNS_TEMPLATE_KINDS.map((k) => ({ ...k })),
  }));
  app.get('/merchant/template/template-zns-tag', { config: { access: tenantAccess(undefined, 'znsService') }, schema: { operationId: 'listTemplateZnsTags', summary: 'List the ZNS template tags', tags, response: { 200: dataResponse(z.array(z.string())) } } }, async () => ({
    data: [...ZNS_TEMPLATE_TAGS],
  }));
  app.get(
    '/merchant/template/template-button',
    { config: { access: tenantAccess(undefined, 'znsService') }, schema: { operationId: 'listTemplateButtons', summary: 'List the ZNS template button kinds', tags, response: { 200: dataResponse(z.array(z.object({ type: z.string(), payload: z.string() }))) } } },
    async () => ({ data: TEMPLATE_BUTTON_TYPES.map((b) => ({ ...b })) }),
  );

  app.get(
    '/merchant/template/new',
    {
      config: { access: tenantAccess('VIEW_REQUEST_TEMPLATE', zns) },
      schema: { operationId: 'listTemplateRequests', summary: 'List the console-authored template requests', tags, description: 'Each request carries `abilities.viewTemplate` (its approved template can be opened).', querystring: pageQuery, response: { 200: listResponse(templateRequest) } },
    },
    async (req) => {
      const r = await findTemplateRequests(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  const idParams = z.strictObject({ id: z.uuid() });
  const submitDescription =
    'Stores a ZNS template authored in the console (layout header / body / footer, params with types and samples) and submits it for the tenant’s internal review (ZNS_TEMPLATE workflow; `taskId`, `taskStatus`); `draftId` turns a saved draft into the request. 422 TEMPLATE_LAYOUT_INVALID naming every field Zalo would refuse (REFERENCE §13.5), before anything reaches Zalo. Once approved it goes to Zalo’s /template/create (SUBMITTED with `zaloStatus` PENDING_REVIEW, or FAILED with Zalo’s message); its status then follows Zalo (change_template_status webhook and polling): APPROVED (ENABLE), REJECTED with Zalo’s reason, DISABLE.';
  const submit = async (req: FastifyRequest<{ Body: z.infer<typeof templateRequestBody> }>) => {
    const scope = tenantScope(req.ctx);
    const data = await runMutation(deps.db, req, async (tx, record) => {
      const created = await requestTemplate(tx, actorOf(req.ctx), scope, req.body);
      await record({ targetType: 'template_request', targetId: created.id, after: req.body });
      return created;
    });
    return { data };
  };
  const write = { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_REQUEST' as const };
  app.post('/merchant/template', { config: write, schema: { operationId: 'createTemplate', summary: 'Create a ZNS template and submit it for review', tags, description: submitDescription, body: templateRequestBody, response: { 200: dataResponse(templateRequest) } } }, submit);
  app.post('/merchant/template/new', { config: write, schema: { operationId: 'createTemplateRequest', summary: 'Create a ZNS template request and submit it for review', tags, description: `Same as POST /merchant/template. ${submitDescription}`, body: templateRequestBody, response: { 200: dataResponse(templateRequest) } } }, submit);

  const editDescription =
    'Changes a console template and submits it again (`abilities.edit`): a draft, a request still in its internal review (the pending review is voided), or a template Zalo rejected (after approval it goes to Zalo’s /template/edit under the same id). 409 TEMPLATE_NOT_EDITABLE for a library template or a template Zalo did not reject (Zalo allows no other edit); 409 TEMPLATE_REQUEST_NOT_EDITABLE once the internal review decided; 422 TEMPLATE_LAYOUT_INVALID as on create.';
  const edit = async (req: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof templateRequestBody> }>) => {
    const scope = tenantScope(req.ctx);
    const data = await runMutation(deps.db, req, async (tx, record) => {
      const { before, after } = await editTemplateRequest(tx, actorOf(req.ctx), scope, req.params.id, req.body);
      await record({ targetType: 'template_request', targetId: after.id, before: { status: before.status, payload: before.payload }, after: req.body });
      return after;
    });
    return { data };
  };
  app.put('/merchant/template/new/:id', { config: write, schema: { operationId: 'updateTemplateRequest', summary: 'Change a template request and submit it again', tags, description: editDescription, params: idParams, body: templateRequestBody, response: { 200: dataResponse(templateRequest) } } }, edit);
  app.put('/merchant/template/:id', { config: write, schema: { operationId: 'updateTemplate', summary: 'Change a console template and submit it again', tags, description: editDescription, params: idParams, body: templateRequestBody, response: { 200: dataResponse(templateRequest) } } }, edit);

  app.get(
    '/merchant/template/new/:id',
    { config: { access: tenantAccess('VIEW_REQUEST_TEMPLATE', zns) }, schema: { operationId: 'getTemplateRequest', summary: 'Get a template request', tags, description: 'One console template (draft or request) with its layout in `payload`.', params: idParams, response: { 200: dataResponse(templateRequest) } } },
    async (req) => ({ data: await findTemplateRequest(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.post(
    '/merchant/template/update-draft',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_DRAFT_SAVE' },
      schema: {
        operationId: 'saveTemplateDraft',
        summary: 'Save a template draft',
        tags,
        description: 'Saves a draft (status DRAFT): no review and no Zalo call, only the OA required; Zalo’s rules are checked on submission. Without `id` a new draft; with it that draft is replaced (409 TEMPLATE_REQUEST_NOT_EDITABLE once submitted).',
        body: templateDraftBody,
        response: { 200: dataResponse(templateRequest) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await saveDraft(tx, actorOf(req.ctx), scope, req.body);
        await record({ targetType: 'template_request', targetId: after.id, before: before?.payload ?? null, after: req.body });
        return after;
      });
      return { data };
    },
  );

  app.post(
    '/merchant/template/:id/copy',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_COPY' },
      schema: {
        operationId: 'copyTemplate',
        summary: 'Copy a template into a new draft',
        tags,
        description: 'A new draft from a console template (layout, params, samples, images) or a library template (Zalo gives no layout: a title and a paragraph naming its parameters). The name takes “ (copy)”.',
        params: idParams,
        response: { 200: dataResponse(templateRequest) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const copy = await copyTemplate(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ targetType: 'template_request', targetId: copy.id, before: { from: req.params.id }, after: { name: copy.name } });
        return copy;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/template/:id',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_DELETE' },
      schema: { operationId: 'deleteTemplate', summary: 'Delete a template draft', tags, description: 'Deletes a draft. 409 TEMPLATE_NOT_DELETABLE for a submitted or library template (Zalo has no API to delete one).', params: idParams, response: { 200: dataResponse(z.object({ id: z.uuid() })) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const row = await deleteDraft(tx, scope, req.params.id);
        await record({ targetType: 'template_request', targetId: row.id, before: { name: row.name, payload: row.payload }, after: null });
      });
      return { data: { id: req.params.id } };
    },
  );

  app.post(
    '/merchant/template/upload-image',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_UPLOAD_IMAGE' },
      schema: {
        operationId: 'uploadTemplateImage',
        summary: 'Upload a template image to Zalo',
        tags,
        consumes: ['multipart/form-data'],
        description: `multipart: \`zaloOAId\` and \`file\` (JPG or PNG by content, ≤ ${ZNS_LAYOUT_LIMITS.upload.maxBytes / 1024} KB) → Zalo’s /upload/image → \`mediaId\` for a LOGO or IMAGE component, and \`url\` (the console’s copy, for the preview). 415 for another type and 413 when larger, before Zalo is called.`,
        response: { 200: dataResponse(templateImage) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const maxBytes = ZNS_LAYOUT_LIMITS.upload.maxBytes;
      let form: Awaited<ReturnType<typeof readImageForm>>;
      try {
        form = await readImageForm(req, maxBytes);
      } catch (err) {
        const tooLarge = err instanceof AppError ? err.code === 'PAYLOAD_TOO_LARGE' : (err as { statusCode?: number }).statusCode === 413;
        if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', `The image must be at most ${maxBytes / 1024} KB`, { fields: [{ path: 'file', code: 'too_big', message: `at most ${maxBytes / 1024} KB` }] });
        throw err;
      }
      const fields = parseFormFields(templateImageFields, form.fields);
      if (!form.image) throw new AppError('VALIDATION_FAILED', 'A JPG or PNG file is required', { fields: [{ path: 'file', code: 'required', message: 'A JPG or PNG file is required' }] });
      const image = form.image;
      const { mediaId } = await uploadTemplateImage(deps.db, deps.zalo, scope, fields.zaloOAId, image);
      const key = await deps.files.put(image.buf, image.type);
      await recordTenantUpload(deps.db, req.ctx, 'template', [{ key, name: `zns-image-${mediaId}`, contentType: image.type, size: image.buf.length }]);
      const data = { mediaId, url: deps.files.url(key) };
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'ZNS_TEMPLATE_UPLOAD_IMAGE', { targetType: 'zalo_oa', targetId: fields.zaloOAId, after: { mediaId, size: image.buf.length, type: image.type } })));
      req.ctx.auditWritten = true;
      return { data };
    },
  );

  app.post(
    '/merchant/template/copy-image',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_UPLOAD_IMAGE' },
      schema: {
        operationId: 'copyTemplateImage',
        summary: 'Reuse a template image for another official account',
        tags,
        description: 'Sends an image a template of the tenant already uses (its `mediaId`; the console keeps a copy) to Zalo again for `zaloOAId` → the new `mediaId` (a template copied to another OA keeps its logo and images). 404 for a media id no template of the tenant uses.',
        body: templateCopyImageBody,
        response: { 200: dataResponse(templateImage) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await copyTemplateImage(deps.db, deps.zalo, deps.files, scope, req.body);
      await deps.db.transaction((tx) => appendAudit(tx, auditFromCtx(req.ctx, 'ZNS_TEMPLATE_UPLOAD_IMAGE', { targetType: 'zalo_oa', targetId: req.body.zaloOAId, before: { mediaId: req.body.mediaId }, after: { mediaId: data.mediaId } })));
      req.ctx.auditWritten = true;
      return { data };
    },
  );

  app.get(
    '/merchant/template/rating',
    {
      config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY', 'VIEW_REQUEST_TEMPLATE'], zns) },
      schema: { operationId: 'getTemplateRating', summary: 'Get a template\'s customer ratings', tags, description: 'Customer ratings of a template from Zalo (`/rating/get`, default the last 30 days) with its quality (HIGH, MEDIUM, LOW, UNDEFINED). `id`: a library template or a console template.', querystring: templateRatingQuery, response: { 200: dataResponse(templateRatings) } },
    },
    async (req) => ({ data: await readTemplateRatings(deps.db, deps.zalo, tenantScope(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/template/preview/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { operationId: 'previewTemplate', summary: 'Preview a ZNS template', tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(z.object({ previewUrl: z.string().nullable() })) } } },
    async (req) => {
      const row = await findTemplate(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id);
      return { data: { previewUrl: row.previewUrl } };
    },
  );

  app.get(
    '/merchant/template/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { operationId: 'getTemplate', summary: 'Get a ZNS template', tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(znsTemplate) } } },
    async (req) => ({ data: await findTemplate(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );
}

