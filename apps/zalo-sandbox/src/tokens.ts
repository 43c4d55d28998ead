import { createHmac } from 'node:crypto';
import type { SandboxOa } from './state';

/**
 * Sandbox tokens are self-describing and signed: `sbx<kind>.<oaId>.<gen>.<sig>`. Only the current
 * generation of an OA is valid, so rotation invalidates the previous pair and reuse is detected.
 * A token of a *later* generation than the sandbox knows is adopted: that is a product database
 * that outlived a sandbox restart, and adopting keeps the demo connected.
 */
export const SANDBOX_TOKEN_SIGNING_KEY = 'zalo-sandbox-token-signing-key-v1';

export const ACCESS_TOKEN_LIFETIME_S = 90_000;
export const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 3600_000;

type Kind = 'a' | 'r';

function sign(kind: Kind, oaId: string, gen: number): string {
  return createHmac('sha256', SANDBOX_TOKEN_SIGNING_KEY).update(`${kind}.${oaId}.${gen}`).digest('base64url').slice(0, 22);
}

/** The token string of one generation (deterministic, so seed tokens are constants). */
export function tokenFor(kind: Kind, oaId: string, gen: number): string {
  return `sbx${kind}.${oaId}.${gen}.${sign(kind, oaId, gen)}`;
}

export interface ParsedToken {
  kind: Kind;
  oaId: string;
  gen: number;
}

const cache = new Map<string, ParsedToken | null>();

/** Parses and checks the signature; null for anything we did not issue. Memoised for speed. */
export function parseToken(token: string | undefined): ParsedToken | null {
  if (!token) return null;
  const hit = cache.get(token);
  if (hit !== undefined) return hit;
  const m = /^sbx([ar])\.(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
  let parsed: ParsedToken | null = null;
  if (m) {
    const [, kind, oaId, gen] = m as unknown as [string, Kind, string, string];
    if (sign(kind, oaId, Number(gen)) === m[4]) parsed = { kind, oaId, gen: Number(gen) };
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(token, parsed);
  return parsed;
}

/** Issues the next pair for an OA (code exchange or refresh): the previous pair stops working. */
export function rotate(oa: SandboxOa, now: number): { access_token: string; refresh_token: string; expires_in: string; refresh_token_expires_in: string } {
  oa.tokenGen += 1;
  oa.accessExpiresAt = now + ACCESS_TOKEN_LIFETIME_S * 1000;
  return {
    access_token: tokenFor('a', oa.oaId, oa.tokenGen),
    refresh_token: tokenFor('r', oa.oaId, oa.tokenGen),
    expires_in: String(ACCESS_TOKEN_LIFETIME_S),
    refresh_token_expires_in: String(REFRESH_TOKEN_LIFETIME_MS / 1000),
  };
}

/** Adopts a later generation (see the module comment); returns false for an older one (reuse). */
export function acceptGeneration(oa: SandboxOa, gen: number, now: number): boolean {
  if (gen < oa.tokenGen) return false;
  if (gen > oa.tokenGen) {
    oa.tokenGen = gen;
    oa.accessExpiresAt = now + ACCESS_TOKEN_LIFETIME_S * 1000;
  }
  return true;
}
