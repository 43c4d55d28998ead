import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import {
  LOGIN_ACCOUNT,
  LOGIN_IP,
  RESET_ACCOUNT,
  accountKey,
  addressKey,
  claimLockNotice,
  clearThrottle,
  countFailure,
  hitThrottle,
  peekThrottle,
  tooManyAttempts,
} from '../../platform/throttle';
import { randomToken, sha256 } from '../../platform/crypto';
import type { TokenSigner } from '../../platform/tokens';
import type { RecordAudit } from '../../platform/mutation';
import { queueMail } from '../../platform/mail';
import { hasPendingInvitation, type InvitationAccounts } from '../invitations/service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  claimRefreshToken,
  findMerchantRoles,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  hasTenantMembership,
  insertOwnedOrganisation,
  insertPasswordReset,
  insertRefreshToken,
  insertSession,
  insertUser,
  lockOpenPasswordReset,
  revokeSessionRow,
  revokeUserSessions,
  updateUser,
  voidPasswordResets,
  type UserRow,
} from './repo';

import { presentProfile } from './presenter';


export interface AuthDeps {
  signer: TokenSigner;
  refreshTtlDays: number;
  publicUrl: string;
}

export interface SessionMeta {
  ip: string;
  userAgent: string | undefined;
}



async function issueRefreshToken(tx: DbOrTx, sessionId: string, ttlDays: number): Promise<string> {
  const token = randomToken();
  await insertRefreshToken(tx, { sessionId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlDays * 86_400_000) });
  return token;
}

/** Opens a session (a refresh-token family) and returns the first token pair. */
export async function openSession(tx: DbOrTx, deps: AuthDeps, userId: string, meta: SessionMeta) {
  const session = await insertSession(tx, { userId, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) });
  const refreshToken = await issueRefreshToken(tx, session.id, deps.refreshTtlDays);
  const accessToken = await deps.signer.sign({ sub: userId, sid: session.id });
  return { sessionId: session.id, accessToken, refreshToken, expiresIn: deps.signer.ttlSeconds };
}

/**
 * Checks an account's password under the sign-in throttle (docs/api-foundation.md, "Sign-in
 * throttling"): neither the address nor the account may be locked. The account counts each
 * attempt up front (concurrent guesses cannot outrun its lock) and a right password clears it;
 * the address counts confirmed failures only, so an office behind one address is not locked by
 * its own sign-ins. Throws LOGIN_FAILED or TOO_MANY_ATTEMPTS. Every route that accepts a password
 * for an account by email uses this, outside the request's transaction so the count survives a 401.
 */
export async function verifyAccountPassword(db: Db, deps: AuthDeps, email: string, password: string, ip: string): Promise<UserRow> {
  const account = accountKey(email);
  const address = addressKey(ip);
  const byAddress = await peekThrottle(db, LOGIN_IP, address);
  if (!byAddress.ok) throw tooManyAttempts(byAddress.retryAfterSeconds);
  const byAccount = await hitThrottle(db, LOGIN_ACCOUNT, account);
  if (!byAccount.ok) throw tooManyAttempts(byAccount.retryAfterSeconds);
  const user = await findUserByEmail(db, account);
  if (!user) await verifyAgainstDummy(password);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    // Unknown emails lock the same way (the answers never tell whether an account exists); only a real owner is mailed.
    await countFailure(db, LOGIN_IP, address);
    if (user && byAccount.lockSeconds > 0) await mailLockNotice(db, deps, user, byAccount.lockSeconds, ip);
    throw new AppError('LOGIN_FAILED');
  }
  await clearThrottle(db, LOGIN_ACCOUNT, account);
  return user;
}

/**
 * §8 login rules: unknown account or wrong password → 'Login failed. Account is not exist!';
 * no organisation → 'No merchants assigned'; no tenant and no right to create one → 'No tenant'.
 * The password check comes first, under the sign-in throttle.
 */
export async function checkLogin(db: Db, deps: AuthDeps, email: string, password: string, ip: string): Promise<UserRow> {
  const user = await verifyAccountPassword(db, deps, email, password, ip);
  // merchant_members.role is written only from the MERCHANT_ROLES enum.
  const roles = (await findMerchantRoles(db, user.id)) as MerchantRole[];
  if (roles.length === 0) {
    // Someone invited before belonging anywhere signs in to answer the invitation (issue 8).
    if (await hasPendingInvitation(db, user.email)) return user;
    throw new AppError('NO_MERCHANT');
  }
  const seesAllTenants = roles.some((r) => ORGANISATION_WIDE_ROLES.includes(r) || MERCHANT_ROLE_PERMISSIONS[r].includes('CREATE_TENANT'));
  if (!seesAllTenants) {
    if (!(await hasTenantMembership(db, user.id))) throw new AppError('NO_TENANT');
  }
  return user;
}

