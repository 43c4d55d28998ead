/**
 * The sandbox clock: real time plus an offset that tests advance. Scheduled tasks (webhook
 * deliveries and retries) run when the clock passes their time, whether by real time or `advance`.
 */
export interface SandboxClock {
  now(): number;
  /** Moves time forward and runs (and awaits) every task that became due. */
  advance(ms: number): Promise<void>;
  schedule(at: number, task: () => Promise<void> | void): void;
  pendingTasks(): number;
  /** Runs due tasks now (used after scheduling "immediate" work in tests). */
  runDue(): Promise<void>;
  reset(start?: number): void;
  close(): void;
}

interface Task {
  at: number;
  seq: number;
  run: () => Promise<void> | void;
}

/** Creates a clock starting at `start` (default: real now). */
export function createClock(start?: number): SandboxClock {
  let offset = start === undefined ? 0 : start - Date.now();
  let tasks: Task[] = [];
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const now = () => Date.now() + offset;

  function arm() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const first = tasks[0];
    if (!first) return;
    timer = setTimeout(() => void runDue(), Math.max(0, Math.min(first.at - now(), 2 ** 31 - 1)));
    timer.unref();
  }

  // Serialised so advance() and the timer never run the same task twice.
  function runDue(): Promise<void> {
    running = running.then(async () => {
      for (;;) {
        const first = tasks[0];
        if (!first || first.at > now()) break;
        tasks.shift();
        try {
          await first.run();
        } catch {
          // A failing task (e.g. a webhook receiver bug) must not stop the others.
        }
      }
      arm();
    });
    return running;
  }

  return {
    now,
    async advance(ms) {
      offset += ms;
      await runDue();
    },
    schedule(at, run) {
      const task = { at, seq: seq++, run };
      const i = tasks.findIndex((t) => t.at > at);
      if (i === -1) tasks.push(task);
      else tasks.splice(i, 0, task);
      if (tasks[0] === task) arm();
    },
    pendingTasks: () => tasks.length,
    runDue,
    reset(start) {
      offset = start === undefined ? 0 : start - Date.now();
      tasks = [];
      arm();
    },
    close() {
      tasks = [];
      if (timer) clearTimeout(timer);
    },
  };
}
