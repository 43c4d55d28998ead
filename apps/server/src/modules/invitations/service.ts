import { and, eq } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '@zc/shared/api/organisation';
import type { MerchantRole } from '@zc/shared/permissions';
import { LIMITS } from '@zc/shared/limits';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantInvitations } from '../../db/schema/invitations';
import { merchantMembers, merchants } from '../../db/schema/organisation';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import { queueMail } from '../../platform/mail';
import type { RecordAudit } from '../../platform/mutation';
import { hashPassword, openSession, presentProfile, verifyPassword, type AuthDeps, type SessionMeta } from '../auth/service';
import { setTenantMemberships } from '../users/service';
import { findInvitationByToken, findUserByEmail, isMemberByEmail, lockOrganisationInvitation, lockPendingInvitation, lockReceivedInvitation, type InvitationRow } from './repo';

// The invitations list's wire shape, for the users module's organisation page.
export { presentInvitations } from './presenter';

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

const ROLE_TEXT: Record<MerchantRole, { vi: string; en: string }> = {
  OWNER: { vi: 'Chủ sở hữu', en: 'Owner' },
  ADMIN: { vi: 'Quản trị', en: 'Admin' },
  MODERATOR: { vi: 'Điều phối', en: 'Moderator' },
  USER: { vi: 'Người dùng', en: 'User' },
  MARKETING: { vi: 'Marketing', en: 'Marketing' },
  EU: { vi: 'Người dùng cuối', en: 'End user' },
};

export interface Inviter {
  id: string;
  displayName: string;
  /** The inviter's role in the organisation. */
  role: MerchantRole;
}

/** Serialises membership changes of one organisation (invitations, last-owner checks). */
export async function lockOrganisation(tx: Tx, merchantId: string): Promise<{ id: string; name: string }> {
  const [org] = await tx.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!org) throw notFound();
  return org;
}

/**
 * add-user (issue 8): invites an address into the organisation. Whether the address has an account
 * is never looked up here, so the answer, its timing and the mail are the same either way. An open
 * invitation of the same address is renewed in place (new link, role and tenants).
 */
