import { z } from 'zod';
import { dataResponse, listResponse, pageQuery } from '@zc/shared/api/common';
import { permissionGroupItem, tenantMember, tenantUser, updateUserGroupBody, userGroup, userGroupMembersBody } from '@zc/shared/api/organisation';
import { createUserGroupBody, permissionHolders } from '@zc/shared/api/user-groups';
import { TENANT_PERMISSIONS, ZMA_PERMISSIONS } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { requireMerchant, tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { offsetOf, paged } from '../../platform/pagination';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { addGroupMembers, changeGroup, createGroup, deleteGroup, listGroups, listPermissionHolders, listTenantMembers, listUsersOutsideGroup, removeGroupMembers } from './service';

const tags = ['User groups'];

const deletedGroup = z.object({ id: z.uuid(), movedTo: z.object({ id: z.uuid(), name: z.string() }).nullable(), movedUserIds: z.array(z.uuid()) });

/** User groups = tenant roles: named permission sets that tenant members belong to (§7 Users), and the tenant's members. */
export function registerUserGroupRoutes(app: ZodApp, deps: ModuleDeps): void {
  const idParams = z.strictObject({ id: z.uuid() });

  app.get(
    '/merchant/user-group',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listUserGroups', summary: 'List the tenant\'s user groups', tags, querystring: pageQuery, response: { 200: listResponse(userGroup) } } },
    async (req) => {
      const r = await listGroups(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.items, r.total, req.query);
    },
  );

  app.get(
    '/merchant/tenant/list-user-by-tenant',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listTenantMembers', summary: 'List the tenant\'s members with their groups', tags: ['Tenants'], querystring: pageQuery, response: { 200: listResponse(tenantMember) } } },
    async (req) => {
      const r = await listTenantMembers(deps.db, actorOf(req.ctx), tenantScope(req.ctx), { limit: req.query.size, offset: offsetOf(req.query) });
      return paged(r.items, r.total, req.query);
    },
  );

  app.get(
    '/merchant/user-group/list-available/:id',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listAvailableGroupUsers', summary: 'List the users a group may still take', tags, params: idParams, response: { 200: dataResponse(z.array(tenantUser)) } } },
    async (req) => ({ data: await listUsersOutsideGroup(deps.db, tenantScope(req.ctx), requireMerchant(req.ctx), req.params.id) }),
  );

  app.get(
    '/merchant/user-group/list-permissions',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listPermissions', summary: 'List the permissions a group may grant', tags, response: { 200: dataResponse(z.array(permissionGroupItem)) } } },
    async () => ({
      data: [
        { scope: 'TENANT' as const, permissions: [...TENANT_PERMISSIONS] },
        { scope: 'ZMA' as const, permissions: [...ZMA_PERMISSIONS] },
      ],
    }),
  );

  app.post(
    '/merchant/user-group/add-user/:id',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_ADD_USER' }, schema: { operationId: 'addUserGroupMembers', summary: 'Add users to a group', tags, params: idParams, body: userGroupMembersBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const merchantId = requireMerchant(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => addGroupMembers(tx, actorOf(req.ctx), scope, merchantId, req.params.id, req.body.userIds, record));
      return { data };
    },
  );

  app.delete(
    '/merchant/user-group/remove-user/:id',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_REMOVE_USER' }, schema: { operationId: 'removeUserGroupMember', summary: 'Remove a user from a group', tags, params: idParams, body: userGroupMembersBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => removeGroupMembers(tx, actorOf(req.ctx), scope, req.params.id, req.body.userIds, record));
      return { data };
    },
  );

  app.post(
    '/merchant/user-group/update-user',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_UPDATE' }, schema: { operationId: 'updateUserGroups', summary: 'Set the groups of a tenant member', tags, body: updateUserGroupBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => changeGroup(tx, actorOf(req.ctx), scope, req.body, record));
      return { data };
    },
  );

  app.post(
    '/merchant/user-group',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_CREATE' }, schema: { operationId: 'createUserGroup', summary: 'Create a user group', tags, body: createUserGroupBody, response: { 200: dataResponse(userGroup) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => createGroup(tx, actorOf(req.ctx), scope, req.body, record));
      return { data };
    },
  );

  app.delete(
    '/merchant/user-group/:id',
    { config: { access: tenantAccess('UPDATE_USER_GROUPS'), audit: 'USER_GROUP_DELETE' }, schema: { operationId: 'deleteUserGroup', summary: 'Delete a user group', tags, params: idParams, response: { 200: dataResponse(deletedGroup) } } },
    async (req) => {
      const scope = tenantScope(req.ctx);
      const data = await runMutation(deps.db, req, (tx, record) => deleteGroup(tx, actorOf(req.ctx), scope, req.params.id, record));
      return { data };
    },
  );

  app.get(
    '/merchant/user-group/permission-holders',
    { config: { access: tenantAccess('VIEW_USER_GROUPS') }, schema: { operationId: 'listPermissionHolders', summary: 'List the users holding a permission', tags, response: { 200: dataResponse(permissionHolders) } } },
    async (req) => ({ data: await listPermissionHolders(deps.db, tenantScope(req.ctx), requireMerchant(req.ctx)) }),
  );
}
