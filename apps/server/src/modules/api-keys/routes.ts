import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import { apiKey, apiKeyActionParams, apiKeyActionResult, apiKeyOtpBody, apiKeyQuery, apiKeyWithSecret, createApiKeyBody } from '@zc/shared/api/api-keys';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { apiKeys } from '../../db/schema/api-keys';
import { eq } from 'drizzle-orm';
import { requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { presentApiKey } from './presenter';
import { listApiKeys } from './repo';
import { applyKeyAction, createApiKey, lockKeyWithOtp } from './service';

const tags = ['API keys'];

/** §7 API keys: list, create (secret shown once), OTP-confirmed activate/deactivate/rotate/delete. */
export function registerApiKeyRoutes(app: ZodApp, deps: ModuleDeps): void {
  const otp = { secret: deps.config.appSecret };

  app.get(
    '/merchant/api-key',
    { config: { access: tenantAccess('VIEW_API_KEYS') }, schema: { tags, querystring: apiKeyQuery, response: { 200: listResponse(apiKey) } } },
    async (req) => {
      const q = req.query;
      const r = await listApiKeys(deps.db, requireTenant(req.ctx), { ...q, limit: q.size, offset: offsetOf(q) });
      return paged(
        r.rows.map((x) => presentApiKey(x.key, x.oa)),
        r.total,
        q,
      );
    },
  );

  app.post(
    '/merchant/api-key',
    {
      config: { access: tenantAccess('CREATE_API_KEYS'), audit: 'API_KEY_CREATE' },
      schema: { tags, description: 'Creates a key for one OA of the tenant. `data.secret` is answered once; only its SHA-256 is stored.', body: createApiKeyBody, response: { 200: dataResponse(apiKeyWithSecret) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const userId = requireUser(req.ctx).id;
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, oa, secret } = await createApiKey(tx, { tenantId, userId, ...req.body });
        const view = presentApiKey(row, oa);
        await record({ tenantId, targetType: 'api_key', targetId: row.id, after: view });
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
        tags,
        description: '`type` ACTIVE | INACTIVE | ROTATE, confirmed with the OTP of purpose API_KEY. ROTATE answers the new secret once in `data.secret`; the old one stops working at once.',
        params: apiKeyActionParams,
        body: apiKeyOtpBody,
        response: { 200: dataResponse(apiKeyActionResult) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const userId = requireUser(req.ctx).id;
      const { id, type } = req.params;
      const outcome = await runMutation(deps.db, req, async (tx, record) => {
        const gate = await lockKeyWithOtp(tx, otp, { tenantId, userId, id, service: req.body.service, otp: req.body.otp });
        // A wrong OTP: return so the attempt count commits, throw below (as auth/otp/verify does).
        if (!gate.ok) return gate;
        const r = await applyKeyAction(tx, gate.value, type);
        await record({ tenantId, targetType: 'api_key', targetId: id, before: presentApiKey(gate.value, r.oa), after: { ...r.view, action: type } });
        return { ok: true as const, data: r.secret ? { ...r.view, secret: r.secret } : r.view };
      });
      if (!outcome.ok) throw outcome.error;
      return { data: outcome.data };
    },
  );

  app.delete(
    '/merchant/api-key/:id',
    {
      config: { access: tenantAccess('DELETE_API_KEYS'), audit: 'API_KEY_DELETE' },
      schema: { tags, description: 'Deletes the key, confirmed with the OTP of purpose API_KEY.', params: idParam, body: apiKeyOtpBody, response: { 200: okResponse } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const userId = requireUser(req.ctx).id;
      const outcome = await runMutation(deps.db, req, async (tx, record) => {
        const gate = await lockKeyWithOtp(tx, otp, { tenantId, userId, id: req.params.id, service: req.body.service, otp: req.body.otp });
        if (!gate.ok) return gate;
        await tx.delete(apiKeys).where(eq(apiKeys.id, gate.value.id));
        await record({ tenantId, targetType: 'api_key', targetId: gate.value.id, before: presentApiKey(gate.value, null) });
        return { ok: true as const };
      });
      if (!outcome.ok) throw outcome.error;
      return { data: { ok: true as const } };
    },
  );
}
