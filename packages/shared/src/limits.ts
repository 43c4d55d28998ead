/** Business constants of §9 shared by server validation and web forms. */
export const LIMITS = {
  otpLength: 6,
  otpTtlSeconds: 300,
  otpMaxAttempts: 5,
  otpLockSeconds: 900,
  otpResendGuardSeconds: 5,
  defaultPageSize: 10,
  maxPageSize: 1000,
  notificationPageSize: 20,
  uploadMaxBytes: 5 * 1024 * 1024,
  avatarMaxBytes: 5 * 1024 * 1024,
  displayNameMax: 100,
  tenantNameMax: 100,
  merchantNameMax: 100,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  exactTotalCap: 10_000,
} as const;

export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  display: 'DD/MM/YYYY',
  time: 'HH:mm',
  month: 'YYYY-MM',
  displayDateTime: 'DD/MM/YYYY HH:mm:ss',
} as const;
