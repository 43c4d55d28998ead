import { TENANT_PERMISSIONS, ZMA_PERMISSIONS } from '@zc/shared/permissions';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { canManageGroupMembers, canUpdateGroup } from './policy';
import { presentGroup, presentTenantMember } from './presenter';
import {
  countGroupMembers,
  findGroup,
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
  const bad = (input.permissions ?? []).find((p) => !groupable.has(p));
  if (bad) throw fieldError('permissions', `${bad} is not a tenant or mini-app permission`, 'invalid_permission');
  const before = await lockedGroup(tx, scope, input.id);
  if (!canUpdateGroup(actor)) throw new AppError('FORBIDDEN');
  const after = await updateGroup(tx, scope, before.id, {
    ...(input.name ? { name: input.name } : {}),
    ...(input.permissions ? { permissions: [...new Set(input.permissions)] } : {}),
  });
  if (!after) throw notFound();
  await record({ targetType: 'user_group', targetId: after.id, before: { name: before.name, permissions: before.permissions }, after: { name: after.name, permissions: after.permissions } });
  return presentGroup(after, await countGroupMembers(tx, scope, after.id), actor);
}
