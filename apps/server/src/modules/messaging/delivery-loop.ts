import { startPollLoop, type PollLoop } from '../../platform/poll-loop';
import { processDueMessages, type DeliveryDeps } from './delivery-worker';

export type DeliveryLoop = PollLoop;

/**
 * The delivery worker of the worker role: a tight poll over the history-as-queue (the partial
 * index on due PENDING/PROCESSING rows makes an idle poll one cheap index probe). Not pg-boss:
 * a job row per message would double every send's writes, and pg-boss's own polling (≥ 0.5 s)
 * would add latency without adding safety — the lease on the history row already makes a killed
 * worker's messages reclaimable. Full batches loop at once; otherwise it sleeps `idleMs`.
 */
export function startDeliveryLoop(deps: DeliveryDeps, opts: { idleMs?: number; batch?: number; onError?: (err: unknown) => void } = {}): DeliveryLoop {
  const batch = opts.batch ?? 50;
  return startPollLoop(async () => ({ busy: (await processDueMessages(deps, { limit: batch })).claimed >= batch }), opts);
}
