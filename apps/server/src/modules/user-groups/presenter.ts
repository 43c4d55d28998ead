import type { TenantMember, TenantUser, UserGroup } from '@zc/shared/api/organisation';
import type { Actor } from '../../platform/policy';
import { tenantMemberAbilities, userGroupAbilities } from './policy';
import type { UserGroupRow } from './repo';

/** A user group (tenant role) with its member count and what the actor may do with it. */
export function presentGroup(g: UserGroupRow, userCount: number, actor: Actor): UserGroup {
  return {
    id: g.id,
    tenantId: g.tenantId,
    name: g.name,
    permissions: g.permissions,
    isDefault: g.isDefault,
    userCount,
    createdAt: g.createdAt.toISOString(),
    abilities: userGroupAbilities(actor, g),
  };
}

export function presentTenantMember(m: TenantUser, actor: Actor): TenantMember {
  return { ...m, abilities: tenantMemberAbilities(actor, m) };
}
