/**
 * A customer's referral link (issue 14 #7). The mini app reads the referrer from `?ref=<customer id>`
 * (apps/mini-app/src/platform.ts) and sends it with the first sign-in. No zod here: the mini app's
 * bundle imports this file.
 */

/** The query parameter carrying the referrer's customer id. */
export const ZMA_REF_PARAM = 'ref';

/**
 * The link Zalo opens the mini app with: `https://zalo.me/s/<Zalo app id>/` is Zalo's public Mini
 * App link form (not in REFERENCE.md — Zalo's own docs), and its query string reaches the app.
 */
export function zaloReferralLink(zaloAppId: string, customerId: string): string {
  return `https://zalo.me/s/${encodeURIComponent(zaloAppId)}/?${ZMA_REF_PARAM}=${encodeURIComponent(customerId)}`;
}

/** What a browser link keeps of the inviter's address: the app, the sandbox it talks to, the language. */
const KEPT_PARAMS = ['zaloAppId', 'sandbox', 'lang'] as const;

/**
 * The same invitation for the mini app opened in a browser (development, the server's /mini-app/):
 * the page's address with only the app id and the referrer kept — never the inviter's access token.
 */
export function browserReferralLink(pageUrl: string, customerId: string): string {
  const url = new URL(pageUrl);
  const kept = KEPT_PARAMS.map((name) => [name, url.searchParams.get(name)] as const);
  url.search = '';
  url.hash = '';
  for (const [name, value] of kept) if (value) url.searchParams.set(name, value);
  url.searchParams.set(ZMA_REF_PARAM, customerId);
  return url.toString();
}
