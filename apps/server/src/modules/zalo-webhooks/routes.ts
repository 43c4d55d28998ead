import { z } from 'zod';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { announceZaloEventsElsewhere, startZaloEventConsumer, type EventHandlers } from './consumer';
import { ingestZaloWebhook } from './service';

/**
 * POST /api/webhooks/zalo — Zalo's event callback, checked by `X-ZEvent-Signature`. The events' consumer
 * (ADR 0019) runs in this process (`handlers` applied there, off the request path), or with
 * `consumer: 'worker'` in the worker role, which a NOTIFY after each stored batch wakes: the API
 * process then only verifies and stores.
 */
export function registerZaloWebhookRoutes(app: ZodApp, deps: ModuleDeps, handlers: EventHandlers = {}, opts: { consumer?: 'in-process' | 'worker' } = {}): void {
  if (opts.consumer === 'worker') {
    const announcer = announceZaloEventsElsewhere(deps.db, { onError: (err) => app.log.warn({ err }, 'Zalo event NOTIFY failed (the consumer polls)') });
    app.addHook('onClose', async () => announcer.stop());
  } else {
    const consumer = startZaloEventConsumer(deps.db, handlers, { onError: (err) => app.log.error({ err }, 'Zalo event consumer pass failed') });
    app.addHook('onClose', async () => consumer.stop());
  }
  void app.register(async (scope) => {
    // The signature covers the exact bytes Zalo sent, so this route keeps the raw body.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/webhooks/zalo',
      {
        // Zalo's servers, not a browser, read this answer: no browser security headers on the hot path (ADR 0015).
        helmet: false,
        config: { access: publicAccess, audit: { none: 'inbound Zalo events are stored in zalo_events, not the audit chain' } },
        schema: {
          operationId: 'receiveZaloWebhook',
          summary: 'Receive a Zalo OA or ZNS event',
          tags: ['Webhooks'],
          security: [],
          description: 'Zalo OA/ZNS event callback. Signed with X-ZEvent-Signature: mac=sha256(appId + body + timestamp + OA webhook secret). Unsigned or wrongly signed bodies, and events whose signed `timestamp` is more than 6 h old or more than 5 min ahead, answer 401 and nothing is stored.',
          response: { 200: z.object({ data: z.object({ ok: z.literal(true), duplicate: z.boolean() }) }) },
        },
      },
      async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const outcome = await ingestZaloWebhook(deps.db, deps.cipher, raw, req.headers);
        if (outcome.status === 401) {
          req.log.warn({ reason: outcome.reason, ...outcome.log }, 'rejected Zalo webhook');
          throw new AppError('UNAUTHORIZED', `Invalid Zalo webhook: ${outcome.reason}`);
        }
        return { data: { ok: true as const, duplicate: outcome.duplicate } };
      },
    );
  });
}
