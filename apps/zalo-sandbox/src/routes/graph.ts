import type { FastifyInstance, FastifyRequest } from 'fastify';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { expectedProof, parseMiniAppAccessToken, type MiniAppUser } from '../mini-app-state';
import type { Sandbox } from '../sandbox';

/**
 * Social / Mini App graph (`/graph/v2.0`, REFERENCE §10, §13.6): `/me` (who the access token is,
 * `appsecret_proof` checked for registered apps) and `/me/info` (a getPhoneNumber token → the
 * number; 2 minutes, single use). Flat bodies with `error`/`message`, HTTP 200 even on errors.
 */

class GraphFail extends Error {
  constructor(readonly code: number, message?: string) {
    super(message ?? explainZaloError(code, 'graph').zaloMessage);
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** The user and app of the `access_token` header, or Zalo's token error. */
function authenticate(sb: Sandbox, req: FastifyRequest): { user: MiniAppUser; appId: string | null; token: string } {
  const token = header(req, 'access_token');
  if (!token) throw new GraphFail(-1401);
  const parsed = parseMiniAppAccessToken(token);
  if (!parsed) throw new GraphFail(452);
  if (parsed.expiresAtMs <= sb.clock.now()) throw new GraphFail(-220);
  const user = sb.state.miniApp.users.get(parsed.userId);
  if (!user) throw new GraphFail(452);
  return { user, appId: parsed.appId, token };
}

const secretOf = (sb: Sandbox, appId: string | null): string | undefined => (appId ? sb.state.miniApp.apps.get(appId)?.secret : undefined);

function answer(fn: () => Record<string, unknown>): Record<string, unknown> {
  try {
    return { ...fn(), error: 0, message: 'Success' };
  } catch (e) {
    if (e instanceof GraphFail) return { error: e.code, message: e.message };
    throw e;
  }
}

export function registerGraphRoutes(app: FastifyInstance, sb: Sandbox): void {
  // GET /me?fields=id,name,picture — headers access_token, appsecret_proof.
  app.get('/graph/v2.0/me', async (req) =>
    answer(() => {
      const { user, appId, token } = authenticate(sb, req);
      const secret = secretOf(sb, appId);
      const proof = header(req, 'appsecret_proof');
      if (secret !== undefined && proof !== expectedProof(token, secret)) throw new GraphFail(-242);
      const raw = (req.query as Record<string, unknown>).fields;
      const fields = new Set((typeof raw === 'string' && raw ? raw : 'id,name').split(',').map((f) => f.trim()));
      const out: Record<string, unknown> = { id: user.id };
      if (fields.has('name')) out.name = user.name;
      if (fields.has('picture')) out.picture = { data: { url: user.avatar } };
      if (fields.has('gender')) out.gender = user.gender === 'none' ? '' : user.gender;
      return out;
    }),
  );

  // GET /me/info — headers access_token, code (the getPhoneNumber token), secret_key.
  app.get('/graph/v2.0/me/info', async (req) =>
    answer(() => {
      const { user, appId } = authenticate(sb, req);
      const code = header(req, 'code');
      if (!code) throw new GraphFail(-1400, 'code is required');
      const secret = secretOf(sb, appId);
      if (secret !== undefined && header(req, 'secret_key') !== secret) throw new GraphFail(-14004);
      const rec = sb.state.miniApp.phoneTokens.get(code);
      if (!rec || rec.userId !== user.id || (rec.appId !== null && appId !== null && rec.appId !== appId)) throw new GraphFail(-1400, 'Invalid code');
      if (rec.used) throw new GraphFail(-1400, 'The code was already used');
      if (rec.expiresAt <= sb.clock.now()) throw new GraphFail(-1400, 'The code has expired');
      rec.used = true;
      return { data: { number: user.phone } };
    }),
  );
}
