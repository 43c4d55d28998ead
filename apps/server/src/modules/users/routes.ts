import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { dataResponse, listResponse, okResponse } from '@zc/shared/api/common';
import { addUserBody, invitation, memberUser, permissionsResponse, removeUserBody, updateUserInfoBody, usersQuery } from '@zc/shared/api/organisation';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, requireTenant, requireUser, tenantAccess } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { merchantMembers } from '../../db/schema/organisation';
import { inviteToOrganisation, lockOrganisation, presentInvitations } from '../invitations/service';
import { findMember, findMembers, foreignTenantIds, removeMembership, setTenantMemberships } from './repo';

const tags = ['Users'];

/** Users of organisations and tenants (§7 Users, Merchants add/remove/update user), leaving an organisation. */
export function registerUserRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/user/get-user-permission-merchant',
    { config: { access: merchantAccess() }, schema: { tags, response: { 200: permissionsResponse } } },
    async (req) => ({ data: [...req.ctx.permissions] }),
  );
  app.get(
    '/merchant/user/get-user-permission-tenant',
    { config: { access: tenantAccess() }, schema: { tags, response: { 200: permissionsResponse } } },
    async (req) => ({ data: [...req.ctx.permissions] }),
  );

  app.get(
    '/merchant/user/by-merchant',
    { config: { access: merchantAccess('VIEW_USER') }, schema: { tags, querystring: usersQuery, response: { 200: listResponse(memberUser) } } },
    async (req) => {
      const q = req.query;
      const r = await findMembers(deps.db, { merchantId: requireMerchant(req.ctx), email: q.email, tenantName: q.tenantName, orderBy: q.orderBy, limit: q.size, offset: offsetOf(q) });
      return paged(r.items, r.total, q);
    },
  );

  app.get(
    '/merchant/user/by-tenant',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { tags, querystring: usersQuery, response: { 200: listResponse(memberUser) } } },
    async (req) => {
      const q = req.query;
      const r = await findMembers(deps.db, {
        merchantId: requireMerchant(req.ctx),
        tenantId: requireTenant(req.ctx),
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
        tags: ['Merchants'],
        description: 'Invites the address (issue 8): answers the pending invitation, the same whether or not the address has an account; membership starts when its holder accepts.',
        body: addUserBody,
        response: { 200: dataResponse(invitation) },
      },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const body = req.body;
      const user = requireUser(req.ctx);
      const inviterRole = req.ctx.merchantRole;
      if (!inviterRole) throw new Error('merchant route without a merchant role');
      const foreign = await foreignTenantIds(deps.db, merchantId, body.tenantIds);
      if (foreign.length) throw fieldError('tenantIds', 'Unknown tenant', 'not_found');
      const row = await runMutation(deps.db, req, (tx, record) =>
        inviteToOrganisation(tx, { publicUrl: deps.config.publicUrl }, { merchantId, inviter: { id: user.id, displayName: user.displayName, role: inviterRole }, email: body.email, role: body.role, tenantIds: body.tenantIds }, record),
      );
      const [data] = await presentInvitations(deps.db, merchantId, [row]);
      if (!data) throw new Error('presenter dropped the invitation');
      return { data };
    },
  );

  app.post(
    '/merchant/merchant/leave',
    {
      config: { access: merchantAccess(), audit: 'MERCHANT_LEAVE' },
      schema: { tags: ['Merchants'], description: 'The caller leaves the organisation (x-merchant-id); refused for its last owner (LAST_OWNER).', response: { 200: okResponse } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const userId = requireUser(req.ctx).id;
      await runMutation(deps.db, req, async (tx, record) => {
        await lockOrganisation(tx, merchantId);
        const before = await findMember(tx, merchantId, userId);
        if (!before) throw notFound();
        if (before.roleMerchant.name === 'OWNER') await assertAnotherOwner(tx, merchantId, userId);
        await removeMembership(tx, merchantId, userId);
        await record({ targetType: 'user', targetId: userId, before: { role: before.roleMerchant.name, tenantIds: before.tenants.map((x) => x.id) } });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/merchant/remove-user',
    { config: { access: merchantAccess('DELETE_USER'), audit: 'MERCHANT_REMOVE_USER' }, schema: { tags: ['Merchants'], body: removeUserBody, response: { 200: okResponse } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        await lockOrganisation(tx, merchantId);
        const before = await findMember(tx, merchantId, req.body.userId);
        if (!before) throw notFound();
        if (before.roleMerchant.name === 'OWNER') {
          if (req.ctx.merchantRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can remove an owner');
          await assertAnotherOwner(tx, merchantId, req.body.userId);
        }
        await removeMembership(tx, merchantId, req.body.userId);
        await record({ targetType: 'user', targetId: req.body.userId, before });
      });
      return { data: { ok: true as const } };
    },
  );

  app.put(
    '/merchant/merchant/update-user-info/:id',
    {
      config: { access: merchantAccess('UPDATE_USER'), audit: 'MERCHANT_UPDATE_USER' },
      schema: { tags: ['Merchants'], params: z.strictObject({ id: z.uuid() }), body: updateUserInfoBody, response: { 200: dataResponse(memberUser) } },
    },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const userId = req.params.id;
      const body = req.body;
      if (body.tenantIds && (await foreignTenantIds(deps.db, merchantId, body.tenantIds)).length) throw fieldError('tenantIds', 'Unknown tenant', 'not_found');
      await runMutation(deps.db, req, async (tx, record) => {
        await lockOrganisation(tx, merchantId);
        const before = await findMember(tx, merchantId, userId);
        if (!before) throw notFound();
        const touchesOwner = before.roleMerchant.name === 'OWNER' || body.role === 'OWNER';
        if (body.role && touchesOwner && req.ctx.merchantRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can change an owner role');
        if (body.role && before.roleMerchant.name === 'OWNER' && body.role !== 'OWNER') await assertAnotherOwner(tx, merchantId, userId);
        if (body.role) await tx.update(merchantMembers).set({ role: body.role }).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, userId)));
        if (body.tenantIds) await setTenantMemberships(tx, merchantId, userId, body.tenantIds);
        await record({ targetType: 'user', targetId: userId, before, after: await findMember(tx, merchantId, userId) });
      });
      const member = await findMember(deps.db, merchantId, userId);
      if (!member) throw notFound();
      return { data: member };
    },
  );
}

async function assertAnotherOwner(tx: Parameters<typeof findMember>[0], merchantId: string, userId: string): Promise<void> {
  const owners = await tx.select({ userId: merchantMembers.userId }).from(merchantMembers).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.role, 'OWNER')));
  if (!owners.some((o) => o.userId !== userId)) throw new AppError('LAST_OWNER');
}
