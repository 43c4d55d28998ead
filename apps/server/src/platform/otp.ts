import { and, eq } from 'drizzle-orm';
import { LIMITS } from '@zc/shared/limits';
import type { OTP_PURPOSES } from '@zc/shared/api/auth';
import { otpLockedMessage, otpTooSoonMessage } from '@zc/shared/errors';
import type { Tx } from '../db/client';
import { otpCodes } from '../db/schema/auth';
import { AppError } from './errors';

type OtpPurpose = (typeof OTP_PURPOSES)[number];
import { keyedHash, randomDigits, safeEqual } from './crypto';
import { queueMail } from './mail';

export interface OtpDeps {
  secret: string;
  now?: () => Date;
}

const secondsUntil = (t: Date, now: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));

function lockedError(until: Date, now: Date): AppError {
  const wait = secondsUntil(until, now);
  return new AppError('OTP_MAX_ATTEMPTS', otpLockedMessage(wait), { retryAfterSeconds: wait });
}

async function lockRow(tx: Tx, userId: string, purpose: OtpPurpose) {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .for('update');
  return row;
}

/**
 * Issues a 6-digit code by mail. Refused within 5 s of the previous one ('Please try again after N')
 * and while locked out after too many wrong attempts.
 */
export async function generateOtp(tx: Tx, deps: OtpDeps, input: { userId: string; email: string; purpose: OtpPurpose }): Promise<{ ttl: number }> {
  const now = deps.now?.() ?? new Date();
  const row = await lockRow(tx, input.userId, input.purpose);
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
  if (row) {
    const guardEnd = new Date(row.lastSentAt.getTime() + LIMITS.otpResendGuardSeconds * 1000);
    if (guardEnd > now) {
      const wait = secondsUntil(guardEnd, now);
      throw new AppError('OTP_TOO_SOON', otpTooSoonMessage(wait), { retryAfterSeconds: wait });
    }
  }
  const code = randomDigits(LIMITS.otpLength);
  const values = {
    codeHash: keyedHash(deps.secret, `${input.userId}:${input.purpose}:${code}`),
    expiresAt: new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000),
    attempts: 0,
    lockedUntil: null,
    lastSentAt: now,
  };
  await tx
    .insert(otpCodes)
    .values({ userId: input.userId, purpose: input.purpose, ...values })
    .onConflictDoUpdate({ target: [otpCodes.userId, otpCodes.purpose], set: values });
  await queueMail(tx, {
    to: input.email,
    subject: `Mã OTP / Your OTP code: ${code}`,
    text: `Mã OTP của bạn là ${code}, hiệu lực ${LIMITS.otpTtlSeconds / 60} phút.\nYour OTP code is ${code}, valid for ${LIMITS.otpTtlSeconds / 60} minutes.`,
  });
  return { ttl: LIMITS.otpTtlSeconds };
}

export type OtpOutcome = { ok: true } | { ok: false; error: AppError };

/**
 * Checks and consumes a code. Wrong attempts are counted and the row is written even when the
 * outcome is a failure, so callers commit the transaction and throw `error` afterwards.
 */
export async function consumeOtp(tx: Tx, deps: OtpDeps, input: { userId: string; purpose: OtpPurpose; otp: string | undefined }): Promise<OtpOutcome> {
  const now = deps.now?.() ?? new Date();
  const otp = input.otp?.trim();
  if (!otp) return { ok: false, error: new AppError('OTP_REQUIRED') };
  const row = await lockRow(tx, input.userId, input.purpose);
  if (row?.lockedUntil && row.lockedUntil > now) return { ok: false, error: lockedError(row.lockedUntil, now) };
  if (!row || !row.codeHash) return { ok: false, error: new AppError('OTP_INCORRECT') };
  if (row.expiresAt <= now) return { ok: false, error: new AppError('OTP_EXPIRED') };
  const expected = keyedHash(deps.secret, `${input.userId}:${input.purpose}:${otp}`);
  const where = and(eq(otpCodes.userId, input.userId), eq(otpCodes.purpose, input.purpose));
  if (!safeEqual(expected, row.codeHash)) {
    const attempts = row.attempts + 1;
    if (attempts >= LIMITS.otpMaxAttempts) {
      const lockedUntil = new Date(now.getTime() + LIMITS.otpLockSeconds * 1000);
      await tx.update(otpCodes).set({ attempts, lockedUntil, codeHash: null }).where(where);
      return { ok: false, error: lockedError(lockedUntil, now) };
    }
    await tx.update(otpCodes).set({ attempts }).where(where);
    return { ok: false, error: new AppError('OTP_INCORRECT') };
  }
  await tx.update(otpCodes).set({ codeHash: null, attempts: 0 }).where(where);
  return { ok: true };
}
