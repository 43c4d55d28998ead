import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { TRACKED_PARAM_PREFIX } from '@zc/shared/api/clicks';

/**
 * Click tokens (ADR 0016): `<message id, 22 chars base64url>.<param>.<HMAC-SHA256 of both, 22 chars>`.
 * Stateless: nothing is written at send time; a forged or altered token fails the HMAC and is never
 * looked up. The key is derived from APP_SECRET for this one use.
 */
export interface TrackedLinks {
  publicUrl: string;
  secret: string;
}

const PARAM_RE = /^[A-Za-z0-9_]{1,64}$/;
const keyCache = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let k = keyCache.get(secret);
  if (!k) {
    k = createHash('sha256').update(`zc-click-token:${secret}`).digest();
    keyCache.set(secret, k);
  }
  return k;
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
function uuidOf(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const mac = (secret: string, idPart: string, param: string) => createHmac('sha256', keyOf(secret)).update(`${idPart}.${param}`).digest().subarray(0, 16);

export function clickToken(secret: string, messageId: string, param: string): string {
  const idPart = uuidBytes(messageId).toString('base64url');
  return `${idPart}.${param}.${mac(secret, idPart, param).toString('base64url')}`;
}

/** The message and parameter a token names, or null for anything not signed by us. */
export function readClickToken(secret: string, token: string): { messageId: string; param: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [idPart, param, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{22}$/.test(idPart) || !PARAM_RE.test(param) || !/^[A-Za-z0-9_-]{22}$/.test(sig)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, idPart, param);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { messageId: uuidOf(Buffer.from(idPart, 'base64url')), param };
}

export function isTrackedParam(name: string): boolean {
  return name.toLowerCase().startsWith(TRACKED_PARAM_PREFIX) && PARAM_RE.test(name);
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The template data as Zalo receives it: each tracked parameter holding an http(s) URL becomes
 * `<publicUrl>/r/<token>`; everything else is left as it is (the stored history keeps the original).
 */
export function withTrackedLinks(data: Record<string, string>, messageId: string, links: TrackedLinks | undefined): Record<string, string> {
  if (!links) return data;
  let out: Record<string, string> | null = null;
  for (const [name, value] of Object.entries(data)) {
    if (!isTrackedParam(name) || !isHttpUrl(value)) continue;
    out ??= { ...data };
    out[name] = `${links.publicUrl.replace(/\/+$/, '')}/r/${clickToken(links.secret, messageId, name)}`;
  }
  return out ?? data;
}
