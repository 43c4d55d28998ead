import { z } from 'zod';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { permissionGroupItem, tenantUser, updateUserGroupBody, userGroup, userGroupMembersBody } from '@zc/shared/api/organisation';
import { TENANT_PERMISSIONS, ZMA_PERMISSIONS } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import type { DbOrTx } from '../../db/client';
import { requireMerchant, requireTenant, tenantAccess } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { users } from '../../db/schema/auth';
import { merchantMembers } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';

const tags = ['User groups'];
const groupable = new Set<string>([...TENANT_PERMISSIONS, ...ZMA_PERMISSIONS]);

async function findGroup(db: DbOrTx, tenantId: string, id: string) {
  const [g] = await db.select().from(userGroups).where(and(eq(userGroups.id, id), eq(userGroups.tenantId, tenantId)));
  return g ?? null;
}

async function presentGroup(db: DbOrTx, g: typeof userGroups.$inferSelect) {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantMembers).where(eq(tenantMembers.userGroupId, g.id));
  return { id: g.id, tenantId: g.tenantId, name: g.name, permissions: g.permissions, isDefault: g.isDefault, userCount: c?.n ?? 0, createdAt: g.createdAt.toISOString() };
}

/** User groups = tenant roles: named permission sets that tenant members belong to (§7 Users). */
export function registerUserGroupRoutes(app: ZodApp, deps: ModuleDeps): void {
  const idParams = z.strictObject({ id: z.uuid() });

  app.get(
    '/merchant/user-group',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { tags, querystring: pageQuery, response: { 200: listResponse(userGroup) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const rows = await deps.db
        .select({ g: userGroups, n: sql<number>`(select count(*)::int from ${tenantMembers} where ${tenantMembers.userGroupId} = ${userGroups.id})` })
        .from(userGroups)
        .where(eq(userGroups.tenantId, tenantId))
        .orderBy(asc(userGroups.createdAt), asc(userGroups.name))
        .limit(req.query.size)
        .offset(offsetOf(req.query));
      const [c] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(userGroups).where(eq(userGroups.tenantId, tenantId));
      return paged(
        rows.map(({ g, n }) => ({ id: g.id, tenantId: g.tenantId, name: g.name, permissions: g.permissions, isDefault: g.isDefault, userCount: n, createdAt: g.createdAt.toISOString() })),
        c?.n ?? 0,
        req.query,
      );
    },
  );

  app.get(
    '/merchant/user-group/list-available/:id',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { tags, params: idParams, response: { 200: dataResponse(z.array(tenantUser)) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const group = await findGroup(deps.db, tenantId, req.params.id);
      if (!group) throw notFound();
      // Organisation members who are not in this group (tenant members of other groups included).
      const rows = await deps.db
        .select({ user: users, groupId: tenantMembers.userGroupId })
        .from(merchantMembers)
        .innerJoin(users, eq(users.id, merchantMembers.userId))
        .leftJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.tenantId, tenantId)))
        .where(and(eq(merchantMembers.merchantId, requireMerchant(req.ctx)), or(isNull(tenantMembers.userGroupId), ne(tenantMembers.userGroupId, group.id))))
        .orderBy(asc(users.email))
        .limit(1000);
      const groupIds = [...new Set(rows.map((r) => r.groupId).filter((x): x is string => Boolean(x)))];
      const names = groupIds.length ? await deps.db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).where(inArray(userGroups.id, groupIds)) : [];
      return {
        data: rows.map((r) => ({
          id: r.user.id,
          email: r.user.email,
          displayName: r.user.displayName,
          avatar: r.user.avatar,
          userGroup: r.groupId ? (names.find((n) => n.id === r.groupId) ?? null) : null,
        })),
      };
    },
  );

  app.get(
    '/merchant/user-group/list-permissions',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { tags, response: { 200: dataResponse(z.array(permissionGroupItem)) } } },
    async () => ({
      data: [
        { scope: 'TENANT' as const, permissions: [...TENANT_PERMISSIONS] },
        { scope: 'ZMA' as const, permissions: [...ZMA_PERMISSIONS] },
      ],
    }),
  );

  app.post(
    '/merchant/user-group/add-user/:id',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_ADD_USER' }, schema: { tags, params: idParams, body: userGroupMembersBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const group = await findGroup(tx, tenantId, req.params.id);
        if (!group) throw notFound();
        const members = await tx
          .select({ userId: merchantMembers.userId })
          .from(merchantMembers)
          .where(and(eq(merchantMembers.merchantId, merchantId), inArray(merchantMembers.userId, req.body.userIds)));
        if (members.length !== new Set(req.body.userIds).size) throw fieldError('userIds', 'Every user must be a member of the organisation', 'not_found');
        for (const { userId } of members) {
          await tx
            .insert(tenantMembers)
            .values({ tenantId, userId, userGroupId: group.id })
            .onConflictDoUpdate({ target: [tenantMembers.tenantId, tenantMembers.userId], set: { userGroupId: group.id } });
        }
        await record({ targetType: 'user_group', targetId: group.id, after: { userIds: req.body.userIds } });
        return presentGroup(tx, group);
      });
      return { data };
    },
  );

  app.delete(
    '/merchant/user-group/remove-user/:id',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_REMOVE_USER' }, schema: { tags, params: idParams, body: userGroupMembersBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const group = await findGroup(tx, tenantId, req.params.id);
        if (!group) throw notFound();
        await tx
          .update(tenantMembers)
          .set({ userGroupId: null })
          .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userGroupId, group.id), inArray(tenantMembers.userId, req.body.userIds)));
        await record({ targetType: 'user_group', targetId: group.id, before: { userIds: req.body.userIds } });
        return presentGroup(tx, group);
      });
      return { data };
    },
  );

  app.post(
    '/merchant/user-group/update-user',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_UPDATE' }, schema: { tags, body: updateUserGroupBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const tenantId = requireTenant(req.ctx);
      const bad = (req.body.permissions ?? []).find((p) => !groupable.has(p));
      if (bad) throw fieldError('permissions', `${bad} is not a tenant or mini-app permission`, 'invalid_permission');
      const data = await runMutation(deps.db, req, async (tx, record) => {
        const before = await findGroup(tx, tenantId, req.body.id);
        if (!before) throw notFound();
        const [after] = await tx
          .update(userGroups)
          .set({ ...(req.body.name ? { name: req.body.name } : {}), ...(req.body.permissions ? { permissions: [...new Set(req.body.permissions)] } : {}) })
          .where(eq(userGroups.id, before.id))
          .returning();
        if (!after) throw notFound();
        await record({ targetType: 'user_group', targetId: after.id, before: { name: before.name, permissions: before.permissions }, after: { name: after.name, permissions: after.permissions } });
        return presentGroup(tx, after);
      });
      return { data };
    },
  );
}
