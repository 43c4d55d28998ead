import { z } from 'zod';
import { dataResponse, listResponse } from '@zc/shared/api/common';
import { broadcast, broadcastApproveBody, broadcastAttributeQuery, broadcastCity, broadcastCreateBody, broadcastListQuery, broadcastPayload } from '@zc/shared/api/broadcasts';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { appendAudit, auditFromCtx } from '../../platform/audit';
import { BROADCAST_CITY_TABLE } from './cities';
import { createBroadcasts, decideBroadcast, deleteBroadcast, editBroadcast, findBroadcast, findBroadcasts } from './service';

const tags = ['OA broadcasts'];
const base = '/merchant/oa-content/broadcast';
const params = z.strictObject({ id: z.uuid() });
const ids = (s: string | undefined) => (s ? s.split(',').map((x) => x.trim()).filter((x) => z.uuid().safeParse(x).success) : undefined);

/** OA broadcasts (§2.3–§2.6, §7 Broadcast): list, detail, create (one per OA), update, delete, decide, the city list. */
export function registerBroadcastRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    `${base}/getList`,
    {
      config: { access: tenantAccess('VIEW_ZALO_OA_CONTENT', 'oaService') },
      schema: { operationId: 'listBroadcasts', summary: 'List the OA broadcasts', tags, description: 'Broadcasts of the tenant (one per OA), newest first; filters type (the §2.3 content-type tab), status, zaloOAId and teamIds (comma-joined), title. Each carries `abilities` and its per-OA send outcome.', querystring: broadcastListQuery, response: { 200: listResponse(broadcast) } },
    },
    async (req) => {
      const q = req.query;
      const r = await findBroadcasts(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { contentType: q.type, status: q.status, title: q.title, teamIds: ids(q.teamIds), zaloOaIds: ids(q.zaloOAId), direction: q.orderBy.direction, limit: q.size, offset: offsetOf(q) });
      return paged(r.rows, r.total, q);
    },
  );

  app.get(`${base}/detail/:id`, { config: { access: tenantAccess('VIEW_ZALO_OA_CONTENT', 'oaService') }, schema: { operationId: 'getBroadcast', summary: 'Get an OA broadcast', tags, params, response: { 200: dataResponse(broadcast) } } }, async (req) => ({
    data: await findBroadcast(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id),
  }));

  app.get(
    `${base}/attribute`,
    { config: { access: tenantAccess('VIEW_ZALO_OA_CONTENT', 'oaService') }, schema: { operationId: 'listBroadcastAttributes', summary: 'List Zalo\'s broadcast targeting codes', tags, description: 'Zalo broadcast province codes (CODE_PROVINCE_CITY_ZALO). Codes 42–62 carry `inferred: true`: their order is inferred, not confirmed by Zalo.', querystring: broadcastAttributeQuery, response: { 200: dataResponse(z.array(broadcastCity)) } } },
    async () => ({ data: BROADCAST_CITY_TABLE.map((c) => ({ ...c, districts: [...c.districts] })) }),
  );

  app.post(
    `${base}/create`,
    {
      config: { access: tenantAccess('CREATE_ZALO_OA_CONTENT', 'oaService'), audit: 'OA_BROADCAST_CREATE' },
      schema: {
        operationId: 'createBroadcasts',
        summary: 'Create OA broadcasts, one per official account',
        tags,
        description:
          'One broadcast per per-OA payload. status DRAFT saves it hidden; PENDING_REVIEW submits it for review (OA_BROADCAST workflow). 422 BROADCAST_INVALID names the rule (NO_CONTENT, TOO_MANY_CONTENTS, DUPLICATE_CONTENT, CONTENT_NOT_PUBLISHED, PAST_SCHEDULE, CITY_UNKNOWN) and the field; nothing is stored then.',
        body: broadcastCreateBody,
        response: { 200: dataResponse(z.array(broadcast)) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const created = await createBroadcasts(tx, actorOf(req.ctx), scope, req.body);
        for (const b of created) await record({ targetType: 'oa_broadcast', targetId: b.id, after: { name: b.nameBroadcast, status: b.status, zaloOAId: b.zaloOA[0]?.id, scheduleTime: b.scheduleTime, contents: b.attachment.map((a) => a.id) } });
        return created;
      });
      return { data };
    },
  );

  app.patch(
    `${base}/update/:id`,
    {
      config: { access: tenantAccess(['CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT'], 'oaService'), audit: 'OA_BROADCAST_UPDATE' },
      schema: { operationId: 'updateBroadcast', summary: 'Change an OA broadcast', tags, description: 'Changes a draft, a broadcast in review (its review is voided; PENDING_REVIEW submits the new version) or a rejected one. 409 BROADCAST_NOT_EDITABLE once approved.', params, body: broadcastPayload, response: { 200: dataResponse(broadcast) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await editBroadcast(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ targetType: 'oa_broadcast', targetId: after.id, before: { name: before.name, status: before.status, scheduleTime: before.scheduleTime, contents: before.contentIds }, after: { name: after.nameBroadcast, status: after.status, scheduleTime: after.scheduleTime, contents: after.attachment.map((a) => a.id) } });
        return after;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/delete/:id`,
    {
      config: { access: tenantAccess(['CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT', 'DELETE_ZALO_OA_CONTENT'], 'oaService'), audit: 'OA_BROADCAST_DELETE' },
      schema: { operationId: 'deleteBroadcast', summary: 'Delete an OA broadcast', tags, description: '§4: a draft is deleted by its composers; any other broadcast only with DELETE_ZALO_OA_CONTENT (403 otherwise). An approved one not yet sent is not sent.', params, response: { 200: dataResponse(z.object({ ok: z.literal(true) })) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const row = await deleteBroadcast(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ targetType: 'oa_broadcast', targetId: row.id, before: { name: row.name, status: row.status, sendState: row.sendState } });
      });
      return { data: { ok: true as const } };
    },
  );

  app.patch(
    `${base}/approved/:id`,
    {
      // Recorded as TASK_APPROVE or TASK_REJECT by the decision.
      config: { access: tenantAccess('UPDATE_TENANT_TASK', 'oaService'), audit: 'TASK_APPROVE' },
      schema: { operationId: 'approveBroadcast', summary: 'Approve or reject an OA broadcast', tags, description: 'The next approver approves or rejects the broadcast through its review (comment required). 403 when it is not their turn; 409 once decided.', params, body: broadcastApproveBody, response: { 200: dataResponse(broadcast) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const data = await deps.db.transaction(async (tx) => {
        const out = await decideBroadcast(tx, actor, scope, req.params.id, req.body);
        await appendAudit(tx, auditFromCtx(req.ctx, req.body.approval ? 'TASK_APPROVE' : 'TASK_REJECT', { tenantId: scopedTenantId(scope), targetType: 'oa_broadcast', targetId: out.id, after: { status: out.status, comment: req.body.comment } }));
        req.ctx.auditWritten = true;
        return out;
      });
      return { data };
    },
  );
}
