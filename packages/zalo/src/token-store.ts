import type { OaTokens } from './oauth';

/**
 * Where OA token pairs live. Refresh tokens are single-use, so rotation must be serialised per OA
 * across processes: `withLock` runs `update` while holding an exclusive lock on the OA's row (the
 * server implements it with `SELECT … FOR UPDATE` in a transaction), hands it the pair as currently
 * stored, and persists what it returns (undefined = keep) before releasing the lock.
 */
export interface TokenStore {
  get(oaKey: string): Promise<OaTokens | undefined>;
  withLock(oaKey: string, update: (current: OaTokens | undefined) => Promise<OaTokens | undefined>): Promise<OaTokens | undefined>;
}

/** In-memory store for tests, the sandbox demo and single-process use; the lock is a promise chain per OA. */
export function createMemoryTokenStore(initial: Record<string, OaTokens> = {}): TokenStore & { set(oaKey: string, tokens: OaTokens): void } {
  const rows = new Map<string, OaTokens>(Object.entries(initial));
  const tails = new Map<string, Promise<unknown>>();
  return {
    async get(oaKey) {
      return rows.get(oaKey);
    },
    set(oaKey, tokens) {
      rows.set(oaKey, tokens);
    },
    withLock(oaKey, update) {
      const prev = tails.get(oaKey) ?? Promise.resolve();
      const run = prev.then(async () => {
        const next = await update(rows.get(oaKey));
        if (next) rows.set(oaKey, next);
        return rows.get(oaKey);
      });
      // The chain must survive a failed update, or one error would wedge the OA forever.
      const tail = run.catch(() => undefined);
      tails.set(oaKey, tail);
      void tail.then(() => {
        if (tails.get(oaKey) === tail) tails.delete(oaKey);
      });
      return run;
    },
  };
}
