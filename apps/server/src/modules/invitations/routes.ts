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
import { actorOf } from '../../platform/policy';
import { accountExists, invitationAccounts, type AuthDeps } from '../auth/service';
import { accountKey, clearThrottle, hitThrottle, LOGIN_ACCOUNT, tooManyAttempts } from '../../platform/throttle';
import {
  acceptInvitation,
  acceptWithPassword,
  declineInvitation,
  invitedAddress,
  listOrganisationInvitations,
  listReceivedInvitations,
  openInvitationByToken,
  openReceivedInvitation,
  previewInvitation,
  revokeInvitation,
} from './service';

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
    { config: { access: merchantAccess('VIEW_USER') }, schema: { operationId: 'listInvitations', summary: 'List the organisation\'s invitations', tags, querystring: invitationsQuery, response: { 200: listResponse(invitation) } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const q = req.query;
      const r = await listOrganisationInvitations(deps.db, actorOf(req.ctx), { merchantId, email: q.email, orderBy: q.orderBy, limit: q.size, offset: offsetOf(q) });
      return paged(r.items, r.total, q);
    },
  );

  app.post(
    '/merchant/invitation/revoke/:id',
    {
      config: { access: merchantAccess(['CREATE_USER', 'DELETE_USER']), audit: 'MERCHANT_INVITATION_REVOKE' },
      schema: { operationId: 'revokeInvitation', summary: 'Revoke a pending invitation', tags, description: 'Refused as the row\'s `abilities.revoke` says: an owner invitation only by an owner.', params: idParam, response: { 200: okResponse } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, (tx, record) => revokeInvitation(tx, actorOf(req.ctx), merchantId, req.params.id, record));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/merchant/invitation/mine',
    { config: { access: authenticated }, schema: { operationId: 'listMyInvitations', summary: 'List the invitations addressed to the caller', tags, response: { 200: listResponse(receivedInvitation) } } },
    async (req) => {
      const data = await listReceivedInvitations(deps.db, requireUser(req.ctx).email);
      return { data, meta: { total: data.length } };
    },
  );

  app.post(
    '/merchant/invitation/accept/:id',
    { config: { access: authenticated, audit: 'MERCHANT_INVITATION_ACCEPT' }, schema: { operationId: 'acceptInvitation', summary: 'Accept an invitation addressed to the caller', tags, params: idParam, response: { 200: dataResponse(acceptedInvitation) } } },
    async (req) => {
      const user = requireUser(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => acceptInvitation(tx, await openReceivedInvitation(tx, user.email, req.params.id), user, record));
      return { data };
    },
  );

  app.post(
    '/merchant/invitation/decline/:id',
    { config: { access: authenticated, audit: 'MERCHANT_INVITATION_DECLINE' }, schema: { operationId: 'declineInvitation', summary: 'Decline an invitation addressed to the caller', tags, params: idParam, response: { 200: okResponse } } },
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
      schema: { operationId: 'previewInvitationToken', summary: 'Preview the invitation an e-mailed token stands for', tags, security: [], body: invitationTokenBody, response: { 200: dataResponse(invitationPreview) } },
    },
    async (req) => {
      return { data: await previewInvitation(deps.db, req.body.token, (email) => accountExists(deps.db, email)) };
    },
  );

  app.post(
    '/merchant/invitation/token/accept',
    {
      config: { access: authenticated, audit: 'MERCHANT_INVITATION_ACCEPT', ...limited },
      schema: { operationId: 'acceptInvitationToken', summary: 'Accept an invitation by its e-mailed token', tags, body: invitationTokenBody, response: { 200: dataResponse(acceptedInvitation) } },
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
      schema: { operationId: 'acceptInvitationTokenWithPassword', summary: 'Accept an invitation by token and create the account\'s password', tags, security: [], body: acceptInvitationWithPasswordBody, response: { 200: dataResponse(acceptedWithSession) } },
    },
    async (req) => {
      // An existing account's password is guessed no faster here than on the login route: the same
      // per-account allowance, counted up front and taken back by a right password.
      const email = await invitedAddress(deps.db, req.body.token);
      const account = email && (await accountExists(deps.db, email)) ? accountKey(email) : null;
      if (account) {
        const hit = await hitThrottle(deps.db, LOGIN_ACCOUNT, account);
        if (!hit.ok) throw tooManyAttempts(hit.retryAfterSeconds);
      }
      const data = await runMutation(deps.db, req, (tx, record) => acceptWithPassword(tx, invitationAccounts(authDeps, meta(req)), req.body, record));
      if (account) await clearThrottle(deps.db, LOGIN_ACCOUNT, account);
      return { data };
    },
  );

  app.post(
    '/merchant/invitation/token/decline',
    {
      config: { access: publicAccess, audit: 'MERCHANT_INVITATION_DECLINE', ...limited },
      schema: { operationId: 'declineInvitationToken', summary: 'Decline an invitation by its e-mailed token', tags, security: [], body: invitationTokenBody, response: { 200: okResponse } },
    },
    async (req) => {
      // The token is the proof of the address; no session is needed (nor read) to say no.
      await runMutation(deps.db, req, async (tx, record) => declineInvitation(tx, await openInvitationByToken(tx, req.body.token, true), null, record));
      return { data: { ok: true as const } };
    },
  );
}
