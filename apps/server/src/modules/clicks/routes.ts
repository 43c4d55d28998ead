import { z } from 'zod';
import { idParam } from '@zc/shared/api/common';
import { click, clickCallbackBody, clickCallbackResponse, clickListQuery, clickSummary } from '@zc/shared/api/clicks';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess, tenantAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf } from '../../platform/pagination';
import { tenantScope } from '../../platform/tenant-scope';
import { campaignClicks, messageClicks, recordClick } from './service';

const tags = ['Tracked links'];
const clickList = z.object({ data: z.array(click), meta: z.object({ total: z.number().int(), page: z.number().int(), size: z.number().int() }), summary: clickSummary });
/** Per client address: generous for people, a wall for a script walking tokens. */
const limited = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** The /api routes of tracked links (ADR 0016): §7 `zns/click-callback` and the click lists. */
export function registerClickRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.post(
    '/zns/click-callback',
    {
      config: { access: publicAccess, audit: { none: 'a recipient clicking a link is not a console action; the click row is the record' }, ...limited },
      schema: {
        operationId: 'recordClick',
        summary: 'Record a tracked-link click',
        tags,
        security: [],
        description:
          'Records a click of a tracked link by its token (the `/r/<token>` path segment of the URL the recipient received) and answers the target URL, for a landing page that tracks clicks itself instead of using the redirect. Token-bound: the token is signed and names one message and parameter; anything else answers 404. Rate-limited per address.',
        body: clickCallbackBody,
        response: { 200: clickCallbackResponse },
      },
    },
    async (req) => {
      const url = await recordClick(deps.db, deps.config.appSecret, req.body.token, { source: 'CALLBACK', userAgent: req.headers['user-agent'] });
      if (!url) throw notFound();
      return { data: { ok: true as const, url } };
    },
  );

  app.get(
    '/merchant/campaign/:id/clicks',
    { config: { access: tenantAccess('VIEW_CAMPAIGN', 'znsService') }, schema: { operationId: 'listCampaignClicks', summary: 'List the tracked-link clicks of a campaign', tags, description: 'Clicks of the tracked links of a campaign, newest first, with the click count and the recipients who clicked.', params: idParam, querystring: clickListQuery, response: { 200: clickList } } },
    async (req) => {
      const r = await campaignClicks(deps.db, tenantScope(req.ctx), req.params.id, { limit: req.query.size, offset: offsetOf(req.query) });
      return { data: r.rows, meta: { total: r.total, page: req.query.page, size: req.query.size }, summary: { clicks: r.total, uniqueRecipients: r.uniqueRecipients } };
    },
  );

  app.get(
    '/merchant/zns/history/:id/clicks',
    { config: { access: tenantAccess('VIEW_HISTORY', 'znsService') }, schema: { operationId: 'listZnsMessageClicks', summary: 'List the tracked-link clicks of a ZNS message', tags, description: 'Clicks of the tracked links of one ZNS message (the history detail row).', params: idParam, querystring: clickListQuery, response: { 200: clickList } } },
    async (req) => {
      const r = await messageClicks(deps.db, tenantScope(req.ctx), req.params.id, { limit: req.query.size, offset: offsetOf(req.query) });
      return { data: r.rows, meta: { total: r.total, page: req.query.page, size: req.query.size }, summary: { clicks: r.total, uniqueRecipients: r.uniqueRecipients } };
    },
  );
}

/**
 * The redirect itself, at the site root (`<PUBLIC_URL>/r/<token>`, short enough for a template
 * parameter): records the click and answers 302 to the URL the tenant sent; anything not ours → the
 * ordinary NOT_FOUND answer, which says nothing about why.
 */
export function registerClickRedirect(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/r/:token',
    {
      config: { access: publicAccess, ...limited },
      schema: { operationId: 'followTrackedLink', summary: 'Follow a tracked link', tags, security: [], description: 'Tracked-link redirect: 302 to the target, 404 NOT_FOUND for an unknown or forged token.', params: z.strictObject({ token: z.string().max(200) }) },
    },
    async (req, reply) => {
      const url = await recordClick(deps.db, deps.config.appSecret, req.params.token, { source: 'REDIRECT', userAgent: req.headers['user-agent'] });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // The same 404 as any unknown page: it tells a guesser nothing about which part was wrong.
      if (!url) throw notFound();
      return reply.redirect(url, 302);
    },
  );
}
