import { Worker } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';

/**
 * Main-thread side of PGlite in a worker thread (ADR 0005): the WASM engine runs on another core
 * while this thread keeps serving HTTP. It implements what our code uses of a PGlite instance —
 * drizzle's PGlite driver and migrator (`query(text, params, { rowMode, parsers })` and
 * `transaction(async (tx) => tx.query(...))`, savepoints being plain queries), `RawSql` (`query`,
 * `exec`, also under pg-boss), `waitReady` and `close` — and nothing else.
 *
 * Results cross by structured clone. Parsers are functions and cannot cross: only identity parsers
 * (the column kept as raw text, which is all drizzle ever passes) are accepted, sent as a list of
 * OIDs. Errors are rebuilt here as PGlite's `DatabaseError` with the same message, SQLSTATE `code`
 * and other PostgreSQL fields (detail, constraint, table, column, severity…).
 */

interface WorkerError {
  message: string;
  stack?: string;
  database?: boolean;
  fields: Record<string, unknown>;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WorkerError };
/** A NOTIFY received by the worker's PGlite on a channel this side listens to. */
type Notice = { notify: string; payload: string };

export interface WorkerQueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number | string, (value: string, typeId?: number) => unknown>;
}

export interface WorkerTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: WorkerQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);
const PROBE = '\u0000zc-parser-probe';

/** OIDs whose parser is the identity; anything else cannot run in the worker and is refused. */
const rawOidCache = new WeakMap<object, number[]>();
function rawOids(parsers: WorkerQueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  const cached = rawOidCache.get(parsers);
  if (cached) return cached;
  const oids: number[] = [];
  for (const [oid, parse] of Object.entries(parsers)) {
    let same = false;
    try {
      same = parse(PROBE, Number(oid)) === PROBE;
    } catch {
      same = false;
    }
    if (!same) throw new Error(`PGlite worker: the parser for type ${oid} is not the identity; parsers cannot cross threads`);
    oids.push(Number(oid));
  }
  rawOidCache.set(parsers, oids);
  return oids;
}

function rebuildError(e: WorkerError): Error {
  const err: Error = e.database ? new messages.DatabaseError(e.message, Number(e.fields.length ?? 0), 'error') : new Error(e.message);
  Object.assign(err, e.fields);
  // The stack of the caller on this thread, followed by the worker's own for the engine side.
  if (e.stack) err.stack = `${err.stack ?? ''}\n    --- in the PGlite worker ---\n${e.stack}`;
  return err;
}

export class PGliteWorkerClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  private inFlight = 0;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(dataDir?: string) {
    // No inherited loaders (tsx, vitest): the worker is plain JavaScript.
    this.worker = new Worker(workerUrl, { workerData: { dataDir: dataDir ?? 'memory://' }, execArgv: [] });
    this.worker.unref();
    const ready = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.track(1);
    this.waitReady = ready.finally(() => this.track(-1));
    this.worker.on('message', (msg: Reply | Notice) => {
      if ('notify' in msg) {
        for (const fn of this.listeners.get(msg.notify) ?? []) fn(msg.payload);
      } else this.settle(msg);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  /** The worker keeps the process alive only while a request is in flight. */
  private track(delta: number): void {
    const before = this.inFlight;
    this.inFlight += delta;
    if (before === 0 && this.inFlight > 0) this.worker.ref();
    else if (before > 0 && this.inFlight === 0) this.worker.unref();
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.result);
    else p.reject(rebuildError(reply.error));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(err);
    }
  }

  private call<R>(message: Record<string, unknown>): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    this.track(1);
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (err) {
        // A parameter that structured clone refuses (a function, a class with private state…).
        this.pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }).finally(() => this.track(-1));
  }

  private async send<T>(txId: number | undefined, text: string, params?: unknown[], options?: WorkerQueryOptions): Promise<Results<T>> {
    return this.call<Results<T>>({ op: 'query', txId, text, params: params ?? [], rowMode: options?.rowMode, rawOids: rawOids(options?.parsers) });
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: WorkerQueryOptions): Promise<Results<T>> {
    return this.send<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.call<Array<Results>>({ op: 'exec', text });
  }

  /**
   * Like PGlite's `transaction`: the worker holds PGlite exclusively from BEGIN until this callback
   * settles (queries outside wait), then commits, or rolls back if it threw or called `rollback`.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const { txId } = await this.call<{ txId: number }>({ op: 'begin' });
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R,>(text: string, params?: unknown[], options?: WorkerQueryOptions) => {
        ensureOpen();
        return this.send<R>(txId, text, params, options);
      },
      exec: async (text: string) => {
        ensureOpen();
        return this.call<Array<Results>>({ op: 'exec', txId, text });
      },
      rollback: async () => {
        ensureOpen();
        closed = true;
        await this.call({ op: 'rollback', txId });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'rollback', txId }).catch(() => undefined);
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'commit', txId });
    }
    return result;
  }

  /**
   * Like PGlite's `listen`: the worker LISTENs once per channel and forwards each notification.
   * A listener does not keep the process alive (the worker stays unref'd while nothing is pending).
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      if (!this.failure && !this.closing) await this.call({ op: 'unlisten', channel });
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.failure) return;
      this.track(1); // until the worker has exited
      try {
        const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
        await this.call({ op: 'close' });
        await exited;
      } finally {
        this.track(-1);
      }
    })();
    return this.closing;
  }
}
