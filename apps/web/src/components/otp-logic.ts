/**
 * Pure rules of the §4/§8/§9 OTP dialog, kept apart from React so they can be unit-tested.
 */

/** §9: OTP length 6, dialog width 400, re-request guard 5 seconds. */
export const OTP_LENGTH = 6;
export const OTP_DIALOG_WIDTH = 400;
export const OTP_RESEND_GUARD_SECONDS = 5;

/** The §8 texts the dialog recognises in server messages (shown through the errors locale, never raw). */
export const OTP_TEXTS = {
  maxAttempts: 'You have reached the maximum number of OTP attempts',
  tryAgainAfter: 'Please try again after',
  incorrect: 'OTP is incorrect',
  required: 'OTP is required',
  requireOtp: 'Require OTP',
  expired: 'expired',
} as const;

/** Only digits, at most six: what the input keeps of what was typed or pasted. */
export function sanitizeOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** §5: submit only when the length is exactly 6 digits. */
export function canSubmitOtp(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** The N of 'Please try again after N' (seconds), or null when the message has none. */
export function parseRetryAfter(message: string): number | null {
  const match = /try again after\s+(\d+)/i.exec(message);
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Splits a wait in seconds into minutes and seconds (the §8 lockout display). */
export function splitWait(totalSeconds: number): { minutes: number; seconds: number } {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return { minutes: Math.floor(s / 60), seconds: s % 60 };
}

export type OtpFailure =
  | { kind: 'locked'; seconds: number }
  | { kind: 'tooSoon'; seconds: number }
  | { kind: 'incorrect' }
  | { kind: 'expired' }
  | { kind: 'required' }
  | { kind: 'other'; message: string };

/**
 * Classifies a server answer of generate/submit by its §8 message (and code when present):
 * lockout with the parsed wait, 'Please try again after N', incorrect, expired, required, other.
 */
export function classifyOtpError(message: string, code?: string, retryAfterSeconds?: number): OtpFailure {
  const wait = retryAfterSeconds ?? parseRetryAfter(message);
  if (code === 'OTP_MAX_ATTEMPTS' || message.includes(OTP_TEXTS.maxAttempts)) return { kind: 'locked', seconds: wait ?? 0 };
  if (code === 'OTP_TOO_SOON' || (wait !== null && message.includes(OTP_TEXTS.tryAgainAfter))) return { kind: 'tooSoon', seconds: wait ?? OTP_RESEND_GUARD_SECONDS };
  if (code === 'OTP_INCORRECT' || message.includes(OTP_TEXTS.incorrect)) return { kind: 'incorrect' };
  if (code === 'OTP_REQUIRED' || message.includes(OTP_TEXTS.required) || message.includes(OTP_TEXTS.requireOtp)) return { kind: 'required' };
  if (code === 'OTP_EXPIRED' || message.toLowerCase().includes(OTP_TEXTS.expired)) return { kind: 'expired' };
  return { kind: 'other', message };
}

/** Whole seconds left until `until` (epoch ms), never negative. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Where the dialog's code request stands; what the dialog says follows the server's answer, so it
 * never claims a mail that was not sent. `waiting`: the server refused within the §9 re-request
 * guard (429 OTP_TOO_SOON, no mail) and the dialog sends by itself once `until` has passed.
 */
export type OtpSendState =
  | { kind: 'sending' }
  | { kind: 'sent'; expiresAt: number }
  | { kind: 'waiting'; until: number }
  | { kind: 'locked'; until: number }
  | { kind: 'failed' };

/** The state after a successful request answering `ttl` seconds at `at` (epoch ms). */
export function sentState(ttlSeconds: number, at: number): OtpSendState {
  return { kind: 'sent', expiresAt: at + ttlSeconds * 1000 };
}

/** The state after a refused request: wait out the guard, stay locked, or failed (resend by hand). */
export function sendStateAfter(failure: OtpFailure, at: number): OtpSendState {
  if (failure.kind === 'tooSoon') return { kind: 'waiting', until: at + failure.seconds * 1000 };
  if (failure.kind === 'locked') return { kind: 'locked', until: at + failure.seconds * 1000 };
  return { kind: 'failed' };
}

/** True when a `waiting` request is due: the guard has run out and the dialog sends now. */
export function isSendDue(state: OtpSendState, now: number): boolean {
  return state.kind === 'waiting' && now >= state.until;
}

/** The components-namespace text telling what happened to the code, with its countdown. */
export function sendNotice(state: OtpSendState, now: number): { key: 'otp.sending' | 'otp.sent' | 'otp.waiting' | 'otp.notSent'; seconds?: number } {
  switch (state.kind) {
    case 'sending':
      return { key: 'otp.sending' };
    case 'sent':
      return { key: 'otp.sent' };
    case 'waiting':
      return { key: 'otp.waiting', seconds: Math.max(1, secondsLeft(state.until, now)) };
    default:
      return { key: 'otp.notSent' };
  }
}
