/** One parsed server-sent-events message. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * A streaming SSE reader over fetch (as the console reads the stream: a bearer header, which
 * EventSource cannot send). Collects messages; `next` waits for one matching a predicate.
 */
export interface SseClient {
  status: number;
  /** Every message received so far, in order (comments such as heartbeats are not messages). */
  messages: SseMessage[];
  comments: number;
  /** Resolves with the first message (received or to come) after index `from` that matches. */
  next(match: (m: SseMessage) => boolean, opts?: { timeoutMs?: number; from?: number }): Promise<SseMessage>;
  /** Error body when the answer was not a stream. */
  body: string;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let body = '';
  let isEnded = false;
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const isStream = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (!isStream) {
    body = await res.text();
    isEnded = true;
    endedResolve();
  } else if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          pending += value;
          let cut = pending.indexOf('\n\n');
          while (cut >= 0) {
            const block = pending.slice(0, cut);
            pending = pending.slice(cut + 2);
            cut = pending.indexOf('\n\n');
            const msg: SseMessage = { id: null, event: 'message', data: '' };
            let isMessage = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) {
                comments += 1;
                continue;
              }
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const v = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') msg.id = v;
              else if (field === 'event') msg.event = v;
              else if (field === 'data') msg.data = msg.data ? `${msg.data}\n${v}` : v;
              else continue;
              isMessage = true;
            }
            if (isMessage) messages.push(msg);
          }
          for (const w of [...waiters]) w();
        }
      } catch {
        // aborted by close()
      } finally {
        isEnded = true;
        endedResolve();
        for (const w of [...waiters]) w();
      }
    })();
  }
  return {
    status: res.status,
    messages,
    get comments() {
      return comments;
    },
    body,
    ended,
    close: () => abort.abort(),
    next(match, opts = {}) {
      const from = opts.from ?? 0;
      return new Promise<SseMessage>((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found) {
            done();
            resolve(found);
          } else if (isEnded) {
            done();
            reject(new Error(`stream ended before a matching message; got ${messages.map((m) => m.event).join(', ')}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching message within ${opts.timeoutMs ?? 5000} ms; got ${messages.map((m) => `${m.event}#${m.id}`).join(', ')}`));
        }, opts.timeoutMs ?? 5000);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
