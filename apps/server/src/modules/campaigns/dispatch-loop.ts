import { dispatchDueCampaigns, type DispatchDeps } from './dispatch';

export interface DispatchLoop {
  stop(): Promise<void>;
}

/**
 * The campaign dispatcher of the worker role, in the shape of the delivery loop: a poll over the due
 * campaigns (partial index on next_run_at of APPROVED rows) that loops at once while it found work and
 * sleeps `idleMs` otherwise. Several workers share the campaigns through the claim's skip-locked lease.
 */
export function startCampaignDispatchLoop(deps: DispatchDeps, opts: { idleMs?: number; onError?: (err: unknown) => void } = {}): DispatchLoop {
  const idleMs = opts.idleMs ?? 250;
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
        const r = await dispatchDueCampaigns(deps);
        if (r.claimed === 0) await sleep(idleMs);
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
