import { z } from 'zod';
import { dataResponse, errorResponse } from '@zc/shared/api/common';
import { tenantApiRateLimits, tenantApiRateLimitsBody } from '@zc/shared/api/api-rate-limits';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { getTenantRateLimits, updateTenantRateLimits } from './service';

const tags = ['Tenants'];
const params = z.strictObject({ id: z.uuid() });
const errors = {
  400: errorResponse.describe('VALIDATION_FAILED: details.fields names each field out of bounds (1–100,000 per second, burst 1–60 s)'),
  403: errorResponse.describe('FORBIDDEN: the caller lacks the permission in this organisation'),
  404: errorResponse.describe('NOT_FOUND: no tenant with this id in the organisation named by x-merchant-id'),
};

/** An organisation's view and setting of a tenant's public API rate limits (issue 17 #4). */
export function registerApiRateLimitRoutes(app: ZodApp, deps: ModuleDeps): void {
  const defaults = () => deps.config.publicApiRate;

  app.get(
    '/merchant/tenant/:id/api-rate-limits',
    {
      config: { access: merchantAccess('VIEW_TENANT') },
      schema: {
        operationId: 'getTenantApiRateLimits',
        tags,
        summary: "A tenant's public API rate limits",
        description: 'The server defaults, the organisation’s own values for this tenant (null = default) and the limits in force (see the Rate limits guide).',
        params,
        response: { 200: dataResponse(tenantApiRateLimits), 403: errors[403], 404: errors[404] },
      },
    },
    async (req) => ({ data: await getTenantRateLimits(deps.db, actorOf(req.ctx), defaults(), requireMerchant(req.ctx), req.params.id) }),
  );

  app.put(
    '/merchant/tenant/:id/api-rate-limits',
    {
      config: { access: merchantAccess('UPDATE_TENANT'), audit: 'TENANT_API_RATE_LIMITS_UPDATE' },
      schema: {
        operationId: 'updateTenantApiRateLimits',
        tags,
        summary: "Set a tenant's public API rate limits",
        description: 'Every field is required; null returns that limit to the server default. Takes effect on the next request of every API process, without a restart.',
        params,
        body: tenantApiRateLimitsBody,
        response: { 200: dataResponse(tenantApiRateLimits), ...errors },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => updateTenantRateLimits(tx, actorOf(req.ctx), defaults(), merchantId, req.params.id, req.body, record));
      return { data };
    },
  );
}
