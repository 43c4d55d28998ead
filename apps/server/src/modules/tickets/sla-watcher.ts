import { SLA_CLOCKS, type SlaClock } from '@zc/shared/api/tickets';
import type { Db } from '../../db/client';
import { emitEvent } from '../../platform/events';
import { ticketRef } from './presenter';
import { claimSlaBreaches, claimSlaWarnings, type TicketRow } from './repo';

/** How often worker processes look for SLA clocks to announce (the issue asks ≤ 15 s). */
export const SLA_WATCH_INTERVAL_MS = 5_000;
const BATCH = 500;

const dueOf = (t: TicketRow, clock: SlaClock) => (clock === 'FIRST_RESPONSE' ? t.firstResponseDueAt : t.resolutionDueAt);
const warnedOf = (t: TicketRow, clock: SlaClock) => (clock === 'FIRST_RESPONSE' ? t.firstResponseWarnedAt : t.resolutionWarnedAt);

/**
 * One sweep over every tenant: stamps and announces each clock's warning (its due time minus the
 * tenant's warn-before minutes has passed) and breach (its due time has passed), each exactly once:
 * the stamp and the event are written in one transaction by a conditional UPDATE over rows locked
 * SKIP LOCKED, so concurrent workers split the work and a rolled-back sweep announces nothing. A
 * clock already past its due time when its warning is claimed gets only the breach.
 */
export async function runSlaPass(db: Db): Promise<{ warnings: number; breaches: number }> {
  let warnings = 0;
  let breaches = 0;
  for (const clock of SLA_CLOCKS) {
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = await claimSlaWarnings(tx, clock, BATCH);
        for (const t of rows) {
          const due = dueOf(t, clock);
          const stamped = warnedOf(t, clock);
          if (!due || !stamped || due.getTime() <= stamped.getTime()) continue;
          await emitEvent(tx, { type: 'ticket.sla_warning', tenantId: t.tenantId, data: { ...ticketRef(t), clock, dueAt: due.toISOString() } });
          warnings += 1;
        }
        return rows.length;
      });
      if (n < BATCH) break;
    }
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = await claimSlaBreaches(tx, clock, BATCH);
        for (const t of rows) {
          const due = dueOf(t, clock);
          if (!due) continue;
          await emitEvent(tx, { type: 'ticket.sla_breached', tenantId: t.tenantId, data: { ...ticketRef(t), clock, dueAt: due.toISOString() } });
          breaches += 1;
        }
        return rows.length;
      });
      if (n < BATCH) break;
    }
  }
  return { warnings, breaches };
}

/** Runs `runSlaPass` every `intervalMs` in a worker process until stopped (the stop waits for a running sweep). */
export function startSlaWatcher(db: Db, opts: { intervalMs?: number; onError?: (e: unknown) => void } = {}): { stop(): Promise<void> } {
  const interval = opts.intervalMs ?? SLA_WATCH_INTERVAL_MS;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return;
    running = runSlaPass(db)
      .then(() => undefined)
      .catch((e: unknown) => opts.onError?.(e))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, interval);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
