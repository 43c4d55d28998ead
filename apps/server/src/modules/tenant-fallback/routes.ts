import { dataResponse } from '@zc/shared/api/common';
import { fallbackPreview, fallbackView, previewFallbackBody, updateFallbackBody } from '@zc/shared/api/fallback';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { getFallbackView, previewFallback, saveFallbackSettings } from './service';

const tags = ['Tenant fallback'];

/**
 * Tenant settings /fallback (ADR 0004): when a ZNS message fails permanently with one of the chosen
 * codes, its handler of message.failed_permanently sends an OA message to the follower who shared that phone. Grouped with the
 * webhooks under VIEW_WEBHOOK / CRUD_WEBHOOK.
 */
export function registerTenantFallbackRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/fallback',
    {
      config: { access: tenantAccess('VIEW_WEBHOOK') },
      schema: {
        operationId: 'getFallbackSettings',
        tags,
        summary: 'ZNS → OA fallback settings and the trigger catalogue',
        description: 'The saved settings, or the defaults (disabled, triggers -114, -119, -139, -140, -141, text kind) before the first save; `triggers` lists every code a tenant may choose with its vi/en explanation.',
        response: { 200: dataResponse(fallbackView) },
      },
    },
    async (req) => ({ data: await getFallbackView(deps.db, tenantScope(req.ctx), actorOf(req.ctx)) }),
  );

  app.put(
    '/merchant/fallback',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'FALLBACK_UPDATE' },
      schema: {
        operationId: 'updateFallbackSettings',
        tags,
        summary: 'Save the ZNS → OA fallback settings',
        description:
          'Replaces the settings. `content` takes `{{param_name}}` placeholders filled from the failed ZNS message’s template data (unknown names render empty); text kind ≤ 2000 characters, transaction kind ≤ 250 plus a `header` ≤ 100. While enabled, at least one trigger code and a content (and a header for transaction) are required.',
        body: updateFallbackBody,
        response: { 200: dataResponse(fallbackView) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const tenantId = scopedTenantId(scope);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before, after } = await saveFallbackSettings(tx, scope, actor, req.body);
        await record({ tenantId, targetType: 'tenant_fallback', targetId: tenantId, before, after });
      });
      return { data: await getFallbackView(deps.db, scope, actor) };
    },
  );

  app.post(
    '/merchant/fallback/preview',
    {
      config: { access: tenantAccess('VIEW_WEBHOOK'), audit: { none: 'renders a text from the request; nothing is read or written' } },
      schema: {
        operationId: 'previewFallbackMessage',
        tags,
        summary: 'Render a fallback message against sample template data',
        description: 'The OA message the worker would send for a ZNS message with this `templateData` (same renderer); `missing` names placeholders without a value, `truncated` says a value was cut to the OA limit.',
        body: previewFallbackBody,
        response: { 200: dataResponse(fallbackPreview) },
      },
    },
    async (req) => ({ data: previewFallback(req.body) }),
  );
}
