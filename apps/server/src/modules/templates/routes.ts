import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import {
  syncResult,
  templateListQuery,
  templateRequest,
  templateRequestBody,
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
import { editTemplateRequest, findTemplate, findTemplateRequests, findTemplates, requestTemplate, syncTemplates } from './service';
import { appendAudit, auditFromCtx } from '../../platform/audit';

const tags = ['Templates'];
const zns = 'znsService' as const;

/** ZNS template library (§2.2 ZNS menu, §7 Templates): sync, list, detail, lookups, requests. */
export function registerTemplateRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/template',
    {
      config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns) },
      schema: { tags, description: 'Each template carries `abilities.view` (detail and preview).', querystring: templateListQuery, response: { 200: listResponse(znsTemplate) } },
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
    { config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns), audit: 'ZNS_TEMPLATE_SYNC' }, schema: { tags, response: { 200: dataResponse(syncResult) } } },
    sync,
  );
  app.post(
    '/merchant/template/sync',
    { config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns), audit: 'ZNS_TEMPLATE_SYNC' }, schema: { tags, response: { 200: dataResponse(syncResult) } } },
    sync,
  );

  app.get('/merchant/template/template-zns-type', { config: { access: tenantAccess() }, schema: { tags, response: { 200: dataResponse(z.array(z.object({ value: z.number(), name: z.string() }))) } } }, async () => ({
    data: ZNS_TEMPLATE_KINDS.map((k) => ({ ...k })),
  }));
  app.get('/merchant/template/template-zns-tag', { config: { access: tenantAccess() }, schema: { tags, response: { 200: dataResponse(z.array(z.string())) } } }, async () => ({
    data: [...ZNS_TEMPLATE_TAGS],
  }));
  app.get(
    '/merchant/template/template-button',
    { config: { access: tenantAccess() }, schema: { tags, response: { 200: dataResponse(z.array(z.object({ type: z.string(), payload: z.string() }))) } } },
    async () => ({ data: TEMPLATE_BUTTON_TYPES.map((b) => ({ ...b })) }),
  );

  app.get(
    '/merchant/template/new',
    {
      config: { access: tenantAccess('VIEW_REQUEST_TEMPLATE', zns) },
      schema: { tags, description: 'Each request carries `abilities.viewTemplate` (its approved template can be opened).', querystring: pageQuery, response: { 200: listResponse(templateRequest) } },
    },
    async (req) => {
      const r = await findTemplateRequests(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.post(
    '/merchant/template/new',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_REQUEST' },
      schema: {
        tags,
        description:
          'Stores a request for a new ZNS template and submits it for the tenant’s internal review (ZNS_TEMPLATE workflow; `taskId`, `taskStatus`). Once approved it is submitted to Zalo (SUBMITTED, or FAILED with Zalo’s message) and its status follows Zalo review (change_template_status webhooks); an internal rejection ends it REJECTED with the note.',
        body: templateRequestBody,
        response: { 200: dataResponse(templateRequest) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const created = await requestTemplate(tx, actorOf(req.ctx), scope, req.body);
        await record({ targetType: 'template_request', targetId: created.id, after: req.body });
        return created;
      });
      return { data };
    },
  );

  app.put(
    '/merchant/template/new/:id',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_REQUEST' },
      schema: {
        tags,
        description: 'Changes a request still waiting for its internal review (`abilities.edit`): the pending review is voided and the new content submitted again. 409 TEMPLATE_REQUEST_NOT_EDITABLE once the review decided.',
        params: z.strictObject({ id: z.uuid() }),
        body: templateRequestBody,
        response: { 200: dataResponse(templateRequest) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await editTemplateRequest(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ targetType: 'template_request', targetId: after.id, before: before.payload, after: req.body });
        return after;
      });
      return { data };
    },
  );

  app.get(
    '/merchant/template/preview/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(z.object({ previewUrl: z.string().nullable() })) } } },
    async (req) => {
      const row = await findTemplate(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id);
      return { data: { previewUrl: row.previewUrl } };
    },
  );

  app.get(
    '/merchant/template/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(znsTemplate) } } },
    async (req) => ({ data: await findTemplate(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );
}

