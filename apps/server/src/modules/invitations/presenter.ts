import type { Invitation, ReceivedInvitation } from '@zc/shared/api/organisation';
import type { MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/policy';
import { invitationAbilities } from './policy';
import { findMerchantsByIds, findTenantNames, findUsersByIds, type InvitationRow } from './repo';

// merchant_invitations.role is written only from the MERCHANT_ROLES enum of addUserBody.
export const roleOf = (row: InvitationRow) => row.role as MerchantRole;

/** Invitations as their organisation sees them: tenants by name, the inviter, expiry, what the actor may do. */
export async function presentInvitations(db: DbOrTx, merchantId: string, rows: InvitationRow[], actor: Actor): Promise<Invitation[]> {
  const tenantNames = await findTenantNames(db, [merchantId], [...new Set(rows.flatMap((r) => r.tenantIds))]);
  const inviters = await findUsersByIds(db, [...new Set(rows.map((r) => r.invitedBy).filter((id): id is string => Boolean(id)))]);
  const now = Date.now();
  return rows.map((r) => {
    const inviter = inviters.find((u) => u.id === r.invitedBy);
    return {
      id: r.id,
      email: r.email,
      role: roleOf(r),
      tenants: tenantNames.filter((t) => r.tenantIds.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
      status: r.status,
      invitedBy: inviter ? { id: inviter.id, email: inviter.email, displayName: inviter.displayName } : null,
      isExpired: r.expiresAt.getTime() <= now,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      abilities: invitationAbilities(actor, { role: roleOf(r) }),
    };
  });
}

/** Invitations as the invited person sees them: which organisation, role, tenants and who asked. */
export async function presentReceivedInvitations(db: DbOrTx, rows: InvitationRow[]): Promise<ReceivedInvitation[]> {
  const merchantIds = [...new Set(rows.map((r) => r.merchantId))];
  const orgs = await findMerchantsByIds(db, merchantIds);
  const tenantNames = await findTenantNames(db, merchantIds, [...new Set(rows.flatMap((r) => r.tenantIds))]);
  const inviters = await findUsersByIds(db, [...new Set(rows.map((r) => r.invitedBy).filter((id): id is string => Boolean(id)))]);
  return rows.flatMap((r) => {
    const org = orgs.find((m) => m.id === r.merchantId);
    if (!org) return [];
    const inviter = inviters.find((u) => u.id === r.invitedBy);
    return [
      {
        id: r.id,
        email: r.email,
        merchant: { id: org.id, name: org.name, logo: org.logo },
        role: roleOf(r),
        tenants: tenantNames.filter((t) => t.merchantId === r.merchantId && r.tenantIds.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
        invitedBy: inviter ? { displayName: inviter.displayName, email: inviter.email } : null,
        expiresAt: r.expiresAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
      },
    ];
  });
}
