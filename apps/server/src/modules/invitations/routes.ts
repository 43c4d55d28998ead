import type { FastifyRequest } from 'fastify';
import { dataResponse, idParam, listResponse, okResponse } from '@zc/shared/api/common';
import {
  acceptedInvitation,
  acceptedWithSession,
  acceptInvitationWithPasswordBody,
  invitation,
  invitationPreview,
  invitationsQuery,
  invitationTokenBody,
  receivedInvitation,
} from '@zc/shared/api/organisation';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, publicAccess, requireMerchant, requireUser } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import type { AuthDeps } from '../auth/service';
import { accountKey, clearThrottle, hitThrottle, LOGIN_ACCOUNT, tooManyAttempts } from '../../platform/throttle';
import { findInvitationByToken, findOrganisationInvitations, findReceivedInvitations, findUserByEmail } from './repo';
import { presentInvitations, presentReceivedInvitations } from './presenter';
import { acceptInvitation, acceptWithPassword, declineInvitation, openInvitationByToken, openReceivedInvitation, revokeInvitation } from './service';

const tags = ['Invitations'];

/**
 * Organisation invitations (issue 8): the organisation lists and revokes what it sent (add-user
 * sends them); the invited person lists, accepts and declines, signed in or through the mailed link.
 */
export function registerInvitationRoutes(app: ZodApp, deps: ModuleDeps): void {
  const authDeps: AuthDeps = { signer: deps.signer, refreshTtlDays: deps.config.refreshTokenTtlDays, publicUrl: deps.config.publicUrl };
  const limited = { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

  app.get(
    '/merchant/invitation/by-merchant',
    { config: { access: merchantAccess('VIEW_USER') }, schema: { tags, querystring: invitationsQuery, response: { 200: listResponse(invitation) } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const q = req.query;
      const r = await findOrganisationInvitations(deps.db, { merchantId, email: q.email, orderBy: q.orderBy, limit: q.size, offset: offsetOf(q) });
      return paged(await presentInvitations(deps.db, merchantId, r.items), r.total, q);
    },
  );

  app.post(
    '/merchant/invitation/revoke/:id',
    {
      config: { access: merchantAccess(['CREATE_USER', 'DELETE_USER']), audit: 'MERCHANT_INVITATION_REVOKE' },
      schema: { tags, params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, (tx, record) => revokeInvitation(tx, merchantId, req.params.id, req.ctx.merchantRole, record));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/invitation/mine',
    { config: { access: authenticated }, schema: { tags, response: { 200: listResponse(receivedInvitation) } } },
    async (req) => {
      const rows = await findReceivedInvitations(deps.db, requireUser(req.ctx).email);
      return { data: await presentReceivedInvitations(deps.db, rows), meta: { total: rows.length } };
    },
  );

  app.post(
    '/merchant/invitation/accept/:id',
    { config: { access: authenticated, audit: 'MERCHANT_INVITATION_ACCEPT' }, schema: { tags, params: idParam, response: { 200: dataResponse(acceptedInvitation) } } },
    async (req) => {
      const user = requireUser(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => acceptInvitation(tx, await openReceivedInvitation(tx, user.email, req.params.id), user, record));
      return { data };
    },
  );

  app.post(
    '/merchant/invitation/decline/:id',
    { config: { access: authenticated, audit: 'MERCHANT_INVITATION_DECLINE' }, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (req) => {
      const user = requireUser(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => declineInvitation(tx, await openReceivedInvitation(tx, user.email, req.params.id), user.id, record));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/invitation/token/preview',
    {
      config: { access: publicAccess, audit: { none: 'a read: the token travels in the body to keep it out of URLs and access logs' }, ...limited },
      schema: { tags, security: [], body: invitationTokenBody, response: { 200: dataResponse(invitationPreview) } },
    },
    async (req) => {
      const row = await deps.db.transaction((tx) => openInvitationByToken(tx, req.body.token, false));
      const [view] = await presentReceivedInvitations(deps.db, [row]);
      if (!view) throw new Error('invitation of a deleted organisation');
      return { data: { ...view, hasAccount: Boolean(await findUserByEmail(deps.db, row.email)) } };
    },
  );

  app.post(
    '/merchant/invitation/token/accept',
    {
      config: { access: authenticated, audit: 'MERCHANT_INVITATION_ACCEPT', ...limited },
      schema: { tags, body: invitationTokenBody, response: { 200: dataResponse(acceptedInvitation) } },
    },
    async (req) => {
      const user = requireUser(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => acceptInvitation(tx, await openInvitationByToken(tx, req.body.token, true), user, record));
      return { data };
    },
  );

  app.post(
    '/merchant/invitation/token/accept-with-password',
    {
      config: { access: publicAccess, audit: 'MERCHANT_INVITATION_ACCEPT', ...limited },
      schema: { tags, security: [], body: acceptInvitationWithPasswordBody, response: { 200: dataResponse(acceptedWithSession) } },
    },
    async (req) => {
      // An existing account's password is guessed no faster here than on the login route: the same
      // per-account allowance, counted up front and taken back by a right password.
      const row = await findInvitationByToken(deps.db, req.body.token, false);
      const account = row && (await findUserByEmail(deps.db, row.email)) ? accountKey(row.email) : null;
      if (account) {
        const hit = await hitThrottle(deps.db, LOGIN_ACCOUNT, account);
        if (!hit.ok) throw tooManyAttempts(hit.retryAfterSeconds);
      }
      const data = await runMutation(deps.db, req, (tx, record) => acceptWithPassword(tx, authDeps, req.body, meta(req), record));
      if (account) await clearThrottle(deps.db, LOGIN_ACCOUNT, account);
      return { data };
    },
  );

  app.post(
    '/merchant/invitation/token/decline',
    {
      config: { access: publicAccess, audit: 'MERCHANT_INVITATION_DECLINE', ...limited },
      schema: { tags, security: [], body: invitationTokenBody, response: { 200: okResponse } },
    },
    async (req) => {
      // The token is the proof of the address; no session is needed (nor read) to say no.
      await runMutation(deps.db, req, async (tx, record) => declineInvitation(tx, await openInvitationByToken(tx, req.body.token, true), null, record));
      return { data: { ok: true as const } };
    },
  );
}
