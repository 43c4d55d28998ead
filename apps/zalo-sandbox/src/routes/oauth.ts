import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { pkceChallenge } from '@zc/zalo/oauth';
import type { Sandbox } from '../sandbox';
import { acceptGeneration, parseToken, rotate } from '../tokens';

const CODE_TTL_MS = 10 * 60_000;

/** OAuth errors have their own body shape (no envelope), still with HTTP 200. */
function oauthError(code: number, description?: string) {
  const e = explainZaloError(code, 'oauth');
  return { error: code, error_name: e.zaloMessage, error_description: description ?? e.en.meaning, error_reason: '', ref_doc: 'https://developers.zalo.me/docs/official-account/bat-dau/xac-thuc-va-uy-quyen-cho-ung-dung-new' };
}

function isLoopback(uri: string): boolean {
  try {
    const u = new URL(uri);
    return (u.protocol === 'http:' || u.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/** OAuth v4 for OAs: consent (auto-approved, redirects at once) and the token endpoint. */
export function registerOauthRoutes(app: FastifyInstance, sb: Sandbox): void {
  // Zalo shows a consent page; the sandbox approves on behalf of the OA admin. `oa_id` picks the OA.
  app.get('/oauth/v4/oa/permission', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const zapp = q.app_id ? sb.state.apps.get(q.app_id) : undefined;
    if (!zapp) return oauthError(-14002);
    const redirectUri = q.redirect_uri ?? '';
    const allowed = zapp.redirectUris.length ? zapp.redirectUris.includes(redirectUri) : isLoopback(redirectUri);
    if (!allowed) return oauthError(-14003);
    const oa = [...sb.state.oas.values()].find((o) => o.appId === zapp.appId && (!q.oa_id || o.oaId === q.oa_id));
    if (!oa) return oauthError(-14002, 'No OA linked to this app');
    const code = randomBytes(24).toString('base64url');
    sb.state.authCodes.set(code, { appId: zapp.appId, oaId: oa.oaId, challenge: q.code_challenge ?? '', redirectUri, expiresAt: sb.clock.now() + CODE_TTL_MS, used: false });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('oa_id', oa.oaId);
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/oauth/v4/oa/access_token', async (req) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, string | undefined>;
    const now = sb.clock.now();
    const zapp = body.app_id ? sb.state.apps.get(body.app_id) : undefined;
    if (!zapp) return oauthError(-14002);
    if (req.headers.secret_key !== zapp.secretKey) return oauthError(-14004);
    if (body.grant_type === 'authorization_code') {
      const entry = body.code ? sb.state.authCodes.get(body.code) : undefined;
      if (!entry || entry.used || entry.expiresAt <= now || entry.appId !== zapp.appId) return oauthError(-14005);
      entry.used = true; // single use, even when the verifier is wrong
      if (entry.challenge && pkceChallenge(body.code_verifier ?? '') !== entry.challenge) return oauthError(-14005, 'Invalid code verifier');
      const oa = sb.state.oas.get(entry.oaId);
      if (!oa) return oauthError(-14005);
      return rotate(oa, now);
    }
    if (body.grant_type === 'refresh_token') {
      const parsed = parseToken(body.refresh_token);
      const oa = parsed?.kind === 'r' ? sb.state.oas.get(parsed.oaId) : undefined;
      // A reused (older generation) refresh token is refused: rotation already consumed it.
      if (!parsed || !oa || oa.appId !== zapp.appId || !acceptGeneration(oa, parsed.gen, now)) return oauthError(-14014);
      return rotate(oa, now);
    }
    return oauthError(-14018);
  });
}
