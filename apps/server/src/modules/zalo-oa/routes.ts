import { z } from 'zod';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { createOaBody, updateOaBody, zaloOa, zaloOaDetail } from '@zc/shared/api/zalo-oa';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { oaView, presentOaDetail } from './presenter';
import { changeOa, connectOa, findOaDetail, findOas } from './service';

const tags = ['Official accounts'];
const idParams = z.strictObject({ id: z.uuid() });

/** Connected Zalo OAs (§3 Zalo OA, §4 gate, §7 Official accounts); each OA carries its `abilities`. */
export function registerZaloOaRoutes(app: ZodApp, deps: ModuleDeps): void {
  // Every tenant member may see which OAs exist (the §4 gate needs it); details need a permission.
  app.get(
    '/merchant/zalo-oa/list-oa',
    { config: { access: tenantAccess() }, schema: { operationId: 'listZaloOas', summary: 'List the tenant\'s official accounts', tags, response: { 200: dataResponse(z.array(zaloOa)) } } },
    async (req) => ({ data: (await findOas(deps.db, actorOf(req.ctx), tenantScope(req.ctx))).rows }),
  );

  app.get(
    '/merchant/zalo-oa/assets',
    { config: { access: tenantAccess() }, schema: { operationId: 'listZaloOaAssets', summary: 'List the official accounts with their assets', tags, querystring: pageQuery.extend({ size: pageQuery.shape.size.default(999) }), response: { 200: listResponse(zaloOa) } } },
    async (req) => {
      const { rows, total } = await findOas(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query.size, offsetOf(req.query));
      return paged(rows, total, req.query);
    },
  );

  app.post(
    '/merchant/zalo-oa',
    {
      config: { access: tenantAccess('CREATE_ZALO_OA'), audit: 'ZALO_OA_CREATE' },
      schema: {
        operationId: 'createZaloOa',
        summary: 'Connect an official account',
        tags,
        description: 'Connects an OA with its seven credentials. The access token is checked against Zalo (getoa) first; credentials are stored encrypted and never returned.',
        body: createOaBody,
        response: { 200: dataResponse(zaloOaDetail) },
      },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const row = await connectOa(deps, actor, tenantScope(req.ctx), req.body, (work) =>
        runMutation(deps.db, req, async (tx, record) => {
          const created = await work(tx);
          await record({ targetType: 'zalo_oa', targetId: created.id, after: oaView(created) });
          return created;
        }),
      );
      return { data: presentOaDetail(actor, row, deps.cipher, deps.config.publicUrl) };
    },
  );

  app.get(
    '/merchant/zalo-oa/:id',
    { config: { access: tenantAccess(['VIEW_ZALO_OA_SERVICE', 'VIEW_ZALO_OA_CREDENTIAL', 'UPDATE_ZALO_OA']) }, schema: { operationId: 'getZaloOa', summary: 'Get an official account', tags, params: idParams, response: { 200: dataResponse(zaloOaDetail) } } },
    async (req) => ({ data: await findOaDetail(deps.db, actorOf(req.ctx), tenantScope(req.ctx), deps.cipher, deps.config.publicUrl, req.params.id) }),
  );

  app.put(
    '/merchant/zalo-oa/:id',
    {
      config: { access: tenantAccess(['UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO', 'UPDATE_ZALO_OA_CREDENTIAL']), audit: 'ZALO_OA_UPDATE' },
      schema: { operationId: 'updateZaloOa', summary: 'Rename an official account or replace its credentials', tags, description: 'Renames (abilities.rename) and/or replaces credentials (abilities.updateCredentials); 403 for a part the caller may not change.', params: idParams, body: updateOaBody, response: { 200: dataResponse(zaloOaDetail) } },
    },
    async (req) => {
      const actor = actorOf(req.ctx);
      const r = await changeOa(deps, actor, tenantScope(req.ctx), req.params.id, req.body, (work) =>
        runMutation(deps.db, req, async (tx, record) => {
          const done = await work(tx);
          await record({ targetType: 'zalo_oa', targetId: done.after.id, before: oaView(done.before), after: { ...oaView(done.after), credentialsChanged: Boolean(req.body.zoaSecretKey || req.body.zoaWebhookSecretKey || req.body.zoaAccessToken || req.body.zoaRefreshToken) } });
          return done;
        }),
      );
      return { data: presentOaDetail(actor, r.after, deps.cipher, deps.config.publicUrl) };
    },
  );
}
