import { errorResponse, idParam } from '@zc/shared/api/common';
import {
  zmaCustomerDetailResponse,
  zmaCustomerListResponse,
  zmaCustomerQuery,
  zmaDashboardQuery,
  zmaDashboardResponse,
  zmaFollowBody,
  zmaFollowResponse,
  zmaGiftsResponse,
  zmaMeResponse,
  zmaPhoneBody,
  zmaPhoneResponse,
  zmaSessionBody,
  zmaSessionResponse,
} from '@zc/shared/api/zma-customer';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess, requireZmaApp, zmaAccess } from '../../platform/context';
import { appGifts, appMe, setFollow, sharePhone, signIn, type AppApiDeps } from './app-api';
import { dashboardCsv, getCustomerDetail, getDashboard, listCustomers } from './console';
import { createCustomerTokens, requireCustomer } from './customer-token';
import { exchangePhoneToken, verifyZaloUser } from './zalo-identity';

const tags = ['Mini app'];
const appBase = '/zma/app';
const merchantBase = '/zma/merchant';
/** End users act for themselves: their facts are in the mini-app activity history, not the staff audit chain. */
const endUserAudit = { none: "an end user's own action: recorded in the mini-app activity history (zma_activity)" };
const customerAuth =
  'Bearer customer token from `POST /api/zma/app/session` (a console access token is refused, and the reverse): 401 UNAUTHORIZED / TOKEN_EXPIRED otherwise.';