export async function inviteToOrganisation(
  tx: Tx,
  deps: { publicUrl: string },
  input: { merchantId: string; inviter: Inviter; email: string; role: MerchantRole; tenantIds: string[] },
  record: RecordAudit,
): Promise<InvitationRow> {
  if (input.role === 'OWNER' && input.inviter.role !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can invite another owner');
  const org = await lockOrganisation(tx, input.merchantId);
  if (await isMemberByEmail(tx, input.merchantId, input.email)) {
    throw new AppError('ALREADY_MEMBER', undefined, { fields: [{ path: 'email', code: 'already_member', message: 'The user is already a member' }] });
  }
  const token = randomToken();
  const values = {
    role: input.role,
    tenantIds: [...new Set(input.tenantIds)],
    tokenHash: sha256(token),
    invitedBy: input.inviter.id,
    expiresAt: new Date(Date.now() + TTL_MS),
  };
  const previous = await lockPendingInvitation(tx, input.merchantId, input.email);
  const [row] = previous
    ? await tx.update(merchantInvitations).set({ ...values, createdAt: new Date() }).where(eq(merchantInvitations.id, previous.id)).returning()
    : await tx.insert(merchantInvitations).values({ ...values, merchantId: input.merchantId, email: input.email }).returning();
  if (!row) throw new Error('invitation write returned nothing');
  const role = ROLE_TEXT[input.role];
  // Names are the inviter's own text: each stays on one line, so it cannot pose as another line of the mail.
  const orgName = org.name.replace(/\s+/g, ' ').trim();
  const inviterName = input.inviter.displayName.replace(/\s+/g, ' ').trim();
  await queueMail(tx, {
    to: input.email,
    subject: `Lời mời tham gia ${orgName} / Invitation to join ${orgName}`,
    text: [
      `${inviterName} mời bạn tham gia tổ chức "${orgName}" với vai trò ${role.vi}.`,
      `Mở liên kết sau để chấp nhận hoặc từ chối (hiệu lực ${INVITATION_TTL_DAYS} ngày). Nếu bạn không mong đợi lời mời này, hãy bỏ qua thư.`,
      `${inviterName} invited you to join the organisation "${orgName}" as ${role.en}.`,
      `Open this link to accept or decline (valid for ${INVITATION_TTL_DAYS} days). If you did not expect this invitation, ignore this mail.`,
      `${deps.publicUrl}/invitation?token=${token}`,
    ].join('\n'),
  });
  await record({
    targetType: 'invitation',
    targetId: row.id,
    before: previous ? { role: previous.role, tenantIds: previous.tenantIds, expiresAt: previous.expiresAt.toISOString() } : undefined,
    after: { email: row.email, role: row.role, tenantIds: row.tenantIds, expiresAt: row.expiresAt.toISOString() },
  });
  return row;
}

/** Refuses an invitation that can no longer be decided, with a code the web explains. */
function assertOpen(row: InvitationRow): void {
  if (row.status !== 'PENDING') throw new AppError('INVITATION_DECIDED', undefined, { status: row.status });
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('INVITATION_EXPIRED');
}

/** A mailed token that still opens its invitation (locked when `lock`). */
export async function openInvitationByToken(tx: Tx, token: string, lock: boolean): Promise<InvitationRow> {
  const row = await findInvitationByToken(tx, token, lock);
  if (!row) throw new AppError('INVITATION_INVALID');
  assertOpen(row);
  return row;
}

/** An invitation sent to the signed-in address, by id; another address's invitation answers 404. */
export async function openReceivedInvitation(tx: Tx, email: string, id: string): Promise<InvitationRow> {
  const row = await lockReceivedInvitation(tx, email.toLowerCase(), id);
  if (!row) throw notFound();
  assertOpen(row);
  return row;
}

export interface AcceptedInvitation {
  merchantId: string;
  merchantName: string;
  role: MerchantRole;
}

/**
 * Makes the invited person a member with the invited role and tenants, in the caller's
 * transaction; the entry goes to the organisation's own audit chain.
 */
export async function acceptInvitation(tx: Tx, row: InvitationRow, user: { id: string; email: string }, record: RecordAudit): Promise<AcceptedInvitation> {
  if (user.email.toLowerCase() !== row.email) throw new AppError('INVITATION_EMAIL_MISMATCH');
  const org = await lockOrganisation(tx, row.merchantId);
  const [existing] = await tx
    .select({ userId: merchantMembers.userId })
    .from(merchantMembers)
    .where(and(eq(merchantMembers.merchantId, row.merchantId), eq(merchantMembers.userId, user.id)));
  if (existing) throw new AppError('ALREADY_MEMBER');
  await tx.insert(merchantMembers).values({ merchantId: row.merchantId, userId: user.id, role: row.role });
  await setTenantMemberships(tx, row.merchantId, user.id, row.tenantIds);
  await tx.update(merchantInvitations).set({ status: 'ACCEPTED', decidedAt: new Date() }).where(eq(merchantInvitations.id, row.id));
  await record({
    merchantId: row.merchantId,
    tenantId: null,
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    after: { invitationId: row.id, email: row.email, role: row.role, tenantIds: row.tenantIds },
  });
  // merchant_invitations.role is written only from the MERCHANT_ROLES enum of addUserBody.
  return { merchantId: org.id, merchantName: org.name, role: row.role as MerchantRole };
}

/** Declines for the invited person (signed in, or holding the mailed token). */
export async function declineInvitation(tx: Tx, row: InvitationRow, actorId: string | null, record: RecordAudit): Promise<void> {
  await tx.update(merchantInvitations).set({ status: 'DECLINED', decidedAt: new Date() }).where(eq(merchantInvitations.id, row.id));
  await record({ merchantId: row.merchantId, tenantId: null, actorId, targetType: 'invitation', targetId: row.id, after: { email: row.email, status: 'DECLINED' } });
}

/** The organisation withdraws a pending invitation; an owner invitation only by an owner. */
export async function revokeInvitation(tx: Tx, merchantId: string, id: string, callerRole: MerchantRole | null, record: RecordAudit): Promise<void> {
  const row = await lockOrganisationInvitation(tx, merchantId, id);
  if (!row) throw notFound();
  if (row.status !== 'PENDING') throw new AppError('INVITATION_DECIDED', undefined, { status: row.status });
  if (row.role === 'OWNER' && callerRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an owner can revoke an owner invitation');
  await tx.update(merchantInvitations).set({ status: 'REVOKED', decidedAt: new Date() }).where(eq(merchantInvitations.id, row.id));
  await record({ targetType: 'invitation', targetId: row.id, before: { email: row.email, role: row.role, status: 'PENDING' }, after: { status: 'REVOKED' } });
}

/**
 * The mail link without a session: the holder of the token proves the address; for an existing
 * account the password proves the account, otherwise the account is created with the password.
 * Opens a session, so an account without any organisation can come in through its invitation.
 */
export async function acceptWithPassword(
  tx: Tx,
  deps: AuthDeps,
  input: { token: string; password: string; displayName?: string },
  meta: SessionMeta,
  record: RecordAudit,
) {
  const row = await openInvitationByToken(tx, input.token, true);
  let user = await findUserByEmail(tx, row.email);
  if (user) {
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError('LOGIN_FAILED');
  } else {
    if (input.password.length < LIMITS.passwordMin) throw fieldError('password', `At least ${LIMITS.passwordMin} characters`, 'too_small');
    if (!input.displayName) throw fieldError('displayName', 'A display name is required for a new account', 'required');
    const [created] = await tx
      .insert(users)
      .values({ email: row.email, displayName: input.displayName, passwordHash: await hashPassword(input.password) })
      .onConflictDoNothing()
      .returning();
    // Registered by another request between the look-up and the insert.
    if (!created) throw new AppError('EMAIL_TAKEN');
    user = created;
  }
  const accepted = await acceptInvitation(tx, row, user, record);
  const pair = await openSession(tx, deps, user.id, meta);
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn, user: presentProfile(user), ...accepted };
}
