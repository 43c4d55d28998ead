import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { dataResponse, errorResponse, listResponse, okResponse } from '@zc/shared/api/common';
import {
  ZMA_EXPORT_MAX_ROWS,
  ZMA_LOGO_MAX_BYTES,
  assignZmaRoleBody,
  createMiniAppBody,
  createZmaApiKeyBody,
  createZmaRoleBody,
  miniApp,
  miniAppIdParams,
  updateMiniAppBody,
  updateZmaRoleBody,
  updateZmaSettingsBody,
  zmaActivityExportQuery,
  zmaActivityQuery,
  zmaActivityRow,
  zmaApiKey,
  zmaApiKeyParams,
  zmaApiKeyWithSecret,
  zmaHistoryExportQuery,
  zmaHistoryQuery,
  zmaMe,
  zmaRole,
  zmaRoleParams,
  zmaSettings,
  zmaUploadResult,
  zmaUser,
  zmaUserParams,
  zmaUserQuery,
  zmaV1App,
  type ZmaActivityRow,
} from '@zc/shared/api/zma-apps';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { findTenantAccess, findZmaAccess, tenantPermissions } from '../../platform/access';
import { publicAccess, requireTenant, requireUser, requireZmaApp, tenantAccess, zmaAccess } from '../../platform/context';
import { CSV_BOM, csvRow } from '../../platform/csv';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { readImageForm } from '../../platform/files';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { ACTIVITY_CSV_HEADER, activityCsvCells } from './presenter';
import {
  assignZmaRole,
  createMiniApp,
  createZmaApiKey,
  createZmaRole,
  deleteMiniApp,
  deleteZmaRole,
  findZmaApp,
  getZmaRole,
  getZmaSettings,
  iterateZmaActivity,
  listMiniApps,
  listZmaActivity,
  listZmaApiKeys,
  listZmaRoles,
  listZmaUsers,
  presentZmaApp,
  requireZmaApiKey,
  revokeZmaApiKey,
  updateMiniApp,
  updateZmaRole,
  updateZmaSettings,
  zmaApiKeyOnRequest,
  zmaApiRateLimit,
  zmaAppOfTenant,
} from './service';
import { recordTenantUpload } from '../tenant-files/service';

const tags = ['Mini app'];
const miniAppService = 'isMiniAppEnabled' as const;
const base = '/zma/merchant';

function paged<T>(data: T[], total: number, q: { page: number; pageSize: number }) {
  return { data, meta: { total, page: q.page, size: q.pageSize } };
}