/** Mini-app customers: the end-user API (`/api/zma/app/*`), the console's customers and dashboard (issue 14 #8–#10). */
export function registerZmaCustomerRoutes(app: ZodApp, deps: ModuleDeps): void {
  const tokens = createCustomerTokens(deps.config.appSecret);
  const api: AppApiDeps = { db: deps.db, cipher: deps.cipher, transport: deps.zalo.transport, tokens, verifyUser: verifyZaloUser, exchangePhone: exchangePhoneToken };
  // Per address, a little above the console's sign-in limit: carriers put many phones behind one address.
  const signInLimit = { rateLimit: { max: deps.config.authRateLimitPerMinute * 3, timeWindow: '1 minute' } };

  // ------------------------------------------------------------------ end-user API

  app.post(
    `${appBase}/session`,
    {
      config: { access: publicAccess, audit: endUserAudit, ...signInLimit },
      schema: {
        operationId: 'zmaSignIn',
        summary: 'Mini app: sign in with the Zalo identity',
        description:
          "The mini app sends its Zalo app id and the user's access token (zmp-sdk getAccessToken). The server asks Zalo who it is (`GET graph /me` with appsecret_proof), records the customer (CUSTOMER_JOINED the first time; a `ref` — the referrer's customer id — counts on the first sign-in only) and answers a customer token. 401 ZMA_ACCESS_TOKEN_INVALID with `details.zaloError` { code, message, explanation } when Zalo refuses the token; 404 naming body.zaloAppId for an unknown or inactive mini app; 429 beyond the per-address limit.",
        tags,
        security: [],
        body: zmaSessionBody,
        response: { 200: zmaSessionResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (req) => ({ data: await signIn(api, req.body) }),
  );

  app.post(
    `${appBase}/phone`,
    {
      config: { access: publicAccess, audit: endUserAudit },
      schema: {
        operationId: 'zmaSharePhone',
        summary: 'Mini app: share the phone number',
        description: `The getPhoneNumber token (2 minutes, single use) and the current Zalo access token; the server exchanges them at Zalo (\`GET graph /me/info\`). An expired or reused token answers 401 ZMA_PHONE_TOKEN_INVALID with Zalo's code explained in \`details.zaloError\`. PHONE_SHARED in the history. ${customerAuth}`,
        tags,
        body: zmaPhoneBody,
        response: { 200: zmaPhoneResponse, 401: errorResponse },
      },
    },
    async (req) => {
      const claims = await requireCustomer(req, tokens);
      return { data: await sharePhone(api, claims, req.body) };
    },
  );

  app.get(
    `${appBase}/me`,
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'zmaAppMe',
        summary: 'Mini app: the customer and the draws open now',
        description: `The signed-in customer, their unused gifts, and each lucky draw open now with its wheel and the turns left. ${customerAuth}`,
        tags,
        response: { 200: zmaMeResponse, 401: errorResponse },
      },
    },
    async (req) => ({ data: await appMe(deps.db, await requireCustomer(req, tokens)) }),
  );

  app.get(
    `${appBase}/gifts`,
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'zmaAppGifts',
        summary: "Mini app: the customer's gifts and vouchers",
        description: `Newest first, with the code (shown as a QR at the branch). ${customerAuth}`,
        tags,
        response: { 200: zmaGiftsResponse, 401: errorResponse },
      },
    },
    async (req) => ({ data: await appGifts(deps.db, await requireCustomer(req, tokens)) }),
  );

  app.post(
    `${appBase}/follow`,
    {
      config: { access: publicAccess, audit: endUserAudit },
      schema: {
        operationId: 'zmaAppFollow',
        summary: 'Mini app: the customer followed (or unfollowed) the OA',
        description: `Called after zmp-sdk followOA / unfollowOA. OA_FOLLOWED in the history when the customer starts following. ${customerAuth}`,
        tags,
        body: zmaFollowBody,
        response: { 200: zmaFollowResponse, 401: errorResponse },
      },
    },
    async (req) => ({ data: await setFollow(deps.db, await requireCustomer(req, tokens), req.body.followed) }),
  );

  // ------------------------------------------------------------------ console

  app.get(
    `${merchantBase}/customer`,
    {
      config: { access: zmaAccess('VIEW_ZMA_USER') },
      schema: {
        operationId: 'listZmaCustomers',
        summary: 'Customers of the mini app',
        description: 'Newest first. `search` is a name prefix (any case) or phone digits (0… and 84… both match); counts of spins, gifts won and gifts redeemed per customer.',
        tags,
        querystring: zmaCustomerQuery,
        response: { 200: zmaCustomerListResponse },
      },
    },
    async (req) => {
      const { page, pageSize, ...filter } = req.query;
      return listCustomers(deps.db, { zmaAppId: requireZmaApp(req.ctx), ...filter }, { page, pageSize });
    },
  );

  app.get(
    `${merchantBase}/customer/:id`,
    {
      config: { access: zmaAccess('VIEW_ZMA_USER') },
      schema: {
        operationId: 'getZmaCustomer',
        summary: 'A customer of the mini app',
        description: "The customer with their gifts, turns left in each open draw, who referred them and their latest activity. A customer of another mini app answers 404.",
        tags,
        params: idParam,
        response: { 200: zmaCustomerDetailResponse, 404: errorResponse },
      },
    },
    async (req) => ({ data: await getCustomerDetail(deps.db, requireZmaApp(req.ctx), req.params.id) }),
  );

  app.get(
    `${merchantBase}/dashboard`,
    {
      config: { access: zmaAccess('VIEW_ZMA_DASHBOARD') },
      schema: {
        operationId: 'getZmaDashboard',
        summary: 'Mini app dashboard',
        description:
          'Players, spins, wins, gifts won and redeemed over [from, to) (default: the last 30 days), a DAILY or MONTHLY series in Asia/Ho_Chi_Minh, redemptions by branch, stock at or under its low threshold, and the most won prizes. redemptionRate = codes won in the range that are used / codes won in the range.',
        tags,
        querystring: zmaDashboardQuery,
        response: { 200: zmaDashboardResponse },
      },
    },
    async (req) => ({ data: await getDashboard(deps.db, requireZmaApp(req.ctx), req.query) }),
  );

  app.get(
    `${merchantBase}/dashboard/export`,
    {
      config: { access: zmaAccess('EXPORT_ZMA_DASHBOARD') },
      schema: {
        operationId: 'exportZmaDashboard',
        summary: 'Mini app dashboard as CSV',
        description: 'The same figures as the dashboard, one section per block (totals, series, branches, low stock, top prizes).',
        tags,
        querystring: zmaDashboardQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const d = await getDashboard(deps.db, requireZmaApp(req.ctx), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="mini-app-dashboard-${d.from.slice(0, 10)}-${d.to.slice(0, 10)}.csv"`)
        .send(dashboardCsv(d));
    },
  );
}
