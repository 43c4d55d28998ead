import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
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
import { requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { templateRequests } from '../../db/schema/templates';
import { zaloOas } from '../../db/schema/zalo-oa';
import { findTemplate, findTemplates, presentTemplate, syncTemplates, tenantDiscount } from './service';
import { appendAudit, auditFromCtx } from '../../platform/audit';

const tags = ['Templates'];
const zns = 'znsService' as const;

/** ZNS template library (§2.2 ZNS menu, §7 Templates): sync, list, detail, lookups, requests. */
export function registerTemplateRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/template',
    { config: { access: tenantAccess(['LIST_TEMPLATE_LIBRARY', 'VIEW_TEMPLATE'], zns) }, schema: { tags, querystring: templateListQuery, response: { 200: listResponse(znsTemplate) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const q = req.query;
      const [{ rows, total }, discount] = await Promise.all([
        findTemplates(deps.db, tenantId, { tag: q.templateZNSType, status: q.status, zaloOAId: q.zaloOAId, name: q.name, limit: q.size, offset: offsetOf(q) }),
        tenantDiscount(deps.db, tenantId),
      ]);
      return paged(rows.map((r) => presentTemplate(r, discount)), total, q);
    },
  );

  // A GET that writes (spec §7 names it so); it records its audit entry like a mutation.
  const sync = async (req: FastifyRequest) => {
    const tenantId = requireTenant(req.ctx);
    const result = await syncTemplates(deps.db, deps.zalo, tenantId);
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
    { config: { access: tenantAccess('VIEW_REQUEST_TEMPLATE', zns) }, schema: { tags, querystring: pageQuery, response: { 200: listResponse(templateRequest) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const rows = await deps.db.select().from(templateRequests).where(eq(templateRequests.tenantId, tenantId)).orderBy(desc(templateRequests.createdAt)).limit(req.query.size).offset(offsetOf(req.query));
      const [c] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(templateRequests).where(eq(templateRequests.tenantId, tenantId));
      return paged(rows.map(presentRequest), c?.n ?? 0, req.query);
    },
  );

  app.post(
    '/merchant/template/new',
    {
      config: { access: tenantAccess('REQUEST_TEMPLATE', zns), audit: 'ZNS_TEMPLATE_REQUEST' },
      schema: { tags, description: 'Stores a request for a new ZNS template; its status follows Zalo review (change_template_status webhooks).', body: templateRequestBody, response: { 200: dataResponse(templateRequest) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const [oa] = await deps.db.select({ id: zaloOas.id }).from(zaloOas).where(and(eq(zaloOas.tenantId, tenantId), eq(zaloOas.id, req.body.zaloOAId)));
      if (!oa) throw notFound();
      const row = await runMutation(deps.db, req, async (tx, record) => {
        const [created] = await tx
          .insert(templateRequests)
          .values({ tenantId, zaloOaId: oa.id, name: req.body.name, payload: req.body, createdBy: requireUser(req.ctx).id })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await record({ targetType: 'template_request', targetId: created.id, after: req.body });
        return created;
      });
      return { data: presentRequest(row) };
    },
  );

  app.get(
    '/merchant/template/preview/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(z.object({ previewUrl: z.string().nullable() })) } } },
    async (req) => {
      const row = await findTemplate(deps.db, requireTenant(req.ctx), req.params.id);
      if (!row) throw notFound();
      return { data: { previewUrl: row.previewUrl } };
    },
  );

  app.get(
    '/merchant/template/:id',
    { config: { access: tenantAccess(['VIEW_TEMPLATE', 'LIST_TEMPLATE_LIBRARY'], zns) }, schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: dataResponse(znsTemplate) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const row = await findTemplate(deps.db, tenantId, req.params.id);
      if (!row) throw notFound();
      return { data: presentTemplate(row, await tenantDiscount(deps.db, tenantId)) };
    },
  );
}

function presentRequest(r: typeof templateRequests.$inferSelect) {
  return {
    id: r.id,
    zaloOAId: r.zaloOaId,
    name: r.name,
    status: r.status as 'PENDING',
    znsTemplateId: r.znsTemplateId,
    error: r.error,
    payload: r.payload,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