/** Tells the account holder (vi + en) that sign-in is locked, at most once per lock and hour. */
async function mailLockNotice(db: Db, deps: AuthDeps, user: UserRow, lockSeconds: number, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimLockNotice(tx, LOGIN_ACCOUNT, accountKey(user.email)))) return;
    const minutes = Math.ceil(lockSeconds / 60);
    await queueMail(tx, {
      to: user.email,
      subject: 'Đăng nhập tạm thời bị khoá / Sign-in temporarily locked',
      text: [
        `Tài khoản ${user.email} vừa bị nhập sai mật khẩu nhiều lần (lần gần nhất từ địa chỉ ${ip}), nên việc đăng nhập bị tạm khoá trong ${minutes} phút.`,
        `Nếu không phải bạn, hãy đặt lại mật khẩu tại: ${deps.publicUrl}/forgot-password`,
        '',
        `Too many wrong passwords were entered for ${user.email} (the last one from ${ip}), so sign-in is locked for ${minutes} minute(s).`,
        `If this was not you, reset your password here: ${deps.publicUrl}/forgot-password`,
      ].join('\n'),
    });
  });
}

/**
 * Opens the session and records the sign-in in the user's own chain (merchantId null): an
 * organisation's audit log holds its membership events, not where its members sign in.
 */
export async function login(tx: Tx, deps: AuthDeps, user: UserRow, meta: SessionMeta, record: RecordAudit) {
  const pair = await openSession(tx, deps, user.id, meta);
  await record({ merchantId: null, actorId: user.id, targetType: 'session', targetId: pair.sessionId });
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn, user: presentProfile(user) };
}

export type RefreshOutcome =
  | { ok: true; accessToken: string; refreshToken: string; expiresIn: number }
  | { ok: false; error: AppError };

/**
 * Rotates a refresh token. A token presented twice means it leaked: the whole session is revoked
 * (committed) and the caller answers REFRESH_TOKEN_REUSED.
 */
export async function rotateRefreshToken(tx: Tx, deps: AuthDeps, token: string): Promise<RefreshOutcome> {
  const row = await findRefreshToken(tx, sha256(token));
  if (!row || row.session.revokedAt || row.rt.expiresAt <= new Date()) return { ok: false, error: new AppError('REFRESH_TOKEN_INVALID') };
  if (!(await claimRefreshToken(tx, row.rt.id))) {
    await revokeSessionRow(tx, row.session.id, 'refresh token reuse');
    return { ok: false, error: new AppError('REFRESH_TOKEN_REUSED') };
  }
  const refreshToken = await issueRefreshToken(tx, row.session.id, deps.refreshTtlDays);
  const accessToken = await deps.signer.sign({ sub: row.session.userId, sid: row.session.id });
  return { ok: true, accessToken, refreshToken, expiresIn: deps.signer.ttlSeconds };
}

export async function revokeSession(tx: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await revokeSessionRow(tx, sessionId, reason);
}

export async function revokeAllSessions(tx: DbOrTx, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
  await revokeUserSessions(tx, userId, reason, exceptSessionId);
}

/** Whether an account holds the address (the invitation link's view tells its token holder). */
export async function accountExists(db: DbOrTx, email: string): Promise<boolean> {
  return Boolean(await findUserByEmail(db, email));
}

/**
 * The accounts side of accepting an invitation from its mail link: look the address up, check a
 * password, create the account, open a session (invitations' service asks through this).
 */
export function invitationAccounts(deps: AuthDeps, meta: SessionMeta): InvitationAccounts<UserRow> {
  return {
    findByEmail: async (tx, email) => (await findUserByEmail(tx, email)) ?? null,
    verifyPassword,
    create: async (tx, input) => {
      return insertUser(tx, { email: input.email, displayName: input.displayName, passwordHash: await hashPassword(input.password) }, true);
    },
    openSession: async (tx, user) => {
      const pair = await openSession(tx, deps, user.id, meta);
      return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn, user: presentProfile(user) };
    },
  };
}

export async function getUser(db: DbOrTx, id: string): Promise<UserRow> {
  const u = await findUserById(db, id);
  if (!u) throw new AppError('UNAUTHORIZED');
  return u;
}

