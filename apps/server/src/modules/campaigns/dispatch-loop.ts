import { startPollLoop, type PollLoop } from '../../platform/poll-loop';
import { dispatchDueCampaigns, type DispatchDeps } from './dispatch';

export type DispatchLoop = PollLoop;

/**
 * The campaign dispatcher of the worker role, in the shape of the delivery loop: a poll over the due
 * campaigns (partial index on next_run_at of APPROVED rows) that loops at once while it found work and
 * sleeps `idleMs` otherwise. Several workers share the campaigns through the claim's skip-locked lease.
 */
export function startCampaignDispatchLoop(deps: DispatchDeps, opts: { idleMs?: number; onError?: (err: unknown) => void } = {}): DispatchLoop {
  return startPollLoop(async () => ({ busy: (await dispatchDueCampaigns(deps)).claimed > 0 }), opts);
}
