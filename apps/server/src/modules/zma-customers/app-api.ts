import type { ZmaAppPublicSettings, ZmaMe, ZmaSelf, ZmaSession } from '@zc/shared/api/zma-customer';
import type { CustomerGift } from '@zc/shared/api/zma-loyalty';
import type { Transport } from '@zc/zalo/transport';
import type { Db, DbOrTx } from '../../db/client';
import type { Cipher } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { findZmaApp, findZmaAppByZaloAppId, recordZmaActivity, type ZmaAppConfig } from '../mini-apps/service';
import { listOpenDraws, recordReferral, turnsFor } from '../zma-draw/service';
import { countUnusedCodes, listCustomerGifts } from '../zma-loyalty/service';
import type { CustomerClaims, CustomerTokens } from './customer-token';
import * as repo from './repo';

/**
 * The end-user API behind `/api/zma/app/*` (issue 14 #9): sign-in with the Zalo identity, phone
 * sharing, the home screen (turns per open draw), gifts, following the OA. Every fact lands in the
 * activity history (CUSTOMER_JOINED, PHONE_SHARED, OA_FOLLOWED) in the same transaction.
 */

export interface AppApiDeps {
  db: Db;
  cipher: Cipher;
  transport: Transport;
  tokens: CustomerTokens;
  verifyUser: (transport: Transport, accessToken: string, appSecret: string) => Promise<{ id: string; name: string; avatar: string | null }>;
  exchangePhone: (transport: Transport, accessToken: string, code: string, appSecret: string) => Promise<string>;
}

function noSuchApp(): AppError {
  return new AppError('NOT_FOUND', 'No active mini app is registered under this Zalo app id', {
    fields: [{ path: 'body.zaloAppId', code: 'not_found', message: 'No active mini app is registered under this Zalo app id' }],
  });
}

function publicSettings(app: ZmaAppConfig): ZmaAppPublicSettings {
  const s = app.settings;
  return { primaryColor: s.primaryColor, welcomeText: s.welcomeText, requirePhoneToPlay: s.requirePhoneToPlay, followOaPrompt: s.followOaPrompt };
}

export function presentSelf(c: repo.ZmaCustomerRow): ZmaSelf {
  return { id: c.id, name: c.name, avatar: c.avatar, phone: c.phone, gender: c.gender, isFollower: c.isFollower, bonusTurns: c.bonusTurns };
}

/** POST /zma/app/session: Zalo confirms the token (`/me` + appsecret_proof), the customer is upserted, a token answered. */
export async function signIn(deps: AppApiDeps, body: { zaloAppId: string; accessToken: string; ref?: string }, now = new Date()): Promise<ZmaSession> {
  const app = await findZmaAppByZaloAppId(deps.db, deps.cipher, body.zaloAppId);
  if (!app || app.status !== 'ACTIVE' || !(await repo.tenantRunsMiniApps(deps.db, app.tenantId))) throw noSuchApp();
  // Zalo first, outside any transaction: a slow Zalo never holds a connection.
  const me = await deps.verifyUser(deps.transport, body.accessToken, app.appSecret);
  const { customer, isNew } = await deps.db.transaction(async (tx) => {
    const { row, inserted } = await repo.upsertCustomer(tx, { zmaAppId: app.id, tenantId: app.tenantId, zaloUserId: me.id, name: me.name, avatar: me.avatar, now });
    if (!inserted) return { customer: row, isNew: false };
    await recordZmaActivity(tx, { zmaAppId: app.id, tenantId: app.tenantId, kind: 'CUSTOMER_JOINED', customerId: row.id, detail: body.ref ? { ref: body.ref } : {} });
    if (body.ref && body.ref !== row.id) {
      const outcome = await recordReferral(tx, { zmaAppId: app.id, tenantId: app.tenantId, referrerCustomerId: body.ref, newCustomer: { id: row.id, zaloUserId: row.zaloUserId, isNew: true }, now });
      const known = outcome.status === 'REWARDED' || (outcome.status === 'REJECTED' && outcome.reason !== 'REFERRER_UNKNOWN' && outcome.reason !== 'SELF_REFERRAL');
      if (known) await repo.setReferredBy(tx, row.id, body.ref);
    }
    // Re-read: a referral may have granted welcome turns.
    return { customer: (await repo.selectCustomerRow(tx, app.id, row.id)) ?? row, isNew: true };
  });
  const token = await deps.tokens.sign({ customerId: customer.id, zmaAppId: app.id, tenantId: app.tenantId });
  return {
    token,
    expiresIn: deps.tokens.ttlSeconds,
    isNew,
    customer: presentSelf(customer),
    miniApp: { id: app.id, name: app.name, logo: app.logoUrl, oaId: app.zaloOaZoaId, settings: publicSettings(app) },
  };
}

