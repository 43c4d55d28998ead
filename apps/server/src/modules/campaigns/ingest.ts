import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseVietnamPhone } from '@zc/shared/phone';
import { CAMPAIGN_CELL_MAX_CHARS, type CampaignFileKind, type CampaignMapping, type CampaignRejectCode } from '@zc/shared/api/campaigns';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { csvRecords, decodeText, sniffDelimiter, type SheetRecord } from './ingest-csv';
import { XlsxUnreadable, xlsxRecords } from './ingest-xlsx';
import { insertRecipientBatch, insertRejectBatch } from './repo';

/*
 * Recipient intake (issue 13 #2), in two steps so that the columns can be mapped once the header is known:
 *
 * 1. `campaign/upload` streams the multipart file to `DATA_DIR/campaign-uploads/<id>.<kind>` (never whole in
 *    memory; over CAMPAIGN_UPLOAD_MAX_BYTES → 413 and the partial file is removed), tells CSV from XLSX by
 *    content (zip signature; NUL bytes without a UTF-16 BOM → 415), reads the header row from the stored
 *    file and stores the upload. When the mapping is given, or the one remembered for the template fits the
 *    header, the rows are read at once (step 2); otherwise the answer carries the header and a suggestion.
 * 2. `campaign/upload/{id}/mapping` reads the stored file again as a stream: every row is checked against
 *    the phone rules and the template's params; valid rows go to `campaign_recipients` in batches of
 *    INGEST_BATCH (one multi-row insert each, de-duplicated by the (upload, phone) unique index: the rows
 *    it skipped are the duplicates), refused rows to `campaign_upload_rejects` with their code. A new
 *    mapping reads the file again from scratch. The reject report is streamed from the table.
 */

export const INGEST_BATCH = 2000;

export interface TemplateParamRule {
  name: string;
  require: boolean;
  type: string;
  minLength: number;
  maxLength: number;
  acceptNull: boolean;
}

export interface StoredFile {
  path: string;
  kind: CampaignFileKind;
  size: number;
  header: string[];
}

