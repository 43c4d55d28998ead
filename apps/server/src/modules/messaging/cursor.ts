import { AppError } from '../../platform/errors';

/**
 * A keyset position in the history order (created_at, seq). `at` is PostgreSQL's own text of
 * created_at (microseconds survive, a JS Date would drop them); `dir` says which way to read.
 */
export interface HistoryCursor {
  at: string;
  seq: number;
  dir: 'next' | 'prev';
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(c: HistoryCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.seq, c.dir === 'next' ? 1 : 0])).toString('base64url');
}

export function decodeCursor(raw: string): HistoryCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, seq, dir] = parsed as unknown[];
      if (typeof at === 'string' && ISO_MICROS.test(at) && Number.isSafeInteger(seq) && (dir === 0 || dir === 1)) {
        return { at, seq: seq as number, dir: dir === 1 ? 'next' : 'prev' }; // seq checked by isSafeInteger
      }
    }
  } catch {
    // fall through: malformed base64/JSON is a client error like any other bad cursor
  }
  throw new AppError('CURSOR_INVALID', undefined, { fields: [{ path: 'querystring.cursor', code: 'invalid', message: 'unknown cursor' }] });
}
