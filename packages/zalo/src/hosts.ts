/** The four Zalo hosts; every base URL is configuration so the sandbox can stand in for all of them. */
export interface ZaloHosts {
  /** OAuth v4, e.g. `https://oauth.zaloapp.com/v4` (paths `/oa/permission`, `/oa/access_token`). */
  oauth: string;
  /** OA Open API, e.g. `https://openapi.zalo.me` (paths `/v2.0/oa/…`, `/v3.0/oa/…`, `/v2.0/article/…`). */
  openapi: string;
  /** ZNS / ZBS, e.g. `https://business.openapi.zalo.me` (paths `/message/template`, …). */
  business: string;
  /** Social / Mini App graph, e.g. `https://graph.zalo.me/v2.0` (paths `/me`, `/me/info`). */
  graph: string;
}

export const LIVE_ZALO_HOSTS: ZaloHosts = {
  oauth: 'https://oauth.zaloapp.com/v4',
  openapi: 'https://openapi.zalo.me',
  business: 'https://business.openapi.zalo.me',
  graph: 'https://graph.zalo.me/v2.0',
};

/**
 * Sandbox prefix layout (one listener, one prefix per host): `<base>/oauth/v4`, `<base>/openapi`,
 * `<base>/business`, `<base>/graph/v2.0`. `base` is e.g. `http://127.0.0.1:3900` or, in-process,
 * `http://127.0.0.1:3000/zalo-sandbox`.
 */
export function sandboxHosts(base: string): ZaloHosts {
  const b = base.replace(/\/+$/, '');
  return { oauth: `${b}/oauth/v4`, openapi: `${b}/openapi`, business: `${b}/business`, graph: `${b}/graph/v2.0` };
}
