import { processDueMessages, type DeliveryDeps } from './delivery-worker';

export interface DeliveryLoop {
  stop(): Promise<void>;
}

/**
 * The delivery worker of the worker role: a tight poll over the history-as-queue (the partial
 * index on due PENDING/PROCESSING rows makes an idle poll one cheap index probe). Not pg-boss:
 * a job row per message would double every send's writes, and pg-boss's own polling (≥ 0.5 s)
 * would add latency without adding safety — the lease on the history row already makes a killed
 * worker's messages reclaimable. Full batches loop at once; otherwise it sleeps `idleMs`.
 */
export function startDeliveryLoop(deps: DeliveryDeps, opts: { idleMs?: number; batch?: number; onError?: (err: unknown) => void } = {}): DeliveryLoop {
  const idleMs = opts.idleMs ?? 250;
  const batch = opts.batch ?? 50;
  let running = true;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    while (running) {
      try {
        const r = await processDueMessages(deps, { limit: batch });
        if (r.claimed < batch) await sleep(idleMs);
      } catch (err) {
        opts.onError?.(err);
        await sleep(idleMs * 4);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      wake?.();
      await done;
    },
  };
}
