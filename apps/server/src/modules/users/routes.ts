import { z } from 'zod';
import { CONTEXT_HEADERS, dataResponse, listResponse, okResponse } from '@zc/shared/api/common';
import { signedInUser } from '@zc/shared/api/user-groups';
import { addUserBody, invitation, memberUser, permissionsResponse, removeUserBody, updateUserInfoBody, usersQuery } from '@zc/shared/api/organisation';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, merchantAccess, requireMerchant, requireUser, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { inviteToOrganisation } from '../invitations/service';
import { assertOwnTenants, getMember, getSignedInUser, leaveOrganisation, listMembers, removeMember, updateMember } from './service';

const tags = ['Users'];

/** Users of organisations and tenants (§7 Users, Merchants add/remove/update user), leaving an organisation. */
export function registerUserRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/user',
    { config: { access: authenticated }, schema: { operationId: 'getUser', summary: 'Get the signed-in user', tags, response: { 200: dataResponse(signedInUser) } } },
    async (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        const s = (Array.isArray(v) ? v[0] : v)?.trim();
        return s ? s : null;
      };
      return { data: await getSignedInUser(deps.db, requireUser(req.ctx).id, { tenantId: header(CONTEXT_HEADERS.tenant), merchantId: header(CONTEXT_HEADERS.merchant) }) };
    },
  );

  app.get(
    '/merchant/user/get-user-permission-merchant',
    { config: { access: merchantAccess() }, schema: { operationId: 'getUserMerchantPermissions', summary: 'Get the caller\'s permissions in the organisation', tags, response: { 200: permissionsResponse } } },
    async (req) => ({ data: [...req.ctx.permissions] }),
  );
  app.get(
    '/merchant/user/get-user-permission-tenant',
    { config: { access: tenantAccess() }, schema: { operationId: 'getUserTenantPermissions', summary: 'Get the caller\'s permissions in the tenant', tags, response: { 200: permissionsResponse } } },
    async (req) => ({ data: [...req.ctx.permissions] }),
  );

  app.get(
    '/merchant/user/by-merchant',
    { config: { access: merchantAccess('VIEW_USER') }, schema: { operationId: 'listUsersByMerchant', summary: 'List the organisation\'s users', tags, querystring: usersQuery, response: { 200: listResponse(memberUser) } } },
    async (req) => {
      const q = req.query;
      const r = await listMembers(deps.db, actorOf(req.ctx), { merchantId: requireMerchant(req.ctx), email: q.email, tenantName: q.tenantName, orderBy: q.orderBy, limit: q.size, offset: offsetOf(q) });
      return paged(r.items, r.total, q);
    },
  );

  app.get(
    '/merchant/user/by-tenant',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listUsersByTenant', summary: 'List the tenant\'s users', tags, querystring: usersQuery, response: { 200: listResponse(memberUser) } } },
    async (req) => {
      const q = req.query;
      const r = await listMembers(deps.db, actorOf(req.ctx), {
        merchantId: requireMerchant(req.ctx),
        tenant: tenantScope(req.ctx),
        email: q.email,
        tenantName: q.tenantName,
        orderBy: q.orderBy,
        limit: q.size,
        offset: offsetOf(q),
      });
      return paged(r.items, r.total, q);
    },
  );

  app.post(
    '/merchant/merchant/add-user',
    {
      config: { access: merchantAccess('CREATE_USER'), audit: 'MERCHANT_INVITATION_CREATE', rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        operationId: 'addMerchantUser',
        summary: 'Invite a user to the organisation',
        tags: ['Merchants'],
        description: 'Invites the address (issue 8): answers the pending invitation, the same whether or not the address has an account; membership starts when its holder accepts.',
        body: addUserBody,
        response: { 200: dataResponse(invitation) },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const body = req.body;
      await assertOwnTenants(deps.db, merchantId, body.tenantIds);
      const actor = { ...actorOf(req.ctx), displayName: requireUser(req.ctx).displayName };
      const data = await runMutation(deps.db, req, (tx, record) =>
        inviteToOrganisation(tx, { publicUrl: deps.config.publicUrl }, actor, { merchantId, email: body.email, role: body.role, tenantIds: body.tenantIds }, record),
      );
      return { data };
    },
  );

  app.post(
    '/merchant/merchant/leave',
    {
      config: { access: merchantAccess(), audit: 'MERCHANT_LEAVE' },
      schema: { operationId: 'leaveMerchant', summary: 'Leave the organisation', tags: ['Merchants'], description: 'The caller leaves the organisation (x-merchant-id); refused for its last owner (LAST_OWNER).', response: { 200: okResponse } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, (tx, record) => leaveOrganisation(tx, actorOf(req.ctx), merchantId, record));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/merchant/remove-user',
    {
      config: { access: merchantAccess('DELETE_USER'), audit: 'MERCHANT_REMOVE_USER' },
      schema: { operationId: 'removeMerchantUser', summary: 'Remove a user from the organisation', tags: ['Merchants'], description: 'Refused as the row\'s `abilities.remove` says: not oneself (leave instead), an owner only by an owner, never the last owner.', body: removeUserBody, response: { 200: okResponse } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, (tx, record) => removeMember(tx, actorOf(req.ctx), merchantId, req.body.userId, record));
      return { data: { ok: true as const } };
    },
  );

  app.put(
    '/merchant/merchant/update-user-info/:id',
    {
      config: { access: merchantAccess('UPDATE_USER'), audit: 'MERCHANT_UPDATE_USER' },
      schema: { operationId: 'updateMerchantUser', summary: 'Update a member\'s role and details in the organisation', tags: ['Merchants'], params: z.strictObject({ id: z.uuid() }), body: updateUserInfoBody, response: { 200: dataResponse(memberUser) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const actor = actorOf(req.ctx);
      await assertOwnTenants(deps.db, merchantId, req.body.tenantIds);
      await runMutation(deps.db, req, (tx, record) => updateMember(tx, actor, merchantId, req.params.id, req.body, record));
      return { data: await getMember(deps.db, actor, merchantId, req.params.id) };
    },
  );
}
