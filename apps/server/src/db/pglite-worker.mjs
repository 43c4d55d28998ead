// PGlite in a worker thread (ADR 0005). Plain ESM JavaScript so that it loads without a TypeScript
// loader wherever the server runs (plain node, tsx, vitest workers). The main thread talks to it
// through `pglite-worker-client.ts`; every message is { id, op, ... } and every answer is
// { id, ok: true, result } or { id, ok: false, error } with the PostgreSQL error fields copied out;
// notifications on a listened channel travel unasked as { notify: channel, payload }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs must run in a worker thread');
const port = parentPort;

/** Identity parsers for the OIDs the caller wants as raw text (functions cannot cross threads). */
const identity = (value) => value;
const parserCache = new Map();
function parsersFor(rawOids) {
  if (!rawOids || rawOids.length === 0) return undefined;
  const key = rawOids.join(',');
  let parsers = parserCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawOids.map((oid) => [oid, identity]));
    parserCache.set(key, parsers);
  }
  return parsers;
}

function queryOptions(msg) {
  const parsers = parsersFor(msg.rawOids);
  if (!msg.rowMode && !parsers) return undefined;
  return { ...(msg.rowMode ? { rowMode: msg.rowMode } : {}), ...(parsers ? { parsers } : {}) };
}

// The PostgreSQL error fields of PGlite's DatabaseError (pg-protocol), plus what PGlite adds.
const ERROR_FIELDS = ['name', 'length', 'severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine', 'query', 'params'];

function serializeError(err) {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields = {};
  for (const key of ERROR_FIELDS) {
    const value = err[key];
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) fields[key] = value;
  }
  return { message: err.message, stack: err.stack, database: err instanceof messages.DatabaseError, fields };
}

function send(message) {
  try {
    port.postMessage(message);
  } catch (err) {
    // A value that does not survive structured clone: answer with the reason instead.
    port.postMessage({ id: message.id, ok: false, error: serializeError(err) });
  }
}

const db = new PGlite(workerData?.dataDir ?? 'memory://');

/** LISTENs by channel (their unlisten functions), forwarded to the main thread as { notify, payload }. */
const unlisteners = new Map();

/** Open transactions by id: each holds PGlite's transaction mutex until commit or rollback. */
const transactions = new Map();
let nextTx = 1;

function transactionFor(txId) {
  const t = transactions.get(txId);
  if (!t || !t.tx) throw new Error(`PGlite worker: transaction ${txId} is not open`);
  return t;
}

function begin(id) {
  const txId = nextTx++;
  const entry = { tx: null, finish: null, begun: false };
  transactions.set(txId, entry);
  entry.done = db.transaction(async (tx) => {
    const action = new Promise((resolve) => {
      entry.finish = resolve;
    });
    entry.tx = tx;
    entry.begun = true;
    send({ id, ok: true, result: { txId } });
    // Until the main thread commits or rolls back, PGlite serves only this transaction; queries
    // outside it wait on PGlite's own transaction mutex, exactly as in process.
    if ((await action) === 'rollback' && !tx.closed) await tx.rollback();
  });
  entry.done.then(
    () => transactions.delete(txId),
    (err) => {
      transactions.delete(txId);
      if (!entry.begun) send({ id, ok: false, error: serializeError(err) });
    },
  );
}

async function end(txId, action) {
  const entry = transactionFor(txId);
  entry.finish(action);
  await entry.done;
  return null;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.txId ? transactionFor(msg.txId).tx : db;
      const r = await target.query(msg.text, msg.params, queryOptions(msg));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const target = msg.txId ? transactionFor(msg.txId).tx : db;
      const results = await target.exec(msg.text);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'listen': {
      // One PGlite listener per channel; the main thread fans out to its own callbacks.
      if (!unlisteners.has(msg.channel)) {
        unlisteners.set(msg.channel, await db.listen(msg.channel, (payload) => port.postMessage({ notify: msg.channel, payload })));
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(msg.channel);
      unlisteners.delete(msg.channel);
      if (unlisten) await unlisten();
      return null;
    }
    case 'commit':
      return end(msg.txId, 'commit');
    case 'rollback':
      return end(msg.txId, 'rollback');
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`PGlite worker: unknown operation ${String(msg.op)}`);
  }
}

port.on('message', (msg) => {
  if (msg.op === 'begin') {
    begin(msg.id);
    return;
  }
  handle(msg).then(
    (result) => {
      send({ id: msg.id, ok: true, result });
      if (msg.op === 'close') port.close();
    },
    (err) => send({ id: msg.id, ok: false, error: serializeError(err) }),
  );
});

try {
  await db.waitReady;
  send({ id: 0, ok: true, result: null });
} catch (err) {
  send({ id: 0, ok: false, error: serializeError(err) });
  port.close();
}
