import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import { apiKey, apiKeyActionParams, apiKeyActionResult, apiKeyOtpBody, apiKeyQuery, apiKeyWithSecret, createApiKeyBody } from '@zc/shared/api/api-keys';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { applyKeyAction, createApiKey, findApiKeys, removeApiKey } from './service';

const tags = ['API keys'];

/** §7 API keys: list, create (secret shown once), OTP-confirmed activate/deactivate/rotate/delete. */
export function registerApiKeyRoutes(app: ZodApp, deps: ModuleDeps): void {
  const otp = { secret: deps.config.appSecret };

  app.get(
    '/merchant/api-key',
    {
      config: { access: tenantAccess('VIEW_API_KEYS') },
      schema: { operationId: 'listApiKeys', summary: 'List the API keys', tags, description: 'Each key carries `abilities` {toggle, rotate, delete}: what the caller may do with it.', querystring: apiKeyQuery, response: { 200: listResponse(apiKey) } },
    },
    async (req) => {
      const q = req.query;
      const r = await findApiKeys(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { ...q, limit: q.size, offset: offsetOf(q) });
      return paged(r.rows, r.total, q);
    },
  );

  app.post(
    '/merchant/api-key',
    {
      config: { access: tenantAccess('CREATE_API_KEYS'), audit: 'API_KEY_CREATE' },
      schema: { operationId: 'createApiKey', summary: 'Create an API key', tags, description: 'Creates a key for one OA of the tenant. `data.secret` is answered once; only its SHA-256 is stored.', body: createApiKeyBody, response: { 200: dataResponse(apiKeyWithSecret) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, view, audit, secret } = await createApiKey(tx, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'api_key', targetId: row.id, after: audit });
        return { ...view, secret };
      });
      return { data };
    },
  );

  app.post(
    '/merchant/api-key/:id/:type',
    {
      config: { access: tenantAccess('UPDATE_API_KEYS'), audit: 'API_KEY_UPDATE' },
      schema: {
        operationId: 'updateApiKey',
        summary: 'Activate, deactivate or rotate an API key',
        tags,
        description:
          '`type` ACTIVE | INACTIVE | ROTATE, confirmed with the OTP of purpose API_KEY. ROTATE answers the new secret once in `data.secret`; the old one stops working at once. Setting the status the key already has answers 409 (the row\'s `abilities.toggle` sets the other one).',
        params: apiKeyActionParams,
        body: apiKeyOtpBody,
        response: { 200: dataResponse(apiKeyActionResult) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const { id, type } = req.params;
      const outcome = await runMutation(deps.db, req, async (tx, record) => {
        const r = await applyKeyAction(tx, otp, actorOf(req.ctx), scope, { id, type, service: req.body.service, otp: req.body.otp });
        // A wrong OTP: return so the attempt count commits, throw below (as auth/otp/verify does).
        if (!r.ok) return r;
        await record({ tenantId: scopedTenantId(scope), targetType: 'api_key', targetId: id, before: r.value.before, after: { ...r.value.after, action: type } });
        return r;
      });
      if (!outcome.ok) throw outcome.error;
      return { data: outcome.value.data };
    },
  );

  app.delete(
    '/merchant/api-key/:id',
    {
      config: { access: tenantAccess('DELETE_API_KEYS'), audit: 'API_KEY_DELETE' },
      schema: { operationId: 'deleteApiKey', summary: 'Delete an API key', tags, description: 'Deletes the key, confirmed with the OTP of purpose API_KEY.', params: idParam, body: apiKeyOtpBody, response: { 200: okResponse } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const outcome = await runMutation(deps.db, req, async (tx, record) => {
        const r = await removeApiKey(tx, otp, actorOf(req.ctx), scope, { id: req.params.id, service: req.body.service, otp: req.body.otp });
        if (!r.ok) return r;
        await record({ tenantId: scopedTenantId(scope), targetType: 'api_key', targetId: req.params.id, before: r.value.before });
        return r;
      });
      if (!outcome.ok) throw outcome.error;
      return { data: { ok: true as const } };
    },
  );
}
