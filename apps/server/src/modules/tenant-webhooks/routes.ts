import { z } from 'zod';
import { dataResponse, idParam, listResponse, okResponse, pageQuery } from '@zc/shared/api/common';
import { createWebhookBody, deliveriesQuery, updateWebhookBody, webhook, webhookDelivery, webhookWithSecret } from '@zc/shared/api/webhooks';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { assertUrlAllowed, attemptTestDelivery, createWebhook, deleteWebhook, findDeliveries, findWebhooks, queueTestDelivery, replayDelivery, rotateSecret, updateWebhook } from './service';

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
    {
      config: { access: tenantAccess('VIEW_WEBHOOK') },
      schema: { operationId: 'listWebhooks', summary: 'List the webhook endpoints', tags, description: 'Each endpoint carries `abilities` {update, delete, test, rotateSecret}: what the caller may do with it.', querystring: pageQuery, response: { 200: listResponse(webhook) } },
    },
    async (req) => {
      const r = await findWebhooks(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.post(
    '/merchant/webhook',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_CREATE' },
      schema: { operationId: 'createWebhook', summary: 'Register a webhook endpoint', tags, description: 'Registers an endpoint. `data.secret` (the HMAC signing secret) is answered once.', body: createWebhookBody, response: { 200: dataResponse(webhookWithSecret) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await assertUrlAllowed(req.body.url, allowPrivate);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, view, audit, secret } = await createWebhook(tx, deps.cipher, actorOf(req.ctx), scope, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook', targetId: row.id, after: audit });
        return { ...view, secret };
      });
      return { data };
    },
  );

  app.put(
    '/merchant/webhook/:id',
    { config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_UPDATE' }, schema: { operationId: 'updateWebhook', summary: 'Update a webhook endpoint', description: 'Changes the URL (checked again: 400 WEBHOOK_URL_REFUSED for a private or non-http(s) target), the subscribed events or `isActive`; the signing secret stays (rotateWebhookSecret replaces it). Deliveries already queued go to the new URL.', tags, params: idParam, body: updateWebhookBody, response: { 200: dataResponse(webhook) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      if (req.body.url) await assertUrlAllowed(req.body.url, allowPrivate);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await updateWebhook(tx, actorOf(req.ctx), scope, req.params.id, req.body);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook', targetId: req.params.id, before: r.before, after: r.after });
        return r.view;
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/webhook/:id',
    { config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_DELETE' }, schema: { operationId: 'deleteWebhook', summary: 'Delete a webhook endpoint', tags, description: 'Deletes the endpoint and its delivery log.', params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const { before } = await deleteWebhook(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook', targetId: before.id, before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/webhook/:id/rotate-secret',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_ROTATE_SECRET' },
      schema: { operationId: 'rotateWebhookSecret', summary: 'Rotate a webhook endpoint\'s signing secret', tags, description: 'Replaces the signing secret; the new one is answered once in `data.secret`. Queued deliveries are signed with the new secret.', params: idParam, response: { 200: dataResponse(webhookWithSecret) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const { row, view, audit, secret } = await rotateSecret(tx, deps.cipher, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook', targetId: row.id, after: { ...audit, secretRotated: true } });
        return { ...view, secret };
      });
      return { data };
    },
  );

  app.post(
    '/merchant/webhook/:id/test',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_TEST' },
      schema: { operationId: 'testWebhook', summary: 'Send a test event to a webhook endpoint', tags, description: 'Sends a signed `webhook.test` event now (one attempt, no retries) and answers the logged delivery with its outcome; 409 for a disabled endpoint (`abilities.test` false).', params: idParam, response: { 200: dataResponse(webhookDelivery) } },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const actor = actorOf(req.ctx);
      const queued = await runMutation(deps.db, req, async (tx, record) => {
        const row = await queueTestDelivery(tx, actor, scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook', targetId: req.params.id, after: { deliveryId: row.id } });
        return row;
      });
      return { data: await attemptTestDelivery(deps.db, deps.cipher, actor, scope, queued, { allowPrivate }) };
    },
  );

  app.get(
    '/merchant/webhook/:id/deliveries',
    { config: { access: tenantAccess('VIEW_WEBHOOK') }, schema: { operationId: 'listWebhookDeliveries', summary: 'List a webhook endpoint\'s deliveries', description: 'Newest first, filtered by `status` (PENDING, RETRYING, SUCCEEDED, FAILED); each with its payload, attempts, last HTTP status or error and `abilities.replay`. 404 for an endpoint of another tenant.', tags, params: idParam, querystring: deliveriesQuery, response: { 200: listResponse(webhookDelivery) } } },
    async (req) => {
      const r = await findDeliveries(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.params.id, { status: req.query.status, limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.rows, r.total, req.query);
    },
  );

  app.post(
    '/merchant/webhook/deliveries/:id/replay',
    {
      config: { access: tenantAccess('CRUD_WEBHOOK'), audit: 'WEBHOOK_REPLAY' },
      schema: {
        operationId: 'replayWebhookDelivery',
        summary: 'Deliver a webhook event again',
        tags,
        description: 'Queues a finished (FAILED or SUCCEEDED) delivery again as a new delivery with the same event and payload; 409 while it is still pending.',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: dataResponse(webhookDelivery) },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const r = await replayDelivery(tx, actorOf(req.ctx), scope, req.params.id);
        await record({ tenantId: scopedTenantId(scope), targetType: 'webhook_delivery', targetId: r.original.id, after: { replayId: r.replay.id, webhookId: r.replay.webhookId } });
        return r.replay;
      });
      return { data };
    },
  );
}
