import { TextDecoder } from 'node:util';

/**
 * A streaming CSV reader (RFC 4180: quoted fields with doubled quotes, delimiters and line breaks
 * inside quotes, CRLF or LF). It holds one chunk plus the unfinished record, never the file: a
 * record that does not end within RECORD_MAX_CHARS (an unbalanced quote in a junk file) is cut and
 * reported as one rejected row (CELL_TOO_LONG), and reading goes on at the next line break.
 *
 * Written here rather than taken from a package: it is ~150 lines, needs no dependency, and yields
 * records in batches (one await per chunk, not per row), which the ingest's rows/s figure needs.
 */

export interface SheetRecord {
  /** 1-based record number in the file (the header is 1): the report's row number. */
  row: number;
  cells: string[];
  /** The record could not be read whole (a cell over the limit, or an unterminated quote). */
  problem: 'CELL_TOO_LONG' | null;
}

/** A record that has not ended after this many characters is cut (about 1 MB of text). */
export const RECORD_MAX_CHARS = 1 << 20;

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** The delimiter of the file, judged on its first line: the most frequent of comma, semicolon and tab (comma on a tie). */
export function sniffDelimiter(firstText: string): string {
  const end = firstText.indexOf('\n');
  const line = end < 0 ? firstText : firstText.slice(0, end);
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    let n = 0;
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === d) n++;
    }
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** Reads one record at `i`; null when the text ends before the record does (and more may come). */
function recordAt(s: string, start: number, dcode: number, final: boolean): { cells: string[]; next: number } | null {
  const n = s.length;
  const cells: string[] = [];
  let i = start;
  for (;;) {
    let value: string;
    if (i < n && s.charCodeAt(i) === QUOTE) {
      let j = i + 1;
      value = '';
      for (;;) {
        const q = s.indexOf('"', j);
        if (q < 0) {
          if (!final) return null;
          value += s.slice(j);
          i = n;
          break;
        }
        if (q + 1 >= n && !final) return null;
        if (s.charCodeAt(q + 1) === QUOTE) {
          value += s.slice(j, q + 1);
          j = q + 2;
          continue;
        }
        value += s.slice(j, q);
        i = q + 1;
        break;
      }
      // Text after a closing quote and before the delimiter belongs to the cell (lenient, as spreadsheets read it).
      let k = i;
      while (k < n) {
        const c = s.charCodeAt(k);
        if (c === dcode || c === LF || c === CR) break;
        k++;
      }
      if (k >= n && !final) return null;
      if (k > i) value += s.slice(i, k);
      i = k;
    } else {
      let k = i;
      while (k < n) {
        const c = s.charCodeAt(k);
        if (c === dcode || c === LF || c === CR) break;
        k++;
      }
      if (k >= n && !final) return null;
      value = s.slice(i, k);
      i = k;
    }
    cells.push(value);
    if (i >= n) return { cells, next: n };
    const c = s.charCodeAt(i);
    if (c === dcode) {
      i++;
      continue;
    }
    if (c === CR) {
      if (i + 1 >= n && !final) return null;
      i += s.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      i++;
    }
    return { cells, next: i };
  }
}

const isBlank = (cells: string[]) => cells.length === 1 && cells[0] === '';

/**
 * Records of decoded text chunks, in batches (one per chunk). Blank lines are skipped but counted,
 * so row numbers stay those of the file.
 */
export async function* csvRecords(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<SheetRecord[]> {
  const dcode = delimiter.charCodeAt(0);
  let buf = '';
  let row = 0;
  // After a cut record: text is dropped up to the next line break.
  let skipping = false;
  for await (const chunk of chunks) {
    let text = chunk;
    if (skipping) {
      const nl = text.indexOf('\n');
      if (nl < 0) continue;
      text = text.slice(nl + 1);
      skipping = false;
    }
    buf = buf.length > 0 ? buf + text : text;
    const out: SheetRecord[] = [];
    let pos = 0;
    while (pos < buf.length) {
      const r = recordAt(buf, pos, dcode, false);
      if (!r) break;
      pos = r.next;
      row++;
      if (!isBlank(r.cells)) out.push({ row, cells: r.cells, problem: null });
    }
    buf = pos > 0 ? buf.slice(pos) : buf;
    if (buf.length > RECORD_MAX_CHARS) {
      row++;
      out.push({ row, cells: [buf.slice(0, 200)], problem: 'CELL_TOO_LONG' });
      const nl = buf.indexOf('\n', RECORD_MAX_CHARS);
      if (nl < 0) {
        buf = '';
        skipping = true;
      } else {
        buf = buf.slice(nl + 1);
      }
    }
    if (out.length > 0) yield out;
  }
  const out: SheetRecord[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const r = recordAt(buf, pos, dcode, true);
    if (!r) break;
    pos = r.next;
    row++;
    if (!isBlank(r.cells)) out.push({ row, cells: r.cells, problem: null });
  }
  if (out.length > 0) yield out;
}

/**
 * Decodes a byte stream to text: UTF-8 (a BOM dropped), or UTF-16 when the file starts with its
 * BOM. Bytes that are not UTF-8 become U+FFFD, which the row check reports as ENCODING.
 */
export async function* decodeText(bytes: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const b of bytes) {
    if (!decoder) {
      const le = b.length >= 2 && b[0] === 0xff && b[1] === 0xfe;
      const be = b.length >= 2 && b[0] === 0xfe && b[1] === 0xff;
      decoder = new TextDecoder(le ? 'utf-16le' : be ? 'utf-16be' : 'utf-8');
    }
    const s = decoder.decode(b, { stream: true });
    if (s.length > 0) yield s;
  }
  if (decoder) {
    const s = decoder.decode();
    if (s.length > 0) yield s;
  }
}
