import { z } from 'zod';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { findLatestMails } from './repo';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Without SMTP the outbox is the only way to read OTP codes and reset links. PGlite cannot be
 * opened by a second process while the server runs, so `npm run outbox` asks the server here.
 * Exists only outside production, without SMTP, and answers only loopback callers.
 */
export function registerDevOutboxRoute(app: ZodApp, deps: ModuleDeps): void {
  if (deps.config.env === 'production' || deps.config.smtpUrl) return;
  app.get(
    '/dev/outbox',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'listDevOutbox',
        summary: 'List the e-mails captured in development',
        tags: ['System'],
        security: [],
        description: 'Development only (no SMTP_URL, not production), loopback callers only: the latest outbox mails, for reading OTP codes and reset links.',
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
      },
    },
    async (req) => {
      if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw notFound();
      return { data: await findLatestMails(deps.db, req.query.limit) };
    },
  );
}
