const SECRET_KEY = /pass(word)?|secret|token|otp|api[-_]?key|authorization|cookie/i;

/** Deep copy with secret-looking keys replaced, for audit before/after and logs. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? '[REDACTED]' : redactSecrets(v, depth + 1);
  }
  return out;
}

/** pino redact paths: headers and bodies never reach the logs with secrets. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers.secret_key',
  'req.headers.access_token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.otp',
  '*.token',
  '*.secret',
];
