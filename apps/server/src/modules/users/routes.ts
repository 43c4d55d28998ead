import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { dataResponse, listResponse, okResponse } from '@zc/shared/api/common';
import { addUserBody, memberUser, permissionsResponse, removeUserBody, updateUserInfoBody, usersQuery } from '@zc/shared/api/organisation';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, requireTenant, tenantAccess } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { merchantMembers, tenantMembers, tenants, users } from '../../db/schema/index';
import { hashPassword } from '../auth/passwords';
import { findMember, findMembers, foreignTenantIds, setTenantMemberships } from './repo';

const tags = ['Users'];

/** Users of organisations and tenants (§7 Users, Merchants add/remove/update user). */
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
    { config: { access: merchantAccess('CREATE_USER'), audit: 'MERCHANT_ADD_USER' }, schema: { tags: ['Merchants'], body: addUserBody, response: { 200: dataResponse(memberUser) } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      const body = req.body;
      if (body.role === 'OWNER' && req.ctx.merchantRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can add another owner');
      const foreign = await foreignTenantIds(deps.db, merchantId, body.tenantIds);
      if (foreign.length) throw fieldError('tenantIds', 'Unknown tenant', 'not_found');
      const userId = await runMutation(deps.db, req, async (tx, record) => {
        let [user] = await tx.select().from(users).where(eq(users.email, body.email));
        if (!user) {
          if (!body.password) throw fieldError('password', 'A password is required for a new account', 'required');
          if (!body.displayName) throw fieldError('displayName', 'A display name is required for a new account', 'required');
          [user] = await tx.insert(users).values({ email: body.email, displayName: body.displayName, passwordHash: await hashPassword(body.password) }).returning();
          if (!user) throw new Error('user insert returned nothing');
        } else {
          const [existing] = await tx.select().from(merchantMembers).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, user.id)));
          if (existing) throw new AppError('ALREADY_MEMBER', undefined, { fields: [{ path: 'email', code: 'already_member', message: 'The user is already a member' }] });
        }
        await tx.insert(merchantMembers).values({ merchantId, userId: user.id, role: body.role });
        await setTenantMemberships(tx, merchantId, user.id, body.tenantIds);
        await record({ targetType: 'user', targetId: user.id, after: { email: user.email, role: body.role, tenantIds: body.tenantIds } });
        return user.id;
      });
      const member = await findMember(deps.db, merchantId, userId);
      if (!member) throw notFound();
      return { data: member };
    },
  );

  app.post(
    '/merchant/merchant/remove-user',
    { config: { access: merchantAccess('DELETE_USER'), audit: 'MERCHANT_REMOVE_USER' }, schema: { tags: ['Merchants'], body: removeUserBody, response: { 200: okResponse } } },
    async (req) => {
      const merchantId = requireMerchant(req.ctx);
      await runMutation(deps.db, req, async (tx, record) => {
        const before = await findMember(tx, merchantId, req.body.userId);
        if (!before) throw notFound();
        if (before.roleMerchant.name === 'OWNER') {
          if (req.ctx.merchantRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can remove an owner');
          await assertAnotherOwner(tx, merchantId, req.body.userId);
        }
        const ownTenants = (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.merchantId, merchantId))).map((t) => t.id);
        if (ownTenants.length) await tx.delete(tenantMembers).where(and(eq(tenantMembers.userId, req.body.userId), inArray(tenantMembers.tenantId, ownTenants)));
        await tx.delete(merchantMembers).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, req.body.userId)));
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
        const before = await findMember(tx, merchantId, userId);
        if (!before) throw notFound();
        const touchesOwner = before.roleMerchant.name === 'OWNER' || body.role === 'OWNER';
        if (body.role && touchesOwner && req.ctx.merchantRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can change an owner role');
        if (body.role && before.roleMerchant.name === 'OWNER' && body.role !== 'OWNER') await assertAnotherOwner(tx, merchantId, userId);
        if (body.displayName) await tx.update(users).set({ displayName: body.displayName, updatedAt: new Date() }).where(eq(users.id, userId));
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
