import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { TextDecoder } from 'node:util';
import type { SheetRecord } from './ingest-csv';

/**
 * A streaming XLSX reader for a stored file: the zip's central directory is read from the end of the
 * file, the first worksheet is inflated as a stream and its `<row>` elements are read as they
 * arrive (one chunk plus one unfinished row in memory). Shared strings (`xl/sharedStrings.xml`) are
 * read first into an array, as every XLSX reader must (cells point into it). Only what a recipient
 * list needs: values of string, inline-string, number and boolean cells of the first sheet; formulas
 * give their cached value. No zip64 (files are at most 100 MB), no encryption.
 */

export class XlsxUnreadable extends Error {}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

async function centralDirectory(path: string): Promise<Map<string, ZipEntry>> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLen = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new XlsxUnreadable('not a zip file');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset + cdSize > size) throw new XlsxUnreadable('zip directory out of range');
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const entries = new Map<string, ZipEntry>();
    let p = 0;
    for (let k = 0; k < count && p + 46 <= cd.length; k++) {
      if (cd.readUInt32LE(p) !== 0x02014b50) throw new XlsxUnreadable('bad zip directory');
      const method = cd.readUInt16LE(p + 10);
      const compressedSize = cd.readUInt32LE(p + 20);
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      const localOffset = cd.readUInt32LE(p + 42);
      const name = cd.toString('utf8', p + 46, p + 46 + nameLen);
      entries.set(name, { name, method, compressedSize, localOffset });
      p += 46 + nameLen + extraLen + commentLen;
    }
    // Where each entry's data starts (after its local header).
    for (const e of entries.values()) {
      const lh = Buffer.alloc(30);
      await fh.read(lh, 0, 30, e.localOffset);
      if (lh.readUInt32LE(0) !== 0x04034b50) throw new XlsxUnreadable('bad zip entry');
      e.localOffset += 30 + lh.readUInt16LE(26) + lh.readUInt16LE(28);
    }
    return entries;
  } finally {
    await fh.close();
  }
}

async function* entryText(path: string, e: ZipEntry): AsyncGenerator<string> {
  if (e.compressedSize === 0) return;
  const raw = createReadStream(path, { start: e.localOffset, end: e.localOffset + e.compressedSize - 1, highWaterMark: 256 * 1024 });
  let stream: AsyncIterable<Buffer>;
  if (e.method === 0) stream = raw;
  else if (e.method === 8) stream = raw.pipe(createInflateRaw());
  else throw new XlsxUnreadable(`zip method ${e.method}`);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const b of stream) {
      const s = decoder.decode(b, { stream: true });
      if (s) yield s;
    }
  } catch (err) {
    if (err instanceof XlsxUnreadable) throw err;
    throw new XlsxUnreadable('the worksheet could not be inflated');
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    return ENTITY[e] ?? '';
  });
}

/** The text of an `<si>` / `<is>` element: every `<t>` run joined (phonetic runs `<rPh>` left out). */
function richText(xml: string): string {
  const noPhonetic = xml.indexOf('<rPh') >= 0 ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  for (const m of noPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += m[1] ?? '';
  return unescapeXml(out);
}

/** Elements `<tag …>…</tag>` (or self-closed) as they complete in a text stream; `limit` bounds an unfinished one. */
async function* elements(chunks: AsyncIterable<string>, tag: string, limit: number): AsyncGenerator<string[]> {
  const close = `</${tag}>`;
  const re = new RegExp(`<${tag}\\b[^>]*?(?:/>|>[\\s\\S]*?</${tag}>)`, 'g');
  let buf = '';
  for await (const chunk of chunks) {
    buf += chunk;
    const end = buf.lastIndexOf(close);
    if (end < 0) {
      if (buf.length > limit) {
        // Keep only from the last opening tag: text before it cannot start an element.
        const open = buf.lastIndexOf(`<${tag}`);
        if (open < 0) buf = buf.slice(-tag.length - 2);
        else if (buf.length - open > limit) throw new XlsxUnreadable(`a <${tag}> element is too large`);
        else buf = buf.slice(open);
      }
      continue;
    }
    const done = buf.slice(0, end + close.length);
    buf = buf.slice(end + close.length);
    const out: string[] = [];
    for (const m of done.matchAll(re)) out.push(m[0]);
    if (out.length) yield out;
  }
  const out: string[] = [];
  for (const m of buf.matchAll(re)) out.push(m[0]);
  if (out.length) yield out;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? null;

function firstSheet(entries: Map<string, ZipEntry>): ZipEntry {
  const sheet1 = entries.get('xl/worksheets/sheet1.xml');
  if (sheet1) return sheet1;
  const sheets = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort();
  const first = sheets[0] ? entries.get(sheets[0]) : undefined;
  if (!first) throw new XlsxUnreadable('no worksheet');
  return first;
}

/** Rows of the first worksheet of a stored XLSX file, in batches; row numbers are the sheet's. */
export async function* xlsxRecords(path: string): AsyncGenerator<SheetRecord[]> {
  const entries = await centralDirectory(path);
  if (!entries.has('[Content_Types].xml') || !entries.has('xl/workbook.xml')) throw new XlsxUnreadable('not an XLSX workbook');
  const shared: string[] = [];
  const sst = entries.get('xl/sharedStrings.xml');
  if (sst) for await (const batch of elements(entryText(path, sst), 'si', 1 << 20)) for (const si of batch) shared.push(richText(si));
  let lastRow = 0;
  for await (const batch of elements(entryText(path, firstSheet(entries)), 'row', 8 << 20)) {
    const out: SheetRecord[] = [];
    for (const rowXml of batch) {
      const head = /^<row\b([^>]*)>/.exec(rowXml)?.[1] ?? '';
      const r = Number(attr(head, 'r'));
      const row = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
      lastRow = row;
      const cells: string[] = [];
      let next = 0;
      let tooLong = false;
      for (const m of rowXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const a = m[1] ?? '';
        const body = m[2] ?? '';
        const ref = attr(a, 'r');
        const col = ref ? columnIndex(ref) : next;
        next = col + 1;
        if (col > 16_383) continue;
        const t = attr(a, 't');
        let value = '';
        if (t === 'inlineStr') value = richText(body);
        else {
          const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
          if (v !== undefined) {
            if (t === 's') value = shared[Number(v)] ?? '';
            else if (t === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
            else value = unescapeXml(v);
          }
        }
        if (value.length > 4096) tooLong = true;
        while (cells.length < col) cells.push('');
        cells[col] = value;
      }
      if (cells.length === 0 || cells.every((c) => c === '')) continue;
      out.push({ row, cells, problem: tooLong ? 'CELL_TOO_LONG' : null });
    }
    if (out.length) yield out;
  }
}
