import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface WebhookPost {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Where the socket may connect (url-guard.ts `pinnedLookup`); ignored for IP-literal hosts, which the guard checked. */
  lookup?: LookupFunction;
}

/** Sends one webhook POST and answers the response status. Tests replace it. */
export type WebhookTransport = (url: URL, post: WebhookPost) => Promise<{ status: number }>;

/**
 * node:http(s) rather than fetch: fetch (undici) takes no per-request `lookup`, and the guard
 * needs the socket to connect only to the checked addresses. Redirects are never followed (a 3xx
 * is the answer); the body is not read; no keep-alive pool, so no socket outlives its check.
 */
export const postWebhook: WebhookTransport = (url, post) =>
  new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: post.signal,
        agent: false,
        ...(post.lookup ? { lookup: post.lookup } : {}),
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    request.on('error', reject);
    request.end(post.body);
  });