/** Where uploads are kept. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'campaign-uploads');
}

function looksBinary(head: Buffer): boolean {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return false;
  return head.includes(0);
}

/** The header row: trimmed names, blanks named by position, repeats numbered so each names one column. */
export function headerOf(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((c, i) => {
    const base = c.replace(/^\uFEFF/, '').trim().slice(0, 200) || `#${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The records of a stored file, in batches. */
export async function* fileRecords(file: { path: string; kind: CampaignFileKind }): AsyncGenerator<SheetRecord[]> {
  if (file.kind === 'xlsx') {
    yield* xlsxRecords(file.path);
    return;
  }
  const text = decodeText(createReadStream(file.path, { highWaterMark: 256 * 1024 }));
  const first = await text.next();
  if (first.done) return;
  const delimiter = sniffDelimiter(first.value);
  async function* all(): AsyncGenerator<string> {
    yield first.value as string;
    yield* text;
  }
  yield* csvRecords(all(), delimiter);
}

async function readHeader(file: { path: string; kind: CampaignFileKind }): Promise<string[]> {
  for await (const batch of fileRecords(file)) {
    const first = batch[0];
    if (first) return headerOf(first.cells);
  }
  return [];
}

/**
 * Streams an uploaded file to disk under `id`, with its kind and header. 413 over `maxBytes`, 415 when
 * it is neither CSV nor XLSX; the file is removed then.
 */
export async function storeUploadFile(source: Readable & { truncated?: boolean }, dir: string, id: string, maxBytes: number): Promise<StoredFile> {
  await mkdir(dir, { recursive: true });
  const part = path.join(dir, `${id}.part`);
  let size = 0;
  let head: Buffer | null = null;
  const chunks: Buffer[] = [];
  try {
    await pipeline(
      source,
      async function* (src: AsyncIterable<Buffer>) {
        for await (const b of src) {
          size += b.length;
          if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${Math.round(maxBytes / 1048576)} MB`, { fields: [{ path: 'file', code: 'too_big', message: `at most ${Math.round(maxBytes / 1048576)} MB` }] });
          if (!head) {
            chunks.push(b);
            const joined = Buffer.concat(chunks);
            if (joined.length >= 8192) {
              head = joined;
              chunks.length = 0;
            }
          }
          yield b;
        }
      },
      createWriteStream(part),
    );
    if (source.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${Math.round(maxBytes / 1048576)} MB`, { fields: [{ path: 'file', code: 'too_big', message: `at most ${Math.round(maxBytes / 1048576)} MB` }] });
    const first: Buffer = head ?? Buffer.concat(chunks);
    if (first.length === 0) throw new AppError('CAMPAIGN_INVALID', 'The file is empty', { rule: 'FILE_UNREADABLE', fields: [{ path: 'file', code: 'FILE_UNREADABLE', message: 'the file is empty' }] });
    const zip = first.length >= 4 && first.readUInt32LE(0) === 0x04034b50;
    if (!zip && looksBinary(first.subarray(0, 8192))) throw unsupported();
    const kind: CampaignFileKind = zip ? 'xlsx' : 'csv';
    const final = path.join(dir, `${id}.${kind}`);
    await rename(part, final);
    let header: string[];
    try {
      header = await readHeader({ path: final, kind });
    } catch (err) {
      await rm(final, { force: true });
      if (err instanceof XlsxUnreadable) throw unsupported();
      throw err;
    }
    if (header.length === 0 || header.every((h) => h.startsWith('#'))) {
      await rm(final, { force: true });
      throw new AppError('CAMPAIGN_INVALID', 'The file has no header row', { rule: 'FILE_UNREADABLE', fields: [{ path: 'file', code: 'FILE_UNREADABLE', message: 'the first row must name the columns' }] });
    }
    return { path: final, kind, size, header };
  } finally {
    await rm(part, { force: true });
  }
}

function unsupported(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be a CSV (UTF-8) or an XLSX workbook', { fields: [{ path: 'file', code: 'file_type', message: 'CSV or XLSX only' }] });
}

/** A suggestion from the header: the phone column by its name, each param by a column of its own name (case and accents aside). */
export function suggestMapping(header: readonly string[], params: readonly TemplateParamRule[]): CampaignMapping {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/gi, 'd').toLowerCase().replace(/[^a-z0-9]/g, '');
  const byFold = new Map(header.map((h) => [fold(h), h]));
  const phone = ['phone', 'sdt', 'sodienthoai', 'dienthoai', 'mobile', 'phonenumber', 'msisdn'].map((k) => byFold.get(k)).find(Boolean) ?? '';
  const out: Record<string, string> = {};
  for (const p of params) {
    const h = byFold.get(fold(p.name));
    if (h) out[p.name] = h;
  }
  return { phone, params: out };
}

/** Problems of a mapping against a header and the template's params (empty: usable). */
export function mappingProblems(mapping: CampaignMapping, header: readonly string[], params: readonly TemplateParamRule[]): Array<{ path: string; message: string }> {
  const has = new Set(header);
  const out: Array<{ path: string; message: string }> = [];
  if (!mapping.phone || !has.has(mapping.phone)) out.push({ path: 'mapping.phone', message: 'the phone column must be one of the header columns' });
  const known = new Set(params.map((p) => p.name));
  for (const name of Object.keys(mapping.params)) if (!known.has(name)) out.push({ path: `mapping.params.${name}`, message: `${name} is not a param of the template` });
  for (const p of params) {
    const col = mapping.params[p.name];
    if (col === undefined || col === '') {
      if (p.require && !p.acceptNull) out.push({ path: `mapping.params.${p.name}`, message: `${p.name} is required: choose its column` });
    } else if (!has.has(col)) out.push({ path: `mapping.params.${p.name}`, message: `${col} is not a header column` });
  }
  return out;
}

export interface IngestCounts {
  totalRows: number;
  validRows: number;
  rejectedRows: number;
  duplicateRows: number;
}

interface Rejected {
  row: number;
  raw: string[];
  reason: string;
}

const DIGITS = /^-?\d+(?:[.,]\d+)?$/;

/** One row against the phone rules and the params: the recipient, or the reason (`CODE` or `CODE:param`). */
export function checkRow(cells: readonly string[], phoneAt: number, paramAt: ReadonlyArray<readonly [TemplateParamRule, number]>, needed: number): { phone: string; params: Record<string, string> } | { reason: `${CampaignRejectCode}` | `${CampaignRejectCode}:${string}` } {
  for (const c of cells) if (c.indexOf('\uFFFD') >= 0 || c.indexOf('\u0000') >= 0) return { reason: 'ENCODING' };
  if (cells.length < needed) return { reason: 'COLUMNS_MISSING' };
  const phone = parseVietnamPhone(cells[phoneAt]);
  if (!phone.ok) return { reason: phone.reason === 'empty' ? 'PHONE_EMPTY' : phone.reason === 'prefix' ? 'PHONE_PREFIX' : 'PHONE_FORMAT' };
  const params: Record<string, string> = {};
  for (const [p, at] of paramAt) {
    const value = at < 0 ? '' : (cells[at] ?? '').trim();
    if (value === '') {
      if (p.require && !p.acceptNull) return { reason: `PARAM_REQUIRED:${p.name}` };
      continue;
    }
    if (value.length > CAMPAIGN_CELL_MAX_CHARS) return { reason: 'CELL_TOO_LONG' };
    const length = [...value].length;
    if (p.minLength > 0 && length < p.minLength) return { reason: `PARAM_MIN_LENGTH:${p.name}` };
    if (p.maxLength > 0 && length > p.maxLength) return { reason: `PARAM_MAX_LENGTH:${p.name}` };
    if (p.type.toUpperCase() === 'NUMBER' && !DIGITS.test(value)) return { reason: `PARAM_TYPE:${p.name}` };
    params[p.name] = value;
  }
  return { phone: phone.msisdn, params };
}

const clip = (cells: readonly string[]) => cells.slice(0, 50).map((c) => (c.length > 200 ? `${c.slice(0, 200)}…` : c));

/**
 * Reads the stored file's rows into the upload's recipients and rejects (see the module note). One
 * insert is in flight while the next batch is read. A file that becomes unreadable part-way (a broken
 * XLSX) ends with what was read and the reason; it is never a crash.
 */
export async function ingestRows(
  db: DbOrTx,
  uploadId: string,
  file: { path: string; kind: CampaignFileKind; header: readonly string[] },
  mapping: CampaignMapping,
  params: readonly TemplateParamRule[],
): Promise<IngestCounts & { error: string | null }> {
  const col = new Map(file.header.map((h, i) => [h, i]));
  const phoneAt = col.get(mapping.phone) ?? -1;
  const paramAt = params.map((p) => [p, mapping.params[p.name] ? (col.get(mapping.params[p.name] as string) ?? -1) : -1] as const);
  const needed = Math.max(phoneAt, ...paramAt.map(([, i]) => i)) + 1;
  const counts: IngestCounts = { totalRows: 0, validRows: 0, rejectedRows: 0, duplicateRows: 0 };
  let valid: Array<{ seq: number; phone: string; params: Record<string, string>; raw: string[] }> = [];
  let rejected: Rejected[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const flush = () => {
    const v = valid;
    const r = rejected;
    valid = [];
    rejected = [];
    const prev = inFlight;
    inFlight = (async () => {
      await prev;
      if (v.length > 0) {
        const inserted = await insertRecipientBatch(db, uploadId, v);
        counts.validRows += inserted.size;
        for (const x of v) {
          if (!inserted.has(x.seq)) {
            counts.duplicateRows += 1;
            r.push({ row: x.seq, raw: x.raw, reason: 'DUPLICATE' });
          }
        }
      }
      if (r.length > 0) await insertRejectBatch(db, uploadId, r);
    })();
    // An error surfaces at the next await of inFlight.
    inFlight.catch(() => undefined);
  };
  let headerSeen = false;
  let error: string | null = null;
  try {
    for await (const batch of fileRecords(file)) {
      for (const rec of batch) {
        if (!headerSeen) {
          headerSeen = true;
          continue;
        }
        counts.totalRows += 1;
        if (rec.problem) {
          counts.rejectedRows += 1;
          rejected.push({ row: rec.row, raw: clip(rec.cells), reason: rec.problem });
          continue;
        }
        const r = checkRow(rec.cells, phoneAt, paramAt, needed);
        if ('reason' in r) {
          counts.rejectedRows += 1;
          rejected.push({ row: rec.row, raw: clip(rec.cells), reason: r.reason });
        } else {
          valid.push({ seq: rec.row, phone: r.phone, params: r.params, raw: clip(rec.cells) });
        }
      }
      if (valid.length + rejected.length >= INGEST_BATCH) {
        await inFlight;
        flush();
      }
    }
  } catch (err) {
    if (!(err instanceof XlsxUnreadable)) throw err;
    error = `The file could not be read to its end: ${err.message}`;
  }
  await inFlight;
  flush();
  await inFlight;
  return { ...counts, error };
}
