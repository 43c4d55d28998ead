import type { MemberUser } from '@zc/shared/api/organisation';
import type { Actor } from '../../platform/policy';
import { memberAbilities } from './policy';
import type { MemberRow } from './repo';

/** A membership as the organisation's users page shows it, with what the actor may do with it. */
export function presentMember(row: MemberRow, actor: Actor, owners: number): MemberUser {
  return { ...row, abilities: memberAbilities(actor, { userId: row.id, role: row.roleMerchant.name }, owners) };
}
