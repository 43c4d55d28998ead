import pg from 'pg';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called after a lost connection is back: notifications sent meanwhile are gone, re-read the source. */
  onReconnect?: () => void;
  onError?: (err: Error) => void;
}

/**
 * LISTEN on node-postgres through one dedicated connection (a pooled one would be handed to other
 * queries), re-connected with back-off (0.5 s doubling to 10 s) whenever it drops.
 */
export async function listenPg(url: string, channel: string, onNotify: (payload: string) => void, opts: ListenOptions = {}): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = 500;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    c.on('error', (err) => {
      opts.onError?.(err);
      drop(c);
    });
    c.on('end', () => drop(c));
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    client = c;
    delay = 500;
  };

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    void c.end().catch(() => undefined);
    if (!closed) schedule();
  };

  const schedule = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => opts.onReconnect?.(),
        (err: unknown) => {
          opts.onError?.(err instanceof Error ? err : new Error(String(err)));
          delay = Math.min(10_000, delay * 2);
          schedule();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
