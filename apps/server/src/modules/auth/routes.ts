import {
  changePasswordAnswer,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  logoutBody,
  otpGenerateBody,
  otpGenerateResponse,
  otpVerifyBody,
  profile,
  refreshBody,
  registerBody,
  resetPasswordBody,
  tokenPair,
  updateProfileBody,
} from '@zc/shared/api/auth';
import { dataResponse, okResponse } from '@zc/shared/api/common';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { authenticated, publicAccess, requireUser } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { generateOtp, consumeOtp } from '../../platform/otp';
import * as auth from './service';
import { presentProfile } from './presenter';

const tags = ['Auth'];

/** Auth routes (§7 Auth, §8, §9): credential login, tokens, register, password reset, OTP. */
export function registerAuthRoutes(app: ZodApp, deps: ModuleDeps): void {
  const authDeps: auth.AuthDeps = { signer: deps.signer, refreshTtlDays: deps.config.refreshTokenTtlDays, publicUrl: deps.config.publicUrl };
  const limited = { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const meta = (req: FastifyRequest): auth.SessionMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
  const otpDeps = { secret: deps.config.appSecret };

  app.post(
    '/auth/login/credential',
    { config: { access: publicAccess, audit: 'AUTH_LOGIN', ...limited }, schema: { operationId: 'loginWithCredential', summary: 'Sign in with e-mail and password', description: 'Answers an access token (bearer, short-lived) and a refresh token. An unknown account and a wrong password answer the same 401 LOGIN_FAILED; 403 NO_MERCHANT / NO_TENANT when the account belongs nowhere yet (§8). Failures lock the account and the address for a while: 429 TOO_MANY_ATTEMPTS with `details.retryAfterSeconds`.', tags, security: [], body: loginBody, response: { 200: loginResponse } } },
    async (req) => {
      const user = await auth.checkLogin(deps.db, authDeps, req.body.email, req.body.password, req.ip);
      return { data: await runMutation(deps.db, req, (tx, record) => auth.login(tx, authDeps, user, meta(req), record)) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: publicAccess, audit: { none: 'token rotation is recorded in refresh_tokens, not per 15 minutes in the audit chain' }, ...limited },
      schema: { operationId: 'refreshSession', summary: 'Exchange the refresh token for a new access token', description: 'Rotates the refresh token: the answer carries a new pair and the old refresh token stops working. 401 REFRESH_TOKEN_INVALID for an unknown or expired one; presenting an already used one answers 401 REFRESH_TOKEN_REUSED and revokes the whole session.', tags, security: [], body: refreshBody, response: { 200: dataResponse(tokenPair) } },
    },
    async (req) => {
      const outcome = await deps.db.transaction((tx) => auth.rotateRefreshToken(tx, authDeps, req.body.refreshToken));
      if (!outcome.ok) throw outcome.error;
      const { ok: _ok, ...pair } = outcome;
      return { data: pair };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: authenticated, audit: 'AUTH_LOGOUT' }, schema: { operationId: 'logout', summary: 'Sign out and revoke the refresh token', tags, body: logoutBody.optional(), response: { 200: okResponse } } },
    async (req) => {
      const sessionId = req.ctx.sessionId;
      await runMutation(deps.db, req, async (tx, record) => {
        if (sessionId) await auth.revokeSession(tx, sessionId, 'logout');
        await record({ merchantId: null, targetType: 'session', targetId: sessionId });
      });
      return { data: { ok: true as const } };
    },
  );

  app.get('/auth', { config: { access: authenticated }, schema: { operationId: 'getProfile', summary: 'Get the signed-in user\'s profile', tags, response: { 200: dataResponse(profile) } } }, async (req) => {
    return { data: presentProfile(await auth.getUser(deps.db, requireUser(req.ctx).id)) };
  });

  app.patch(
    '/auth/profile',
    { config: { access: authenticated, audit: 'AUTH_PROFILE_UPDATE' }, schema: { operationId: 'updateProfile', summary: 'Update the signed-in user\'s profile', tags, body: updateProfileBody, response: { 200: dataResponse(profile) } } },
    async (req) => ({
      data: await runMutation(deps.db, req, (tx, record) => auth.updateProfile(tx, requireUser(req.ctx).id, req.body.displayName, record)),
    }),
  );

  app.post(
    '/auth/register',
    { config: { access: publicAccess, audit: 'AUTH_REGISTER', ...limited }, schema: { operationId: 'register', summary: 'Create an account', description: 'Creates the user and signs them in (same answer as loginWithCredential). 409 EMAIL_TAKEN when the address is registered.', tags, security: [], body: registerBody, response: { 200: loginResponse } } },
    async (req) => ({ data: await runMutation(deps.db, req, (tx, record) => auth.register(tx, authDeps, req.body, meta(req), record)) }),
  );

  app.post(
    '/merchant/auth/forgot-password',
    {
      config: { access: publicAccess, audit: 'AUTH_PASSWORD_RESET_REQUEST', ...limited },
      schema: { operationId: 'forgotPassword', summary: 'Send a password reset link', description: 'Always answers ok, whether or not the address is registered (the answer never tells); repeated requests are throttled with 429 TOO_MANY_ATTEMPTS.', tags, security: [], body: forgotPasswordBody, response: { 200: okResponse } },
    },
    async (req) => {
      await auth.guardPasswordResetRequest(deps.db, req.body.email);
      await runMutation(deps.db, req, async (tx, record) => {
        await auth.requestPasswordReset(tx, authDeps, req.body.email, record);
        // Unknown emails answer the same; the entry keeps the mutation rule without naming anyone.
        if (!req.ctx.auditWritten) await record({ merchantId: null, actorId: null, targetType: 'user', targetId: null });
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/auth/reset-password',
    { config: { access: publicAccess, audit: 'AUTH_PASSWORD_RESET', ...limited }, schema: { operationId: 'resetPassword', summary: 'Set a new password with a reset token', description: 'The token comes from the e-mailed link (valid one hour, once; a newer link voids it); 400 RESET_TOKEN_INVALID when unknown, used or expired. Ends every session of the user.', tags, security: [], body: resetPasswordBody, response: { 200: okResponse } } },
    async (req) => {
      await runMutation(deps.db, req, (tx, record) => auth.resetPassword(tx, req.body.token, req.body.password, record));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/merchant/user/change-password',
    {
      config: { access: authenticated, audit: 'AUTH_PASSWORD_CHANGE' },
      schema: { operationId: 'changePassword', summary: 'Change the signed-in user\'s password', description: 'Checks the current password (400 PASSWORD_INCORRECT), revokes every session of the user and answers the tokens of a fresh one.', tags, body: changePasswordBody, response: { 200: dataResponse(changePasswordAnswer) } },
    },
    async (req) => {
      const tokens = await runMutation(deps.db, req, (tx, record) => auth.changePassword(tx, authDeps, requireUser(req.ctx).id, req.body, meta(req), record));
      return { data: { ok: true as const, tokens } };
    },
  );

  for (const path of ['/auth/otp/generate', '/merchant/otp/generate']) {
    app.post(
      path,
      { config: { access: authenticated, audit: 'OTP_GENERATE' }, schema: { operationId: path === '/auth/otp/generate' ? 'generateOtp' : 'generateMerchantOtp', summary: path === '/auth/otp/generate' ? 'Send a one-time password to the signed-in user' : 'Send a one-time password to the signed-in user (console path)', description: 'E-mails a one-time password for `purpose` (GENERIC by default; API_KEY for key actions) and answers its lifetime `ttl` in seconds. Asking again too soon answers 429 OTP_TOO_SOON ("Please try again after N"); after too many wrong codes 429 OTP_MAX_ATTEMPTS until the lock ends.', tags, body: otpGenerateBody.optional(), response: { 200: otpGenerateResponse } } },
      async (req) => {
        const user = requireUser(req.ctx);
        const purpose = req.body?.purpose ?? 'GENERIC';
        const result = await runMutation(deps.db, req, async (tx, record) => {
          const r = await generateOtp(tx, otpDeps, { userId: user.id, email: user.email, purpose });
          await record({ merchantId: null, targetType: 'otp', targetId: purpose });
          return r;
        });
        return { data: result };
      },
    );
  }

  app.post(
    '/auth/otp/verify',
    { config: { access: authenticated, audit: 'OTP_VERIFY' }, schema: { operationId: 'verifyOtp', summary: 'Verify a one-time password', description: 'Consumes the code of `purpose`: 400 OTP_REQUIRED without one, OTP_INCORRECT for a wrong one (attempts are counted), OTP_EXPIRED past its lifetime; 429 OTP_MAX_ATTEMPTS once locked.', tags, body: otpVerifyBody, response: { 200: okResponse } } },
    async (req) => {
      const user = requireUser(req.ctx);
      const outcome = await runMutation(deps.db, req, async (tx, record) => {
        const r = await consumeOtp(tx, otpDeps, { userId: user.id, purpose: req.body.purpose, otp: req.body.otp });
        if (r.ok) await record({ merchantId: null, targetType: 'otp', targetId: req.body.purpose });
        return r;
      });
      if (!outcome.ok) throw outcome.error;
      return { data: { ok: true as const } };
    },
  );
}
