import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { dataResponse, idParam, listResponse, okResponse, pageQuery } from '@zc/shared/api/common';
import { createWebhookBody, deliveriesQuery, updateWebhookBody, webhook, webhookDelivery, webhookWithSecret } from '@zc/shared/api/webhooks';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { presentDelivery, presentWebhook } from './presenter';
import { findWebhook, listDeliveries, listWebhooks } from './repo';
import { assertUrlAllowed, createWebhook, queueTestDelivery, replayDelivery, rotateSecret, updateWebhook } from './service';
import { deliverOne } from './worker';

const tags = ['Tenant webhooks'];

/**
 * Tenant settings /webhook: endpoints for signed delivery-status events, their delivery log, test-fire and replay.
 * Also registers its sibling settings tab /fallback (same VIEW_WEBHOOK / CRUD_WEBHOOK permissions, ADR 0004).
 */
export function registerTenantWebhookRoutes(app: ZodApp, deps: ModuleDeps): void {
  // Off unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set, in every NODE_ENV (url-guard.ts).
  const allowPrivate = deps.config.webhookAllowPrivateTargets;

  app.get(
    '/merchant/webhook',
    { config: { access: tenantAccess('VIEW_WEBHOOK') }, schema: { tags, querystring: pageQuery, response: { 200: listResponse(webhook) } } },
    async (req) => {
      const r = await listWebhooks(deps.db, requireTenant(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows.map(presentWebhook), r.total, req.query);
    },
  );

  app.post(
    '/merchant/webhook',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_CREATE' },
      schema: { tags, description: 'Registers an endpoint. `data.secret` (the HMAC signing secret) is answered once.', body: createWebhookBody, response: { 200: dataResponse(webhookWithSecret) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const userId = requireUser(req.ctx).id;
      await assertUrlAllowed(req.body.url, allowPrivate);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, secret } = await createWebhook(tx, deps.cipher, { tenantId, userId, ...req.body });
        const view = presentWebhook(row);
        await record({ tenantId, targetType: 'webhook', targetId: row.id, after: view });
        return { ...view, secret };
      });
      return { data };
    },
  );

  app.put(
    '/merchant/webhook/:id',
    { config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_UPDATE' }, schema: { tags, params: idParam, body: updateWebhookBody, response: { 200: dataResponse(webhook) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      if (req.body.url) await assertUrlAllowed(req.body.url, allowPrivate);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateWebhook(tx, tenantId, req.params.id, req.body);
        await record({ tenantId, targetType: 'webhook', targetId: req.params.id, before: r.before, after: r.after });
        return r.after;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/webhook/:id',
    { config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_DELETE' }, schema: { tags, description: 'Deletes the endpoint and its delivery log.', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await findWebhook(tx, tenantId, req.params.id);
        if (!before) throw notFound();
        await tx.delete(tenantWebhooks).where(and(eq(tenantWebhooks.id, before.id), eq(tenantWebhooks.tenantId, tenantId)));
        await record({ tenantId, targetType: 'webhook', targetId: before.id, before: presentWebhook(before) });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/webhook/:id/rotate-secret',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_ROTATE_SECRET' },
      schema: { tags, description: 'Replaces the signing secret; the new one is answered once in `data.secret`. Queued deliveries are signed with the new secret.', params: idParam, response: { 200: dataResponse(webhookWithSecret) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, secret } = await rotateSecret(tx, deps.cipher, tenantId, req.params.id);
        const view = presentWebhook(row);
        await record({ tenantId, targetType: 'webhook', targetId: row.id, after: { ...view, secretRotated: true } });
        return { ...view, secret };
      });
      return { data };
    },
  );

  app.post(
    '/merchant/webhook/:id/test',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_TEST' },
      schema: { tags, description: 'Sends a signed `webhook.test` event now (one attempt, no retries) and answers the logged delivery with its outcome.', params: idParam, response: { 200: dataResponse(webhookDelivery) } },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const queued = await runMutation(deps.db, req, async (tx, record) => {
        const row = await queueTestDelivery(tx, tenantId, req.params.id);
        await record({ tenantId, targetType: 'webhook', targetId: req.params.id, after: { deliveryId: row.id } });
        return row;
      });
      await deliverOne(deps.db, deps.cipher, queued.id, { allowPrivate });
      const [row] = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id));
      return { data: presentDelivery(row ?? queued) };
    },
  );

  app.get(
    '/merchant/webhook/:id/deliveries',
    { config: { access: tenantAccess('VIEW_WEBHOOK') }, schema: { tags, params: idParam, querystring: deliveriesQuery, response: { 200: listResponse(webhookDelivery) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      if (!(await findWebhook(deps.db, tenantId, req.params.id))) throw notFound();
      const r = await listDeliveries(deps.db, tenantId, req.params.id, { status: req.query.status, limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows.map(presentDelivery), r.total, req.query);
    },
  );

  app.post(
    '/merchant/webhook/deliveries/:id/replay',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_REPLAY' },
      schema: {
        tags,
        description: 'Queues a finished (FAILED or SUCCEEDED) delivery again as a new delivery with the same event and payload; 409 while it is still pending.',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: dataResponse(webhookDelivery) },
      },
    },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await replayDelivery(tx, tenantId, req.params.id);
        await record({ tenantId, targetType: 'webhook_delivery', targetId: r.original.id, after: { replayId: r.replay.id, webhookId: r.replay.webhookId } });
        return presentDelivery(r.replay);
      });
      return { data };
    },
  );
}
