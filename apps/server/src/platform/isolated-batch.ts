/** The outcome of one item of a batch. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `items` through `run` (one statement for the whole batch, one result per item) so that every
 * item succeeds or fails on its own input only (ARCHITECTURE rule 10, ADR 0006). When the batch
 * statement fails, the batch is split in halves and each half retried, one after the other, down to
 * single items: the items that make the statement fail fail alone, with their own error, and every
 * other item gets the result it would have had alone. Halving keeps the cost of one bad item at
 * about 2·log2(n) extra statements instead of n (an attacker cannot multiply a batch's work).
 * `onSplit` counts the splits for tests and metrics.
 */
export async function settleIsolated<I, R>(
  items: readonly I[],
  run: (batch: readonly I[]) => Promise<readonly R[]>,
  onSplit?: () => void,
): Promise<Array<Settled<R>>> {
  try {
    const results = await run(items);
    return items.map((_, i) => ({ ok: true, value: results[i] as R })); // run answers one result per item
  } catch (error) {
    if (items.length <= 1) return items.map(() => ({ ok: false, error }));
    onSplit?.();
    const half = Math.ceil(items.length / 2);
    const head = await settleIsolated(items.slice(0, half), run, onSplit);
    const tail = await settleIsolated(items.slice(half), run, onSplit);
    return [...head, ...tail];
  }
}
