import { describe, expect, it } from 'vitest';
import { canSubmitOtp, classifyOtpError, parseRetryAfter, sanitizeOtp, secondsLeft, splitWait } from './otp-logic';

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
});
