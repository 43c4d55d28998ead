/** A running poll loop: `stop()` wakes it from its sleep and resolves once the current pass ended. */
export interface PollLoop {
  stop(): Promise<void>;
  /** New work is there: end the idle sleep now, or run once more right after the current pass. */
  wake(): void;
}

/**
 * The shape of the worker role's tight polls (message delivery, campaign dispatch): run `pass` again at
 * once while it says there is more work, sleep `idleMs` when it found little, `idleMs × 4` after an
 * error (reported to `onError`; the loop goes on).
 */
export function startPollLoop(pass: () => Promise<{ busy: boolean }>, opts: { idleMs?: number; onError?: (err: unknown) => void } = {}): PollLoop {
  const idleMs = opts.idleMs ?? 250;
  let running = true;
  let kicked = false;
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
        kicked = false;
        if (!(await pass()).busy && !kicked) await sleep(idleMs);
      } catch (err) {
        opts.onError?.(err);
        await sleep(idleMs * 4);
      }
    }
  })();
  return {
    wake() {
      kicked = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await done;
    },
  };
}
