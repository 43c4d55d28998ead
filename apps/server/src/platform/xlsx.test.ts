import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxRecords } from '../modules/campaigns/ingest-xlsx';
import { columnName, writeXlsx, zip } from './xlsx';

const dir = await mkdtemp(path.join(tmpdir(), 'zc-xlsx-'));
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function readBack(buf: Buffer): Promise<string[][]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(file, buf);
  const rows: string[][] = [];
  for await (const batch of xlsxRecords(file)) for (const r of batch) rows.push(r.cells);
  return rows;
}

/** Entries of a zip by its central directory (independent of the campaign reader). */
function unzip(buf: Buffer): Map<string, string> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(buf.subarray(dataAt, dataAt + size)).toString('utf8'));
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

describe('XLSX writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes a workbook the campaign reader reads back: Vietnamese text, numbers, empty cells, markup and formula-looking text', async () => {
    const buf = writeXlsx({
      name: 'Báo cáo',
      header: ['Ngày', 'Tổng', 'Chi phí'],
      rows: [
        ['2026-11-01', 12, 3500.5],
        ['Mẫu <b>&"x"', null, 0],
        ['=SUM(A1)', 7, ''],
      ],
    });
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    expect(await readBack(buf)).toEqual([
      ['Ngày', 'Tổng', 'Chi phí'],
      ['2026-11-01', '12', '3500.5'],
      ['Mẫu <b>&"x"', '', '0'],
      ['=SUM(A1)', '7'],
    ]);
    const entries = unzip(buf);
    expect([...entries.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    expect(entries.get('xl/workbook.xml')).toContain('name="Báo cáo"');
    // Text is an inline string, never a formula; numbers are numbers.
    expect(entries.get('xl/worksheets/sheet1.xml')).toContain('<c r="A4" t="inlineStr"><is><t xml:space="preserve">=SUM(A1)</t></is></c>');
    expect(entries.get('xl/worksheets/sheet1.xml')).toContain('<c r="C2"><v>3500.5</v></c>');
  });

  it('writes many rows (a large export) and keeps every one', async () => {
    const rows = Array.from({ length: 6000 }, (_, i) => [`t${i}`, i]);
    const back = await readBack(writeXlsx({ name: 'x', header: ['key', 'n'], rows }));
    expect(back).toHaveLength(6001);
    expect(back[6000]).toEqual(['t5999', '5999']);
  });

  it('stores entry checksums a zip reader verifies', () => {
    const buf = zip([{ name: 'a.txt', data: Buffer.from('hello') }]);
    expect(unzip(buf).get('a.txt')).toBe('hello');
    expect(buf.readUInt32LE(14)).toBe(0x3610a686); // crc32('hello')
  });
});