async function sendActivityCsv(reply: FastifyReply, name: string, rows: AsyncGenerator<ZmaActivityRow[]>) {
  async function* csv() {
    yield `${CSV_BOM}${csvRow(ACTIVITY_CSV_HEADER)}`;
    for await (const batch of rows) yield batch.map((r) => csvRow(activityCsvCells(r))).join('');
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .send(Readable.from(csv()));
}

/** Mini apps of a tenant (issue 14 #1, #2): registry, switcher, API keys, roles and users, settings, history. */
export function registerMiniAppRoutes(app: ZodApp, deps: ModuleDeps): void {
  registerRegistryRoutes(app, deps);
  registerInsideRoutes(app, deps);
  registerPublicApiRoutes(app, deps);
}

/** §1: the registry (tenant access, no x-zma-id). */
function registerRegistryRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    `${base}/mini-app`,
    {
      config: { access: tenantAccess(undefined, miniAppService) },
      schema: {
        operationId: 'listMiniApps',
        summary: 'The mini apps the caller may open',
        tags,
        description: 'Every mini app of the tenant for a holder of any mini-app permission at tenant level (user group or organisation role); otherwise only those where the caller has a mini-app role (§6). Never the app secret.',
        response: { 200: dataResponse(miniApp.array()) },
      },
    },
    async (req) => ({ data: await listMiniApps(deps.db, actorOf(req.ctx), tenantScope(req.ctx)) }),
  );

  app.post(
    `${base}/mini-app`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: 'ZMA_APP_CREATE' },
      schema: {
        operationId: 'createMiniApp',
        summary: 'Register a mini app',
        tags,
        description: 'The app secret is sealed at rest (AES-256-GCM) and never answered. 409 ZMA_APP_ID_TAKEN naming zaloAppId when the Zalo app id is registered already; 400 naming zaloOaId for an OA of another tenant.',
        body: createMiniAppBody,
        response: { 200: dataResponse(miniApp) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createMiniApp(tx, deps.cipher, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_app', targetId: r.row.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.post(
    `${base}/mini-app/logo`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: { none: 'stores an image only; the mini app takes it with its create or update, which is audited' } },
      schema: {
        operationId: 'uploadMiniAppLogo',
        summary: 'Upload a mini app logo',
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart `file`: JPG or PNG by content, at most 2 MB (413 when larger, 415 for another type). Answers the `url` to send as a mini app\'s `logo`.',
        response: { 200: dataResponse(zmaUploadResult) },
      },
    },
    async (req) => {
      let form: Awaited<ReturnType<typeof readImageForm>>;
      try {
        form = await readImageForm(req, ZMA_LOGO_MAX_BYTES);
      } catch (err) {
        const tooLarge = err instanceof AppError ? err.code === 'PAYLOAD_TOO_LARGE' : (err as { statusCode?: number }).statusCode === 413;
        if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', 'The logo must be at most 2 MB', { fields: [{ path: 'file', code: 'too_big', message: 'at most 2 MB' }] });
        throw err;
      }
      if (Object.keys(form.fields).length > 0) throw fieldError(Object.keys(form.fields)[0] ?? 'body', 'Unknown field', 'unrecognized_keys');
      if (!form.image) throw fieldError('file', 'A JPG or PNG file is required', 'required');
      const url = deps.files.url(await deps.files.put(form.image.buf, form.image.type));
      await recordTenantUpload(deps.db, req.ctx, 'mini-app', [{ key: url, name: 'logo', contentType: form.image.type, size: form.image.buf.length }]);
      return { data: { url } };
    },
  );

  app.patch(
    `${base}/mini-app/:id`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: 'ZMA_APP_UPDATE' },
      schema: {
        operationId: 'updateMiniApp',
        summary: 'Edit a mini app or rotate its secret',
        tags,
        description: 'name, logo, zaloOaId, status; `appSecret` replaces the secret (sealed; never answered). Another tenant\'s id answers 404.',
        params: miniAppIdParams,
        body: updateMiniAppBody,
        response: { 200: dataResponse(miniApp) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateMiniApp(tx, deps.cipher, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_app', targetId: req.params.id, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/mini-app/:id`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: 'ZMA_APP_DELETE' },
      schema: {
        operationId: 'deleteMiniApp',
        summary: 'Delete a mini app',
        tags,
        description: 'Removes the mini app with everything in it (branches, gifts, codes, draws, customers, keys). Another tenant\'s id answers 404.',
        params: miniAppIdParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await deleteMiniApp(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_app', targetId: req.params.id, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    `${base}/mini-app/:id/api-keys`,
    {
      config: { access: tenantAccess('VIEW_ZMA_SETING', miniAppService) },
      schema: {
        operationId: 'listMiniAppApiKeys',
        summary: 'API keys of a mini app',
        tags,
        description: 'Keys the tenant\'s own backend calls `/api/zma/v1/*` with: display prefix only, never the secret. Another tenant\'s id answers 404.',
        params: miniAppIdParams,
        response: { 200: dataResponse(zmaApiKey.array()) },
      },
    },
    async (req) => ({ data: await listZmaApiKeys(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id) }),
  );

  app.post(
    `${base}/mini-app/:id/api-keys`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: 'ZMA_API_KEY_CREATE' },
      schema: {
        operationId: 'createMiniAppApiKey',
        summary: 'Create an API key for a mini app',
        tags,
        description: '`data.secret` is answered once; only its SHA-256 is stored.',
        params: miniAppIdParams,
        body: createZmaApiKeyBody,
        response: { 200: dataResponse(zmaApiKeyWithSecret) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createZmaApiKey(tx, actorOf(req.ctx), scope, req.params.id, req.body.name);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_api_key', targetId: r.row.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/mini-app/:id/api-keys/:keyId`,
    {
      config: { access: tenantAccess('UPDATE_ZMA_SETTING', miniAppService), audit: 'ZMA_API_KEY_REVOKE' },
      schema: {
        operationId: 'revokeMiniAppApiKey',
        summary: 'Revoke an API key of a mini app',
        tags,
        description: 'The key stops working at once; 409 when it is revoked already.',
        params: zmaApiKeyParams,
        response: { 200: dataResponse(zmaApiKey) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await revokeZmaApiKey(tx, actorOf(req.ctx), scope, req.params.id, req.params.keyId);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_api_key', targetId: req.params.keyId, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.get(
    `${base}/history`,
    {
      config: { access: tenantAccess('VIEW_ZMA_USER_HISTORY', miniAppService) },
      schema: {
        operationId: 'listZmaHistory',
        summary: 'Activity of every mini app of the tenant',
        tags,
        description: 'Newest first; filters zmaAppId, kind, from, to (ISO). A zmaAppId of another tenant answers 404.',
        querystring: zmaHistoryQuery,
        response: { 200: listResponse(zmaActivityRow) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const { page, pageSize, ...filter } = req.query;
      if (filter.zmaAppId && !(await zmaAppOfTenant(deps.db, scope, filter.zmaAppId))) throw notFound();
      const r = await listZmaActivity(deps.db, scope, filter, { page, pageSize });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.get(
    `${base}/history/export`,
    {
      config: { access: tenantAccess('VIEW_ZMA_USER_HISTORY', miniAppService) },
      schema: {
        operationId: 'exportZmaHistory',
        summary: 'Activity of every mini app of the tenant as CSV',
        tags,
        description: `Same filters as the list; newest first, at most ${ZMA_EXPORT_MAX_ROWS} rows.`,
        querystring: zmaHistoryExportQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const scope = tenantScope(req.ctx);
      if (req.query.zmaAppId && !(await zmaAppOfTenant(deps.db, scope, req.query.zmaAppId))) throw notFound();
      return sendActivityCsv(reply, 'mini-app-history', iterateZmaActivity(deps.db, scope, req.query, ZMA_EXPORT_MAX_ROWS));
    },
  );
}

/** §1b: inside one mini app (x-zma-id; permissions are the §6 union with the user's role there). */
function registerInsideRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    `${base}/me`,
    {
      config: { access: zmaAccess() },
      schema: {
        operationId: 'getZmaMe',
        summary: 'The open mini app and the caller\'s permissions in it',
        tags,
        description: 'The §6 union (organisation role ∪ user group ∪ this mini app\'s role) the console gates the mini-app menu and pages with.',
        response: { 200: dataResponse(zmaMe) },
      },
    },
    async (req) => {
      const user = requireUser(req.ctx);
      const tenantId = requireTenant(req.ctx);
      const zmaAppId = requireZmaApp(req.ctx);
      const grant = await findTenantAccess(deps.db, user.id, tenantId);
      const zma = await findZmaAccess(deps.db, user.id, tenantId, zmaAppId);
      if (!grant || !zma) throw new AppError('ZMA_APP_ACCESS_DENIED');
      const tenantLevel = new Set(tenantPermissions(grant));
      const permissions = tenantPermissions(grant, zma.permissions).sort();
      return { data: { miniApp: await presentZmaApp(deps.db, tenantScope(req.ctx), zmaAppId, tenantLevel), permissions } };
    },
  );

  app.get(
    `${base}/settings`,
    {
      config: { access: zmaAccess('VIEW_ZMA_SETING') },
      schema: { operationId: 'getZmaSettings', summary: 'Settings of the mini app', tags, description: 'Defaults for whatever was never set.', response: { 200: dataResponse(zmaSettings) } },
    },
    async (req) => {
      const settings = await getZmaSettings(deps.db, requireZmaApp(req.ctx));
      if (!settings) throw notFound();
      return { data: settings };
    },
  );

  app.put(
    `${base}/settings`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_SETTING'), audit: 'ZMA_SETTINGS_UPDATE' },
      schema: {
        operationId: 'updateZmaSettings',
        summary: 'Change the settings of the mini app',
        tags,
        description: 'Fields left out keep their value. Answers the whole settings.',
        body: updateZmaSettingsBody,
        response: { 200: dataResponse(zmaSettings) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const zmaAppId = requireZmaApp(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateZmaSettings(tx, scope, zmaAppId, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_app', targetId: zmaAppId, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );

  app.get(
    `${base}/role`,
    {
      config: { access: zmaAccess('VIEW_ZMA_ROLE') },
      schema: { operationId: 'listZmaRoles', summary: 'Staff roles of the mini app', tags, response: { 200: dataResponse(zmaRole.array()) } },
    },
    async (req) => ({ data: await listZmaRoles(deps.db, actorOf(req.ctx), tenantScope(req.ctx), requireZmaApp(req.ctx)) }),
  );

  app.post(
    `${base}/role`,
    {
      config: { access: zmaAccess('CREATE_ZMA_ROLE'), audit: 'ZMA_ROLE_CREATE' },
      schema: {
        operationId: 'createZmaRole',
        summary: 'Create a staff role of the mini app',
        tags,
        description: 'permissions only from the §6 mini-app permissions (400 naming permissions otherwise); 409 naming name when the mini app has a role of that name.',
        body: createZmaRoleBody,
        response: { 200: dataResponse(zmaRole) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const zmaAppId = requireZmaApp(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await createZmaRole(tx, actorOf(req.ctx), scope, zmaAppId, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_role', targetId: r.row.id, after: r.audit });
        return r.view;
      });
      return { data };
    },
  );

  app.get(
    `${base}/role/:roleId`,
    {
      config: { access: zmaAccess('VIEW_ZMA_ROLE') },
      schema: { operationId: 'getZmaRole', summary: 'A staff role of the mini app', tags, params: zmaRoleParams, response: { 200: dataResponse(zmaRole) } },
    },
    async (req) => ({ data: await getZmaRole(deps.db, actorOf(req.ctx), tenantScope(req.ctx), requireZmaApp(req.ctx), req.params.roleId) }),
  );

  app.patch(
    `${base}/role/:roleId`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_ROLE'), audit: 'ZMA_ROLE_UPDATE' },
      schema: {
        operationId: 'updateZmaRole',
        summary: 'Edit a staff role of the mini app',
        tags,
        description: 'Its members gain or lose permissions at once.',
        params: zmaRoleParams,
        body: updateZmaRoleBody,
        response: { 200: dataResponse(zmaRole) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateZmaRole(tx, actorOf(req.ctx), scope, requireZmaApp(req.ctx), req.params.roleId, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_role', targetId: req.params.roleId, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    `${base}/role/:roleId`,
    {
      config: { access: zmaAccess('DELETE_ZMA_ROLE'), audit: 'ZMA_ROLE_DELETE' },
      schema: { operationId: 'deleteZmaRole', summary: 'Delete a staff role of the mini app', tags, description: 'Its members lose the role.', params: zmaRoleParams, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const r = await deleteZmaRole(tx, actorOf(req.ctx), scope, requireZmaApp(req.ctx), req.params.roleId);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_role', targetId: req.params.roleId, before: r.before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    `${base}/user`,
    {
      config: { access: zmaAccess('VIEW_ZMA_USER') },
      schema: {
        operationId: 'listZmaUsers',
        summary: 'People of the tenant with their role in the mini app',
        tags,
        description: 'Everyone who may open the tenant (tenant members and organisation-wide roles); search on name or email; `roleId` keeps the members of that role of this mini app (another app\'s role: an empty list).',
        querystring: zmaUserQuery,
        response: { 200: listResponse(zmaUser) },
      },
    },
    async (req) => {
      const r = await listZmaUsers(deps.db, tenantScope(req.ctx), requireZmaApp(req.ctx), req.query);
      return paged(r.rows, r.total, req.query);
    },
  );

  app.put(
    `${base}/user/:userId/role`,
    {
      config: { access: zmaAccess('UPDATE_ZMA_USER'), audit: 'ZMA_ROLE_ASSIGN' },
      schema: {
        operationId: 'assignZmaRole',
        summary: 'Give a person a role in the mini app (or take it away)',
        tags,
        description: '`roleId` null removes the role. 422 ZMA_USER_NOT_IN_TENANT naming userId for someone who cannot open the tenant; 400 naming roleId for a role of another mini app.',
        params: zmaUserParams,
        body: assignZmaRoleBody,
        response: { 200: dataResponse(zmaUser), 422: errorResponse },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const zmaAppId = requireZmaApp(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await assignZmaRole(tx, scope, zmaAppId, req.params.userId, req.body.roleId);
        await record({ tenantId: scopedTenantId(scope), targetType: 'zma_role', targetId: req.body.roleId ?? r.before.roleId ?? null, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.get(
    `${base}/activity`,
    {
      config: { access: zmaAccess('VIEW_ZMA_USER_HISTORY') },
      schema: {
        operationId: 'listZmaActivity',
        summary: 'Activity of the mini app',
        tags,
        description: 'Newest first; filters kind, from, to (ISO), customerId, branchId.',
        querystring: zmaActivityQuery,
        response: { 200: listResponse(zmaActivityRow) },
      },
    },
    async (req) => {
      const { page, pageSize, ...filter } = req.query;
      const r = await listZmaActivity(deps.db, tenantScope(req.ctx), { ...filter, zmaAppId: requireZmaApp(req.ctx) }, { page, pageSize });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.get(
    `${base}/activity/export`,
    {
      config: { access: zmaAccess(['EXPORT_ZMA_GIFT_ACTIVITY', 'VIEW_ZMA_USER_HISTORY']) },
      schema: {
        operationId: 'exportZmaActivity',
        summary: 'Activity of the mini app as CSV',
        tags,
        description: `Same filters as the list; newest first, at most ${ZMA_EXPORT_MAX_ROWS} rows.`,
        querystring: zmaActivityExportQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      sendActivityCsv(reply, 'mini-app-activity', iterateZmaActivity(deps.db, tenantScope(req.ctx), { ...req.query, zmaAppId: requireZmaApp(req.ctx) }, ZMA_EXPORT_MAX_ROWS)),
  );
}

/** `/api/zma/v1/*`: the tenant's own backend, with a mini-app API key. */
function registerPublicApiRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/zma/v1/app',
    {
      config: { access: publicAccess, ...zmaApiRateLimit },
      onRequest: zmaApiKeyOnRequest(deps.db),
      schema: {
        operationId: 'getZmaV1App',
        summary: 'The mini app of the API key',
        tags,
        description: 'Authenticated by a mini-app API key in `x-api-key` (or `Authorization: Bearer`). 401 API_KEY_INVALID for a missing, malformed, unknown or revoked key.',
        response: { 200: dataResponse(zmaV1App), 401: errorResponse.describe('API_KEY_INVALID: missing, malformed, unknown or revoked key') },
      },
    },
    async (req) => {
      const caller = await requireZmaApiKey(req, deps.db);
      const row = await findZmaApp(deps.db, caller.tenantId, caller.zmaAppId);
      if (!row) throw new AppError('API_KEY_INVALID');
      return { data: { id: row.id, name: row.name, status: row.status } };
    },
  );
}
