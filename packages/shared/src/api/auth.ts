import { z } from 'zod';
import { LIMITS } from '../limits';
import { MERCHANT_ROLES } from '../permissions';

export const email = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());
export const password = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);
export const displayName = z.string().trim().min(1).max(LIMITS.displayNameMax);

export const loginBody = z.strictObject({
  email,
  password: z.string().min(1).max(LIMITS.passwordMax),
});

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});

export const profile = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const loginResponse = z.object({ data: tokenPair.extend({ user: profile }) });

export const refreshBody = z.strictObject({ refreshToken: z.string().min(10).max(200) });
export const logoutBody = z.strictObject({ refreshToken: z.string().min(10).max(200).optional() });

export const registerBody = z.strictObject({
  email,
  password,
  displayName,
  organisationName: z.string().trim().min(1).max(LIMITS.merchantNameMax),
});

export const forgotPasswordBody = z.strictObject({ email });
export const resetPasswordBody = z.strictObject({ token: z.string().min(10).max(200), password });
export const changePasswordBody = z.strictObject({ currentPassword: z.string().min(1).max(LIMITS.passwordMax), newPassword: password });
/** The caller's other sessions are revoked; this one continues with the fresh token pair. */
export const changePasswordAnswer = z.object({ ok: z.literal(true), tokens: tokenPair });
export const updateProfileBody = z.strictObject({ displayName });

export const OTP_PURPOSES = ['API_KEY', 'GENERIC'] as const;
export const otpGenerateBody = z.strictObject({ purpose: z.enum(OTP_PURPOSES).default('GENERIC') });
export const otpGenerateResponse = z.object({ data: z.object({ ttl: z.number().int() }) });
export const otpVerifyBody = z.strictObject({
  purpose: z.enum(OTP_PURPOSES).default('GENERIC'),
  otp: z.string().optional(),
});

export const checkEuResponse = z.object({
  data: z.object({
    isEU: z.boolean(),
    merchantId: z.uuid().nullable(),
    tenantId: z.uuid().nullable(),
  }),
});

export const merchantRole = z.enum(MERCHANT_ROLES);
