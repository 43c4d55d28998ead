import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FormInstance } from 'antd/es/form';
import { ApiError } from './api-client';
import { applyFieldErrors } from './form-errors';
import viErrors from '../locales/vi/errors.json';
import enErrors from '../locales/en/errors.json';

async function useLanguage(lng: 'vi' | 'en'): Promise<void> {
  await createInstance()
    .use(initReactI18next)
    .init({ lng, resources: { vi: { errors: viErrors }, en: { errors: enErrors } }, interpolation: { escapeValue: false } });
}

/** What applyFieldErrors hands the form. */
function recordingForm(): { form: FormInstance; set: Array<{ name: string[]; errors: string[] }> } {
  const set: Array<{ name: string[]; errors: string[] }> = [];
  const form = { setFields: (fields: Array<{ name: string[]; errors: string[] }>) => set.push(...fields) } as unknown as FormInstance; // only setFields is used
  return { form, set };
}

const exceeds = new ApiError(400, {
  error: {
    code: 'VALIDATION_FAILED',
    message: 'Request validation failed',
    details: {
      fields: [
        { path: 'billingBalance', code: 'exceeds_balance', message: 'The amount to subtract (5) cannot exceed the current balance (1)' },
        { path: 'threshold', code: 'something_new', message: 'Server text' },
      ],
    },
  },
});

describe('field errors on forms', () => {
  it('words a field issue by its code in the current language, the server message only for an unknown code', async () => {
    await useLanguage('vi');
    const vi = recordingForm();
    expect(applyFieldErrors(vi.form, exceeds, ['billingBalance', 'threshold'])).toBe(true);
    expect(vi.set).toEqual([
      { name: ['billingBalance'], errors: ['Số tiền trừ vượt quá số dư hiện tại'] },
      { name: ['threshold'], errors: ['Server text'] },
    ]);
    await useLanguage('en');
    const en = recordingForm();
    applyFieldErrors(en.form, exceeds, ['billingBalance']);
    expect(en.set).toEqual([{ name: ['billingBalance'], errors: ['The amount to subtract exceeds the current balance'] }]);
  });
});
