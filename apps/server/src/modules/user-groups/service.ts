import type { PermissionHolders, PermissionSource } from '@zc/shared/api/user-groups';
import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, TENANT_PERMISSIONS, ZMA_PERMISSIONS, type MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { canCreateGroup, canDeleteGroup, canManageGroupMembers, canUpdateGroup } from './policy';
import { presentGroup, presentTenantMember } from './presenter';
import {
  countGroupMembers,
  deleteGroupRow,
  findDefaultGroup,
  findGroup,
  findGroupByName,
  findTenantActors,
  insertGroup,
  moveGroupMembers,
  findGroups,
  findOrganisationMemberIds,
  findTenantMembers,
  findUsersOutsideGroup,
  putInGroup,
  takeOutOfGroup,
  updateGroup,
} from './repo';

const groupable = new Set<string>([...TENANT_PERMISSIONS, ...ZMA_PERMISSIONS]);

type Page = { limit: number; offset: number };

export async function listGroups(db: DbOrTx, actor: Actor, scope: TenantScope, page: Page) {
  const r = await findGroups(db, scope, page);
  return { total: r.total, items: r.items.map(({ group, userCount }) => presentGroup(group, userCount, actor)) };
}

/** The tenant's members with their group, each with what the actor may do with it. */
export async function listTenantMembers(db: DbOrTx, actor: Actor, scope: TenantScope, page: Page) {
  const r = await findTenantMembers(db, scope, page);
  return { total: r.total, items: r.items.map((m) => presentTenantMember(m, actor)) };
}

/** Organisation members a group could take in (404 for another tenant's group). */
export async function listUsersOutsideGroup(db: DbOrTx, scope: TenantScope, merchantId: string, groupId: string) {
  const group = await findGroup(db, scope, groupId);
  if (!group) throw notFound();
  return findUsersOutsideGroup(db, scope, merchantId, group.id);
}

async function lockedGroup(tx: Tx, scope: TenantScope, id: string) {
  const group = await findGroup(tx, scope, id, true);
  if (!group) throw notFound();
  return group;
}

/** Puts organisation members in the group (under `abilities.manageMembers`). */
export async function addGroupMembers(tx: Tx, actor: Actor, scope: TenantScope, merchantId: string, groupId: string, userIds: string[], record: RecordAudit) {
  const group = await lockedGroup(tx, scope, groupId);
  if (!canManageGroupMembers(actor)) throw new AppError('FORBIDDEN');
  const members = await findOrganisationMemberIds(tx, merchantId, userIds);
  if (members.length !== new Set(userIds).size) throw fieldError('userIds', 'Every user must be a member of the organisation', 'not_found');
  await putInGroup(tx, scope, group.id, members);
  await record({ targetType: 'user_group', targetId: group.id, after: { userIds } });
  return presentGroup(group, await countGroupMembers(tx, scope, group.id), actor);
}

/** Takes users out of the group (under `abilities.manageMembers` / a member's `removeFromGroup`). */
export async function removeGroupMembers(tx: Tx, actor: Actor, scope: TenantScope, groupId: string, userIds: string[], record: RecordAudit) {
  const group = await lockedGroup(tx, scope, groupId);
  if (!canManageGroupMembers(actor)) throw new AppError('FORBIDDEN');
  await takeOutOfGroup(tx, scope, group.id, userIds);
  await record({ targetType: 'user_group', targetId: group.id, before: { userIds } });
  return presentGroup(group, await countGroupMembers(tx, scope, group.id), actor);
}

/** Renames the group and/or replaces its permissions (tenant and mini-app ones only). */
export async function changeGroup(tx: Tx, actor: Actor, scope: TenantScope, input: { id: string; name?: string; permissions?: string[] }, record: RecordAudit) {
  assertGroupable(input.permissions ?? []);
  if (input.name) await lockNames(tx, scope);
  const before = await lockedGroup(tx, scope, input.id);
  if (!canUpdateGroup(actor)) throw new AppError('FORBIDDEN');
  if (input.name) await assertNameFree(tx, scope, input.name, before.id);
  const after = await updateGroup(tx, scope, before.id, {
    ...(input.name ? { name: input.name } : {}),
    ...(input.permissions ? { permissions: [...new Set(input.permissions)] } : {}),
  });
  if (!after) throw notFound();
  await record({ targetType: 'user_group', targetId: after.id, before: { name: before.name, permissions: before.permissions }, after: { name: after.name, permissions: after.permissions } });
  return presentGroup(after, await countGroupMembers(tx, scope, after.id), actor);
}

