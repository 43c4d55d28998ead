import { INVITATION_TTL_DAYS, type Invitation } from '@zc/shared/api/organisation';
import type { Profile } from '@zc/shared/api/auth';
import type { MerchantRole } from '@zc/shared/permissions';
import { LIMITS } from '@zc/shared/limits';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import { queueMail } from '../../platform/mail';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import { lockOrganisation } from '../organisation/service';
import { setTenantMemberships } from '../users/service';
import { inviteDenial, revokeDenial } from './policy';
import { presentInvitations, presentReceivedInvitations, roleOf } from './presenter';
import {
  addMember,
  findInvitationByToken,
  findOrganisationInvitations,
  findReceivedInvitations,
  hasPendingInvitation as pendingInvitationFor,
  insertInvitation,
  isMember,
  isMemberByEmail,
  lockOrganisationInvitation,
  lockPendingInvitation,
  lockReceivedInvitation,
  setInvitationStatus,
  updateInvitation,
  type InvitationRow,
} from './repo';

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

const ROLE_TEXT: Record<MerchantRole, { vi: string; en: string }> = {
  OWNER: { vi: 'Chủ sở hữu', en: 'Owner' },
  ADMIN: { vi: 'Quản trị', en: 'Admin' },
  MODERATOR: { vi: 'Điều phối', en: 'Moderator' },
  USER: { vi: 'Người dùng', en: 'User' },
  MARKETING: { vi: 'Marketing', en: 'Marketing' },
  EU: { vi: 'Người dùng cuối', en: 'End user' },
};

/** Whether the address holds an invitation it can still accept (sign-in of an account without organisation). */
export async function hasPendingInvitation(db: DbOrTx, email: string): Promise<boolean> {
  return pendingInvitationFor(db, email);
}

/**
 * The accounts side of accepting from the mail link, given by the auth module's service (this
 * module does not import it: auth asks this one whether an invitation is pending, so the other
 * direction would be an import cycle).
 */
export interface InvitationAccounts<U extends { id: string; email: string; passwordHash: string }> {
  findByEmail(tx: Tx, email: string): Promise<U | null>;
  verifyPassword(hash: string, plain: string): Promise<boolean>;
  /** Creates the account; null when the address was registered meanwhile. */
  create(tx: Tx, input: { email: string; displayName: string; password: string }): Promise<U | null>;
  openSession(tx: Tx, user: U): Promise<{ accessToken: string; refreshToken: string; expiresIn: number; user: Profile }>;
}

/**
 * add-user (issue 8): invites an address into the organisation. Whether the address has an account
 * is never looked up here, so the answer, its timing and the mail are the same either way. An open
 * invitation of the same address is renewed in place (new link, role and tenants).
 */
export async function inviteToOrganisation(
  tx: Tx,
  deps: { publicUrl: string },
  actor: Actor & { displayName: string },
  input: { merchantId: string; email: string; role: MerchantRole; tenantIds: string[] },
  record: RecordAudit,
): Promise<Invitation> {
  const denial = inviteDenial(actor, input.role);
  if (denial) throw new AppError(denial.code, denial.message);
  const org = await lockOrganisation(tx, input.merchantId);
  if (await isMemberByEmail(tx, input.merchantId, input.email)) {
    throw new AppError('ALREADY_MEMBER', undefined, { fields: [{ path: 'email', code: 'already_member', message: 'The user is already a member' }] });
  }
  const token = randomToken();
  const values = {
    role: input.role,
    tenantIds: [...new Set(input.tenantIds)],
    tokenHash: sha256(token),
    invitedBy: actor.userId,
    expiresAt: new Date(Date.now() + TTL_MS),
  };
  const previous = await lockPendingInvitation(tx, input.merchantId, input.email);
  const row = previous ? await updateInvitation(tx, previous.id, values) : await insertInvitation(tx, { ...values, merchantId: input.merchantId, email: input.email });
  const role = ROLE_TEXT[input.role];
  // Names are the inviter's own text: each stays on one line, so it cannot pose as another line of the mail.
  const orgName = org.name.replace(/\s+/g, ' ').trim();
  const inviterName = actor.displayName.replace(/\s+/g, ' ').trim();
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
  const [presented] = await presentInvitations(tx, input.merchantId, [row], actor);
  if (!presented) throw new Error('presenter dropped the invitation');
  return presented;
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
  if (await isMember(tx, row.merchantId, user.id)) throw new AppError('ALREADY_MEMBER');
  await addMember(tx, row.merchantId, user.id, roleOf(row));
  await setTenantMemberships(tx, row.merchantId, user.id, row.tenantIds);
  await setInvitationStatus(tx, row.id, 'ACCEPTED');
  await record({
    merchantId: row.merchantId,
    tenantId: null,
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    after: { invitationId: row.id, email: row.email, role: row.role, tenantIds: row.tenantIds },
  });
  // merchant_invitations.role is written only from the MERCHANT_ROLES enum of addUserBody.
  return { merchantId: org.id, merchantName: org.name, role: roleOf(row) };
}

