/** Mail-link calls may run without a session: a 401/403 is an answer to show, not a sign-out. */
export const PUBLIC_CALL = { handleAuthErrors: false, merchantId: null, tenantId: null } as const;