/** 400 naming `permissions` for anything outside the tenant and mini-app catalogue (§6). */
function assertGroupable(permissions: readonly string[]): void {
  const bad = permissions.find((p) => !groupable.has(p));
  if (bad) throw fieldError('permissions', `${bad} is not a tenant or mini-app permission`, 'invalid_permission');
}

/** 409 naming `name` when another group of the tenant already has it (case-insensitive). */
async function assertNameFree(tx: Tx, scope: TenantScope, name: string, exceptId?: string): Promise<void> {
  if (await findGroupByName(tx, scope, name, exceptId)) {
    throw new AppError('CONFLICT', 'A user group with this name already exists', { fields: [{ path: 'name', code: 'taken', message: 'A user group with this name already exists' }] });
  }
}

/**
 * Serialises the tenant's group names (create, rename) on its default group row, taken first, so
 * two concurrent requests with one name leave one group. A unique index on (tenant_id, lower(name))
 * is requested (schema-requests) to make this a database rule as well.
 */
async function lockNames(tx: Tx, scope: TenantScope): Promise<void> {
  const anchor = await findDefaultGroup(tx, scope);
  if (anchor) await findGroup(tx, scope, anchor.id, true);
}

/**
 * Creates a group of the tenant. Group names are unique per tenant (see lockNames).
 */
export async function createGroup(tx: Tx, actor: Actor, scope: TenantScope, input: { name: string; permissions: string[] }, record: RecordAudit) {
  if (!canCreateGroup(actor)) throw new AppError('FORBIDDEN');
  assertGroupable(input.permissions);
  await lockNames(tx, scope);
  await assertNameFree(tx, scope, input.name);
  const group = await insertGroup(tx, scope, { name: input.name, permissions: [...new Set(input.permissions)] });
  await record({ targetType: 'user_group', targetId: group.id, after: { name: group.name, permissions: group.permissions } });
  return presentGroup(group, 0, actor);
}

/**
 * Deletes a group. The default group is refused (409). Its members are not removed from the
 * tenant: they fall back to the default group (or to no group when the tenant has none).
 */
export async function deleteGroup(tx: Tx, actor: Actor, scope: TenantScope, groupId: string, record: RecordAudit) {
  const group = await lockedGroup(tx, scope, groupId);
  if (group.isDefault) throw new AppError('CONFLICT', 'The default user group cannot be deleted');
  if (!canDeleteGroup(actor, group)) throw new AppError('FORBIDDEN');
  const fallback = await findDefaultGroup(tx, scope);
  const moved = await moveGroupMembers(tx, scope, group.id, fallback?.id ?? null);
  await deleteGroupRow(tx, scope, group.id);
  await record({
    targetType: 'user_group',
    targetId: group.id,
    before: { name: group.name, permissions: group.permissions, userIds: moved },
    after: { movedTo: fallback?.id ?? null },
  });
  return { id: group.id, movedTo: fallback ? { id: fallback.id, name: fallback.name } : null, movedUserIds: moved };
}

/**
 * Who holds which permission of the tenant catalogue (§6 union): for each permission, the people
 * who act in the tenant and hold it, through their tenant group and/or their merchant role.
 */
export async function listPermissionHolders(db: DbOrTx, scope: TenantScope, merchantId: string): Promise<PermissionHolders> {
  const actors = await findTenantActors(db, scope, merchantId, ORGANISATION_WIDE_ROLES);
  const catalogue = [...TENANT_PERMISSIONS, ...ZMA_PERMISSIONS];
  const perActor = actors.map((a) => ({
    id: a.id,
    fromRole: new Set<string>(MERCHANT_ROLE_PERMISSIONS[a.role as MerchantRole] ?? []),
    fromGroup: new Set<string>(a.groupPermissions),
  }));
  return {
    users: actors.map((a) => ({ id: a.id, email: a.email, displayName: a.displayName, avatar: a.avatar, roleMerchant: a.role as MerchantRole, userGroup: a.userGroup })),
    permissions: catalogue.map((permission) => ({
      permission,
      holders: perActor.flatMap((a) => {
        const sources: PermissionSource[] = [];
        if (a.fromGroup.has(permission)) sources.push('TENANT_GROUP');
        if (a.fromRole.has(permission)) sources.push('MERCHANT_ROLE');
        return sources.length > 0 ? [{ userId: a.id, sources }] : [];
      }),
    })),
  };
}
