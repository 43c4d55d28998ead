import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { ApiError } from './api-client';
import { errorTextKey } from './error-text';
import viErrors from '../locales/vi/errors.json';
import enErrors from '../locales/en/errors.json';

async function translator(lng: 'vi' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { vi: { errors: viErrors }, en: { errors: enErrors } }, defaultNS: 'errors', interpolation: { escapeValue: false } });
  return (error: unknown) => {
    const { key, values } = errorTextKey(error);
    return i18n.t(key, values);
  };
}

const tooSoon = new ApiError(429, { error: { code: 'OTP_TOO_SOON', message: 'Please try again after 4', details: { retryAfterSeconds: 4 } } });

describe('error texts', () => {
  it('maps a code to the §8 text in en and to Vietnamese in vi, with the wait of a 429', async () => {
    expect((await translator('en'))(tooSoon)).toBe('Please try again after 4');
    expect((await translator('vi'))(tooSoon)).toBe('Vui lòng thử lại sau 4 giây');
  });

  it('reads the wait from the message when the details carry none', () => {
    expect(errorTextKey(new ApiError(429, { error: { code: 'OTP_TOO_SOON', message: 'Please try again after 2' } }))).toEqual({ key: 'OTP_TOO_SOON', values: { seconds: 2 } });
  });

  it('never shows the English server message in the vi console', async () => {
    const vi = await translator('vi');
    expect(vi(new ApiError(404, { error: { code: 'API_KEY_NOT_FOUND', message: 'API key not found' } }))).toBe('Không tìm thấy API key');
    expect(vi(new ApiError(401, { error: { code: 'LOGIN_FAILED', message: 'Login failed. Account is not exist!' } }))).not.toMatch(/Login failed/);
    expect(vi(new TypeError('Failed to fetch'))).toBe('Xin lỗi, đã có lỗi xảy ra.');
  });
});
