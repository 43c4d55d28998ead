/**
 * `fn` once, one event-loop turn (setImmediate, after the I/O phase) after the first of any number of
 * calls: work queued by every request already read from the sockets is then taken together.
 */
export function oncePerTurn(fn: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      fn();
    });
  };
}