/** The customer of a token, while their app is ACTIVE and the tenant runs mini apps; 401 otherwise. */
export async function currentCustomer(db: DbOrTx, claims: CustomerClaims): Promise<repo.ZmaCustomerRow> {
  const row = await repo.selectActiveCustomer(db, claims.zmaAppId, claims.customerId);
  if (!row || row.tenantId !== claims.tenantId) throw new AppError('UNAUTHORIZED');
  return row;
}

async function secretOf(db: DbOrTx, cipher: Cipher, claims: CustomerClaims): Promise<string> {
  const app = await findZmaApp(db, claims.tenantId, claims.zmaAppId);
  const config = app ? await findZmaAppByZaloAppId(db, cipher, app.zaloAppId) : null;
  if (!config || config.id !== claims.zmaAppId) throw new AppError('UNAUTHORIZED');
  return config.appSecret;
}

/**
 * POST /zma/app/phone: the access token must still be this customer's (Zalo `/me`), then `/me/info`
 * turns the single-use token into the number. Expired or reused → 401 ZMA_PHONE_TOKEN_INVALID.
 */
export async function sharePhone(deps: AppApiDeps, claims: CustomerClaims, body: { token: string; accessToken: string }, now = new Date()): Promise<{ phone: string }> {
  const customer = await currentCustomer(deps.db, claims);
  const secret = await secretOf(deps.db, deps.cipher, claims);
  const me = await deps.verifyUser(deps.transport, body.accessToken, secret);
  if (me.id !== customer.zaloUserId) throw new AppError('ZMA_ACCESS_TOKEN_INVALID', 'This Zalo access token belongs to another user');
  const phone = await deps.exchangePhone(deps.transport, body.accessToken, body.token, secret);
  await deps.db.transaction(async (tx) => {
    await repo.setPhone(tx, customer.id, phone, now);
    await recordZmaActivity(tx, { zmaAppId: claims.zmaAppId, tenantId: claims.tenantId, kind: 'PHONE_SHARED', customerId: customer.id, detail: { first: customer.phone === null, changed: customer.phone !== null && customer.phone !== phone } });
  });
  return { phone };
}

/** GET /zma/app/me: the customer, the draws open now with the turns left in each, unused gifts. */
export async function appMe(db: Db, claims: CustomerClaims, now = new Date()): Promise<ZmaMe> {
  const customer = await currentCustomer(db, claims);
  const draws = await listOpenDraws(db, claims.zmaAppId, now);
  const turns = await Promise.all(draws.map((d) => turnsFor(db, { drawId: d.id, customerId: customer.id, now })));
  const unusedGifts = await countUnusedCodes(db, customer.id, now);
  return {
    ...presentSelf(customer),
    unusedGifts,
    draws: draws.map((d, i) => ({
      id: d.id,
      name: d.name,
      description: d.description ?? null,
      look: d.look,
      prizes: d.prizes,
      turnsLeft: turns[i] ?? 0,
      opensAt: d.opensAt ?? null,
      closesAt: d.closesAt ?? null,
    })),
  };
}

export async function appGifts(db: Db, claims: CustomerClaims): Promise<CustomerGift[]> {
  const customer = await currentCustomer(db, claims);
  return listCustomerGifts(db, { zmaAppId: claims.zmaAppId, customerId: customer.id });
}

/** POST /zma/app/follow: the mini app followed (or unfollowed) the OA through zmp-sdk; OA_FOLLOWED on a change to following. */
export async function setFollow(db: Db, claims: CustomerClaims, followed: boolean): Promise<{ isFollower: boolean }> {
  const customer = await currentCustomer(db, claims);
  await db.transaction(async (tx) => {
    const changed = await repo.setFollower(tx, customer.id, followed);
    if (changed && followed) await recordZmaActivity(tx, { zmaAppId: claims.zmaAppId, tenantId: claims.tenantId, kind: 'OA_FOLLOWED', customerId: customer.id });
  });
  return { isFollower: followed };
}