/** Declines for the invited person (signed in, or holding the mailed token). */
export async function declineInvitation(tx: Tx, row: InvitationRow, actorId: string | null, record: RecordAudit): Promise<void> {
  await setInvitationStatus(tx, row.id, 'DECLINED');
  await record({ merchantId: row.merchantId, tenantId: null, actorId, targetType: 'invitation', targetId: row.id, after: { email: row.email, status: 'DECLINED' } });
}

/** The organisation withdraws a pending invitation; an owner invitation only by an owner. */
export async function revokeInvitation(tx: Tx, actor: Actor, merchantId: string, id: string, record: RecordAudit): Promise<void> {
  const row = await lockOrganisationInvitation(tx, merchantId, id);
  if (!row) throw notFound();
  if (row.status !== 'PENDING') throw new AppError('INVITATION_DECIDED', undefined, { status: row.status });
  const denial = revokeDenial(actor, { role: roleOf(row) });
  if (denial) throw new AppError(denial.code, denial.message);
  await setInvitationStatus(tx, row.id, 'REVOKED');
  await record({ targetType: 'invitation', targetId: row.id, before: { email: row.email, role: row.role, status: 'PENDING' }, after: { status: 'REVOKED' } });
}

/**
 * The mail link without a session: the holder of the token proves the address; for an existing
 * account the password proves the account, otherwise the account is created with the password.
 * Opens a session, so an account without any organisation can come in through its invitation.
 */
export async function acceptWithPassword<U extends { id: string; email: string; passwordHash: string }>(
  tx: Tx,
  accounts: InvitationAccounts<U>,
  input: { token: string; password: string; displayName?: string },
  record: RecordAudit,
) {
  const row = await openInvitationByToken(tx, input.token, true);
  let user = await accounts.findByEmail(tx, row.email);
  if (user) {
    if (!(await accounts.verifyPassword(user.passwordHash, input.password))) throw new AppError('LOGIN_FAILED');
  } else {
    if (input.password.length < LIMITS.passwordMin) throw fieldError('password', `At least ${LIMITS.passwordMin} characters`, 'too_small');
    if (!input.displayName) throw fieldError('displayName', 'A display name is required for a new account', 'required');
    const created = await accounts.create(tx, { email: row.email, displayName: input.displayName, password: input.password });
    // Registered by another request between the look-up and the insert.
    if (!created) throw new AppError('EMAIL_TAKEN');
    user = created;
  }
  const accepted = await acceptInvitation(tx, row, user, record);
  const session = await accounts.openSession(tx, user);
  return { ...session, ...accepted };
}

/** The organisation's pending invitations (expired ones flagged), each with what the actor may do with it. */
export async function listOrganisationInvitations(db: DbOrTx, actor: Actor, q: Parameters<typeof findOrganisationInvitations>[1]) {
  const r = await findOrganisationInvitations(db, q);
  return { total: r.total, items: await presentInvitations(db, q.merchantId, r.items, actor) };
}

/** Pending, unexpired invitations sent to the signed-in address. */
export async function listReceivedInvitations(db: DbOrTx, email: string) {
  return presentReceivedInvitations(db, await findReceivedInvitations(db, email));
}

/** The mail link's view, for the token holder: the invitation and whether the address has an account. */
export async function previewInvitation(db: Db, token: string, hasAccount: (email: string) => Promise<boolean>) {
  const row = await db.transaction((tx) => openInvitationByToken(tx, token, false));
  const [view] = await presentReceivedInvitations(db, [row]);
  if (!view) throw new Error('invitation of a deleted organisation');
  return { ...view, hasAccount: await hasAccount(row.email) };
}

/** The address a mailed token was sent to, when the token names an invitation (any status). */
export async function invitedAddress(db: DbOrTx, token: string): Promise<string | null> {
  return (await findInvitationByToken(db, token, false))?.email ?? null;
}
