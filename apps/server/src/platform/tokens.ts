import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from './errors';

/** Session and user ids are uuids; a signed token carrying anything else never reaches a uuid cast. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Short-lived HS256 access tokens bound to a session id (revocation ends them at the next request). */
export function createTokenSigner(appSecret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(`zc-access:${appSecret}`);
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !UUID.test(payload.sub) || !UUID.test(payload.sid)) {
          throw new AppError('UNAUTHORIZED');
        }
        return { sub: payload.sub, sid: payload.sid };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('UNAUTHORIZED');
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