/** Creates an account with its own organisation, the caller becoming its OWNER. */
export async function register(
  tx: Tx,
  deps: AuthDeps,
  input: { email: string; password: string; displayName: string; organisationName: string },
  meta: SessionMeta,
  record: RecordAudit,
) {
  if (await findUserByEmail(tx, input.email)) {
    throw new AppError('EMAIL_TAKEN', undefined, { fields: [{ path: 'email', code: 'taken', message: 'This email is already registered' }] });
  }
  const user = await insertUser(tx, { email: input.email, passwordHash: await hashPassword(input.password), displayName: input.displayName });
  if (!user) throw new Error('user insert returned nothing');
  const merchant = await insertOwnedOrganisation(tx, user.id, input.organisationName);
  const pair = await openSession(tx, deps, user.id, meta);
  await record({ merchantId: merchant.id, actorId: user.id, targetType: 'user', targetId: user.id, after: { email: user.email, displayName: user.displayName, organisation: merchant.name } });
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn, user: presentProfile(user) };
}

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Counts a reset request for the email (known or not, so a 429 tells nothing about the account);
 * throws TOO_MANY_ATTEMPTS past the RESET_ACCOUNT allowance.
 */
export async function guardPasswordResetRequest(db: Db, email: string): Promise<void> {
  const hit = await hitThrottle(db, RESET_ACCOUNT, accountKey(email));
  if (!hit.ok) throw tooManyAttempts(hit.retryAfterSeconds);
}

/**
 * Mails a one-hour reset link when the account exists; answers the same either way. The new link
 * voids every earlier one, so at most one reset link per account is ever live.
 */
export async function requestPasswordReset(tx: Tx, deps: AuthDeps, email: string, record: RecordAudit): Promise<void> {
  const user = await findUserByEmail(tx, email);
  if (!user) return;
  await voidResetTokens(tx, user.id);
  const token = randomToken();
  await insertPasswordReset(tx, { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  await queueMail(tx, {
    to: user.email,
    subject: 'Đặt lại mật khẩu / Reset your password',
    text: `Mở liên kết sau để đặt lại mật khẩu (hiệu lực 1 giờ):\nOpen this link to reset your password (valid for 1 hour):\n${deps.publicUrl}/forgot-password?token=${token}`,
  });
  await record({ merchantId: null, actorId: user.id, targetType: 'user', targetId: user.id });
}

async function voidResetTokens(tx: DbOrTx, userId: string): Promise<void> {
  await voidPasswordResets(tx, userId);
}

/** Sets the new password, ends every session and every other reset link, and lifts a sign-in lock (the mailbox owner proved themselves). */
export async function resetPassword(tx: Tx, token: string, password: string, record: RecordAudit): Promise<void> {
  const row = await lockOpenPasswordReset(tx, sha256(token));
  if (!row) throw new AppError('RESET_TOKEN_INVALID');
  await voidResetTokens(tx, row.userId);
  const user = await updateUser(tx, row.userId, { passwordHash: await hashPassword(password) });
  await revokeAllSessions(tx, row.userId, 'password reset');
  if (user) await clearThrottle(tx, LOGIN_ACCOUNT, accountKey(user.email));
  await record({ merchantId: null, actorId: row.userId, targetType: 'user', targetId: row.userId });
}

/** Changes the password, revokes every session and opens a fresh one for the caller. */
export async function changePassword(
  tx: Tx,
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  meta: SessionMeta,
  record: RecordAudit,
) {
  const user = await getUser(tx, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('PASSWORD_INCORRECT', undefined, { fields: [{ path: 'currentPassword', code: 'incorrect', message: 'Current password is incorrect' }] });
  }
  await updateUser(tx, userId, { passwordHash: await hashPassword(input.newPassword) });
  await revokeAllSessions(tx, userId, 'password change');
  const pair = await openSession(tx, deps, userId, meta);
  await record({ merchantId: null, targetType: 'user', targetId: userId });
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn };
}

export async function updateProfile(tx: Tx, userId: string, displayName: string, record: RecordAudit) {
  const before = await getUser(tx, userId);
  const after = await updateUser(tx, userId, { displayName });
  if (!after) throw new AppError('UNAUTHORIZED');
  await record({ merchantId: null, targetType: 'user', targetId: userId, before: { displayName: before.displayName }, after: { displayName } });
  return presentProfile(after);
}

export type { Db };
