import { describe, expect, it } from 'vitest';
import { canSubmitOtp, classifyOtpError, isSendDue, parseRetryAfter, sanitizeOtp, secondsLeft, sendNotice, sendStateAfter, sentState, splitWait } from './otp-logic';

describe('OTP dialog rules (§4/§8/§9)', () => {
  it('keeps at most six digits and submits only at exactly six', () => {
    expect(sanitizeOtp('12a3 45678')).toBe('123456');
    expect(canSubmitOtp('12345')).toBe(false);
    expect(canSubmitOtp('123456')).toBe(true);
    expect(canSubmitOtp('')).toBe(false);
  });

  it('parses the wait of the lockout and too-soon messages', () => {
    expect(parseRetryAfter('You have reached the maximum number of OTP attempts. Please try again after 900')).toBe(900);
    expect(parseRetryAfter('Please try again after 4')).toBe(4);
    expect(parseRetryAfter('OTP is incorrect')).toBeNull();
    expect(splitWait(899)).toEqual({ minutes: 14, seconds: 59 });
    expect(splitWait(-3)).toEqual({ minutes: 0, seconds: 0 });
  });

  it('classifies the §8 answers', () => {
    expect(classifyOtpError('You have reached the maximum number of OTP attempts. Please try again after 65')).toEqual({ kind: 'locked', seconds: 65 });
    expect(classifyOtpError('Please try again after 3', 'OTP_TOO_SOON')).toEqual({ kind: 'tooSoon', seconds: 3 });
    expect(classifyOtpError('OTP is incorrect')).toEqual({ kind: 'incorrect' });
    expect(classifyOtpError('OTP is expired')).toEqual({ kind: 'expired' });
    expect(classifyOtpError('OTP is required')).toEqual({ kind: 'required' });
    expect(classifyOtpError('Require OTP')).toEqual({ kind: 'required' });
    expect(classifyOtpError('Something else')).toEqual({ kind: 'other', message: 'Something else' });
  });

  it('counts down whole seconds', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(9_000, 10_000)).toBe(0);
    expect(secondsLeft(null, 10_000)).toBe(0);
  });

  it('says a code was sent only after the server sent one', () => {
    expect(sendNotice({ kind: 'sending' }, 0)).toEqual({ key: 'otp.sending' });
    expect(sendNotice(sentState(300, 1_000), 1_000)).toEqual({ key: 'otp.sent' });
    expect(sentState(300, 1_000)).toEqual({ kind: 'sent', expiresAt: 301_000 });
  });

  it('answers 429 OTP_TOO_SOON with a countdown, not "sent", and sends once the guard has run out', () => {
    const refused = sendStateAfter(classifyOtpError('Please try again after 3', 'OTP_TOO_SOON', 3), 10_000);
    expect(refused).toEqual({ kind: 'waiting', until: 13_000 });
    expect(sendNotice(refused, 10_000)).toEqual({ key: 'otp.waiting', seconds: 3 });
    expect(sendNotice(refused, 11_200)).toEqual({ key: 'otp.waiting', seconds: 2 });
    expect(isSendDue(refused, 12_999)).toBe(false);
    expect(isSendDue(refused, 13_000)).toBe(true);
    expect(isSendDue(sentState(300, 0), 999_999)).toBe(false);
  });

  it('says nothing was sent when the request was refused otherwise', () => {
    expect(sendStateAfter(classifyOtpError('You have reached the maximum number of OTP attempts. Please try again after 60', 'OTP_MAX_ATTEMPTS', 60), 0)).toEqual({ kind: 'locked', until: 60_000 });
    expect(sendNotice({ kind: 'locked', until: 60_000 }, 0)).toEqual({ key: 'otp.notSent' });
    expect(sendNotice(sendStateAfter({ kind: 'other', message: 'Failed to fetch' }, 0), 0)).toEqual({ key: 'otp.notSent' });
  });
});
