import type { FastifyInstance } from 'fastify';
import {
  issueMiniAppAccessToken, issuePhoneToken, MINI_APP_ACCESS_TOKEN_LIFETIME_S, MINI_APP_PHONE_TOKEN_LIFETIME_MS, nextMiniAppUserId,
  parseMiniAppAccessToken, type MiniAppGender, type MiniAppUser,
} from '../mini-app-state';
import type { Sandbox } from '../sandbox';

type Body = Record<string, unknown>;
const body = (b: unknown): Body => (typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const GENDERS: readonly MiniAppGender[] = ['male', 'female', 'none'];

const view = (u: MiniAppUser) => ({ userId: u.id, idByOA: u.idByOA, name: u.name, avatar: u.avatar, phone: u.phone, gender: u.gender, followedOA: u.followedOA });

/**
 * Mini App controls (plain JSON, not Zalo), what Zalo itself does on the phone: a user opens the
 * mini app (`users` → an access token, as zmp-sdk getAccessToken), shares their phone
 * (`phone-token`, as getPhoneNumber), follows the OA (`follow`), and the developer registers an
 * app's secret (`apps`). Under `/_control/mini-app/*`, and `/control/mini-app/*` as the agreement
 * (/tmp/zma-api.md §5) spells it.
 */
export function registerMiniAppControlRoutes(app: FastifyInstance, sb: Sandbox): void {
  const st = () => sb.state.miniApp;
  for (const base of ['/_control/mini-app', '/control/mini-app']) {
    // {appId, secret, name?} → registered: /me then checks appsecret_proof and /me/info secret_key.
    app.post(`${base}/apps`, async (req, reply) => {
      const b = body(req.body);
      const appId = str(b.appId);
      const secret = str(b.secret);
      if (!appId || !/^\d{5,30}$/.test(appId) || !secret) return reply.code(400).send({ error: 'appId (digits) and secret are required' });
      st().apps.set(appId, { appId, secret, name: str(b.name) ?? `Mini app ${appId}` });
      return { appId, name: st().apps.get(appId)?.name };
    });

    app.get(`${base}/users`, async () => [...st().users.values()].map(view));

    // {userId?} of a known user, or a new one {name?, avatar?, phone?, gender?, followedOA?}; {appId?, expiresInSeconds?}
    // → {userId, accessToken, expiresIn, user}: the token zmp-sdk getAccessToken() would give.
    app.post(`${base}/users`, async (req, reply) => {
      const b = body(req.body);
      const now = sb.clock.now();
      const appId = str(b.appId) ?? null;
      if (appId !== null && !/^\d{5,30}$/.test(appId)) return reply.code(400).send({ error: 'appId must be digits' });
      const gender = b.gender === undefined ? undefined : GENDERS.find((g) => g === b.gender);
      if (b.gender !== undefined && !gender) return reply.code(400).send({ error: `gender must be one of ${GENDERS.join(', ')}` });
      const phone = str(b.phone);
      if (phone !== undefined && !/^84\d{9,10}$/.test(phone)) return reply.code(400).send({ error: 'phone must be 84 followed by 9–10 digits' });
      const ttl = typeof b.expiresInSeconds === 'number' && Number.isFinite(b.expiresInSeconds) ? Math.trunc(b.expiresInSeconds) : MINI_APP_ACCESS_TOKEN_LIFETIME_S;
      let user: MiniAppUser | undefined;
      const known = str(b.userId);
      if (known) {
        user = st().users.get(known);
        if (!user) return reply.code(404).send({ error: 'unknown userId' });
      } else {
        const id = nextMiniAppUserId(st(), now);
        user = {
          id, idByOA: `88${id.slice(2)}`, name: str(b.name) ?? `Khách ${id.slice(-4)}`, avatar: str(b.avatar) ?? `https://s120-ava-talk.zadn.vn/sandbox/zma-${id.slice(-4)}.jpg`,
          phone: phone ?? `8491${id.slice(-7)}`, gender: gender ?? 'none', followedOA: b.followedOA === true, isSensitive: false,
        };
        st().users.set(id, user);
      }
      return { userId: user.id, accessToken: issueMiniAppAccessToken(user.id, appId, now + ttl * 1000), expiresIn: ttl, user: view(user) };
    });

    // {accessToken} → {token, expiresIn: 120}: a getPhoneNumber() token, valid 2 minutes, once.
    app.post(`${base}/phone-token`, async (req, reply) => {
      const parsed = parseMiniAppAccessToken(str(body(req.body).accessToken));
      if (!parsed || !st().users.has(parsed.userId)) return reply.code(400).send({ error: 'accessToken is not a mini-app access token of a known user' });
      return { token: issuePhoneToken(st(), parsed.userId, parsed.appId, sb.clock.now()), expiresIn: MINI_APP_PHONE_TOKEN_LIFETIME_MS / 1000 };
    });

    // {accessToken, followed} → the user follows (or stops following) the OA, as zmp-sdk followOA().
    app.post(`${base}/follow`, async (req, reply) => {
      const b = body(req.body);
      const parsed = parseMiniAppAccessToken(str(b.accessToken));
      const user = parsed ? st().users.get(parsed.userId) : undefined;
      if (!user || typeof b.followed !== 'boolean') return reply.code(400).send({ error: 'accessToken of a known user and followed (boolean) are required' });
      user.followedOA = b.followed;
      return view(user);
    });

    // ?accessToken= → zmp-sdk getUserInfo()'s userInfo (id, name, avatar, idByOA, followedOA, isSensitive).
    app.get(`${base}/user-info`, async (req, reply) => {
      const parsed = parseMiniAppAccessToken(str((req.query as Body).accessToken));
      const user = parsed ? st().users.get(parsed.userId) : undefined;
      if (!user) return reply.code(400).send({ error: 'accessToken of a known user is required' });
      return { userInfo: { id: user.id, name: user.name, avatar: user.avatar, idByOA: user.idByOA, followedOA: user.followedOA, isSensitive: user.isSensitive } };
    });
  }
}
