import { z } from 'zod';
import type { SignedInUser } from '@zc/shared/api/user-groups';
import { MERCHANT_ROLE_PERMISSIONS, unionPermissions, type MerchantRole } from '@zc/shared/permissions';
import { findMerchantRole, findTenantAccess } from '../../platform/access';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { lockOrganisation } from '../organisation/service';
import { leaveDenial, memberRemovalDenial, memberUpdateDenial, type Denial } from './policy';
import { presentMember } from './presenter';
import {
  countOwners,
  findMember,
  findMembers,
  findTenantGroupOf,
  findUserById,
  foreignTenantIds,
  removeMembership,
  setMemberRole,
  setTenantMemberships,
  type MemberQuery,
} from './repo';

// An accepted invitation gives the new member their tenant memberships in the caller's transaction.
export { setTenantMemberships } from './repo';

const refuse = (denial: Denial | null): void => {
  if (denial) throw new AppError(denial.code, denial.message);
};

/** Members of the organisation (optionally of one tenant), each with what the actor may do with it. */
export async function listMembers(db: DbOrTx, actor: Actor, q: Omit<MemberQuery, 'userIds'> & { tenant?: TenantScope }) {
  const [r, owners] = await Promise.all([findMembers(db, q), countOwners(db, q.merchantId)]);
  return { total: r.total, items: r.items.map((m) => presentMember(m, actor, owners)) };
}

/** Refuses tenant ids that are not the organisation's (before anything is written). */
export async function assertOwnTenants(db: DbOrTx, merchantId: string, tenantIds: string[] | undefined): Promise<void> {
  if (tenantIds && (await foreignTenantIds(db, merchantId, tenantIds)).length) throw fieldError('tenantIds', 'Unknown tenant', 'not_found');
}

/** Changes a member's role and/or tenants, under the same policy as the row's `abilities.update/changeRole`. */
export async function updateMember(
  tx: Tx,
  actor: Actor,
  merchantId: string,
  userId: string,
  change: { role?: MerchantRole; tenantIds?: string[] },
  record: RecordAudit,
): Promise<void> {
  await lockOrganisation(tx, merchantId);
  const before = await findMember(tx, merchantId, userId);
  if (!before) throw notFound();
  refuse(memberUpdateDenial(actor, { userId, role: before.roleMerchant.name }, await countOwners(tx, merchantId), { role: change.role }));
  if (change.role) await setMemberRole(tx, merchantId, userId, change.role);
  if (change.tenantIds) await setTenantMemberships(tx, merchantId, userId, change.tenantIds);
  await record({ targetType: 'user', targetId: userId, before, after: await findMember(tx, merchantId, userId) });
}

/** One member, presented for the actor (the answer of an update). */
export async function getMember(db: DbOrTx, actor: Actor, merchantId: string, userId: string) {
  const member = await findMember(db, merchantId, userId);
  if (!member) throw notFound();
  return presentMember(member, actor, await countOwners(db, merchantId));
}

/** Ends somebody else's membership, under the same policy as the row's `abilities.remove`. */
export async function removeMember(tx: Tx, actor: Actor, merchantId: string, userId: string, record: RecordAudit): Promise<void> {
  await lockOrganisation(tx, merchantId);
  const before = await findMember(tx, merchantId, userId);
  if (!before) throw notFound();
  refuse(memberRemovalDenial(actor, { userId, role: before.roleMerchant.name }, await countOwners(tx, merchantId)));
  await removeMembership(tx, merchantId, userId);
  await record({ targetType: 'user', targetId: userId, before });
}

/** The actor leaves the organisation (its tenants included); the last owner stays. */
export async function leaveOrganisation(tx: Tx, actor: Actor, merchantId: string, record: RecordAudit): Promise<void> {
  await lockOrganisation(tx, merchantId);
  const before = await findMember(tx, merchantId, actor.userId);
  if (!before) throw notFound();
  refuse(leaveDenial({ userId: actor.userId, role: before.roleMerchant.name }, await countOwners(tx, merchantId)));
  await removeMembership(tx, merchantId, actor.userId);
  await record({ targetType: 'user', targetId: actor.userId, before: { role: before.roleMerchant.name, tenantIds: before.tenants.map((x) => x.id) } });
}

/**
 * GET user (§3 User, §6): the signed-in user with, in the context named by the §7 headers, the
 * merchant role, the tenant role (user group) and the effective permissions (their union). A
 * context the user may not open is refused as the access hook refuses it.
 */
export async function getSignedInUser(db: DbOrTx, userId: string, context: { tenantId: string | null; merchantId: string | null }): Promise<SignedInUser> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  let merchantId = context.merchantId;
  let role: MerchantRole | null = null;
  let group: { id: string; name: string; permissions: string[] } | null = null;
  if (context.tenantId) {
    const grant = await findTenantAccess(db, userId, context.tenantId);
    if (!grant) throw new AppError('TENANT_ACCESS_DENIED');
    if (merchantId && merchantId !== grant.tenant.merchantId) throw new AppError('MERCHANT_ACCESS_DENIED');
    merchantId = grant.tenant.merchantId;
    role = grant.merchantRole;
    group = await findTenantGroupOf(db, grant.tenant.id, userId);
  } else if (merchantId) {
    role = z.uuid().safeParse(merchantId).success ? await findMerchantRole(db, userId, merchantId) : null;
    if (!role) throw new AppError('MERCHANT_ACCESS_DENIED');
  }
  const fromRole = role ? [...MERCHANT_ROLE_PERMISSIONS[role]] : [];
  const fromGroup = unionPermissions(group?.permissions ?? []);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    avatar: user.avatar,
    createdAt: user.createdAt.toISOString(),
    merchantId: role ? merchantId : null,
    tenantId: context.tenantId && role ? context.tenantId : null,
    roleMerchant: role ? { name: role } : null,
    role: group ? { id: group.id, name: group.name } : null,
    permissions: unionPermissions(fromRole, fromGroup),
    sources: { merchantRole: fromRole, tenantGroup: fromGroup },
  };
}
