import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a mini-app (end-user) request is from: the customer, their mini app and its tenant. */
export interface CustomerClaims {
  customerId: string;
  zmaAppId: string;
  tenantId: string;
}

/**
 * Tokens of mini-app customers (`/api/zma/app/*`), HS256 under a key of their own, so a console
 * access token is never a customer token and the reverse. Issued after Zalo's `/me` confirmed the
 * user (modules/zma-customers sign-in); 12 hours, then the mini app signs in again.
 */
export function createCustomerTokens(appSecret: string, ttlSeconds = 12 * 3600) {
  const key = new TextEncoder().encode(`zc-zma-customer:${appSecret}`);
  return {
    ttlSeconds,
    async sign(claims: CustomerClaims): Promise<string> {
      return new SignJWT({ zma: claims.zmaAppId, tid: claims.tenantId, typ: 'zma-customer' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.customerId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<CustomerClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, zma, tid, typ } = payload as { sub?: unknown; zma?: unknown; tid?: unknown; typ?: unknown };
        if (typ !== 'zma-customer' || typeof sub !== 'string' || typeof zma !== 'string' || typeof tid !== 'string') throw new AppError('UNAUTHORIZED');
        if (!UUID.test(sub) || !UUID.test(zma) || !UUID.test(tid)) throw new AppError('UNAUTHORIZED');
        return { customerId: sub, zmaAppId: zma, tenantId: tid };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('UNAUTHORIZED');
      }
    },
  };
}
export type CustomerTokens = ReturnType<typeof createCustomerTokens>;

/** The customer of a `/api/zma/app/*` request (routes declare public access and call this first). */
export async function requireCustomer(request: FastifyRequest, tokens: CustomerTokens): Promise<CustomerClaims> {
  const auth = request.headers.authorization;
  const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
  if (!token) throw new AppError('UNAUTHORIZED');
  return tokens.verify(token);
}
