// Campaign recipient ingest (issue 13 figures): rows/s of the CSV ingest (streamed parse, phone and
// param checks, batched multi-row inserts into campaign_recipients) against PostgreSQL COPY loading the
// same rows into the same table in the same run (bound ≥ 0.35×), and the memory a 5-million-row file
// adds to the process (bound ≤ 256 MB).
//   npm run bench -- campaign-ingest                       PostgreSQL, 1 M rows for the ratio, 5 M for memory
//   npx tsx bench/campaign-ingest.bench.ts --pglite        the same on PGlite
//   BENCH_ROWS=… BENCH_MEMORY_ROWS=… (0 skips the memory run)
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../apps/server/src/db/client';
import { ingestRows, type TemplateParamRule } from '../apps/server/src/modules/campaigns/ingest';
import { PG_URL, pglite, withBenchDatabase } from './bench-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MEMORY_ROWS = Number(process.env.BENCH_MEMORY_ROWS ?? 5_000_000);
const PARAMS: TemplateParamRule[] = [
  { name: 'customer_name', require: true, type: 'STRING', minLength: 0, maxLength: 30, acceptNull: false },
  { name: 'order_code', require: true, type: 'STRING', minLength: 0, maxLength: 12, acceptNull: false },
];
const MAPPING = { phone: 'phone', params: { customer_name: 'name', order_code: 'order' } };
const HEADER = ['phone', 'name', 'order'];

/** Row i: a unique valid phone (091 + 7 digits, 092 + … past 10 M), a Vietnamese name, an order code. */
function phoneOf(i: number): string {
  return `09${1 + Math.floor(i / 10_000_000)}${String(i % 10_000_000).padStart(7, '0')}`;
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('phone,name,order\n');
  let buf = '';
  for (let i = 0; i < rows; i++) {
    buf += `${phoneOf(i)},Nguyễn Văn ${i % 997},DH${i}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

/** The same rows in COPY text format for the same table (converted beforehand: the conversion is not timed). */
async function writeCopyText(file: string, uploadId: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  let buf = '';
  for (let i = 0; i < rows; i++) {
    buf += `${uploadId}\t${i + 2}\t84${phoneOf(i).slice(1)}\t{"customer_name":"Nguyễn Văn ${i % 997}","order_code":"DH${i}"}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

async function newUpload(db: Database, tenantId: string, oaId: string): Promise<string> {
  const { rows } = await db.raw.query<{ id: string }>(`insert into campaign_uploads (tenant_id, zalo_oa_id, zns_template_id, file_name, mapping) values ($1, $2, 'bench', 'bench.csv', '{"phone":"phone","params":{}}') returning id`, [tenantId, oaId]);
  return rows[0]?.id ?? '';
}

async function seed(db: Database): Promise<{ tenantId: string; oaId: string }> {
  const m = await db.raw.query<{ id: string }>(`insert into merchants (name) values ('Bench org') returning id`);
  const t = await db.raw.query<{ id: string }>(`insert into tenants (merchant_id, name, zns_service) values ($1, 'Bench tenant', true) returning id`, [m.rows[0]?.id]);
  const tenantId = t.rows[0]?.id ?? '';
  const o = await db.raw.query<{ id: string }>(
    `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ($1, 'Bench OA', 'app', 'oa', 'x', 'x', 'x', 'x') returning id`,
    [tenantId],
  );
  return { tenantId, oaId: o.rows[0]?.id ?? '' };
}

/** The bench database's URL (PostgreSQL): psql's \\copy streams the file from this process's side, as a client load would. */
let currentUrl = PG_URL;

async function copyRows(db: Database, file: string): Promise<void> {
  const sql = 'copy campaign_recipients (upload_id, seq, phone, params) from';
  if (db.kind === 'pglite') {
    const client = (db.db as unknown as { $client: PGlite }).$client;
    await client.query(`${sql} '/dev/blob'`, [], { blob: new Blob([await readFile(file)]) });
    return;
  }
  const r = spawnSync('psql', [currentUrl, '-v', 'ON_ERROR_STOP=1', '-c', `\\${sql} '${file}'`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql copy failed: ${r.stderr}`);
}


async function ratio(db: Database, label: string, ids: { tenantId: string; oaId: string }): Promise<void> {
  const dir = tmpdir();
  const csv = path.join(dir, `campaign-ingest-${process.pid}.csv`);
  const copyText = path.join(dir, `campaign-ingest-${process.pid}.tsv`);
  await writeCsv(csv, ROWS);
  const copyUpload = await newUpload(db, ids.tenantId, ids.oaId);
  await writeCopyText(copyText, copyUpload, ROWS);
  try {
    const upload = await newUpload(db, ids.tenantId, ids.oaId);
    const t0 = performance.now();
    const r = await ingestRows(db.db, upload, { path: csv, kind: 'csv', header: HEADER }, MAPPING, PARAMS);
    const ingestS = (performance.now() - t0) / 1000;
    if (r.validRows !== ROWS) throw new Error(`ingest kept ${r.validRows} of ${ROWS} rows (${r.rejectedRows} rejected, ${r.duplicateRows} duplicates)`);
    const t1 = performance.now();
    await copyRows(db, copyText);
    const copyS = (performance.now() - t1) / 1000;
    const { rows } = await db.raw.query<{ n: number }>('select count(*)::int as n from campaign_recipients where upload_id = $1', [copyUpload]);
    if (rows[0]?.n !== ROWS) throw new Error(`COPY loaded ${rows[0]?.n} rows`);
    const ingestRate = ROWS / ingestS;
    const copyRate = ROWS / copyS;
    console.log(`${label}: ${ROWS.toLocaleString('en')} rows — ingest ${ingestS.toFixed(1)} s = ${Math.round(ingestRate).toLocaleString('en')} rows/s; COPY ${copyS.toFixed(1)} s = ${Math.round(copyRate).toLocaleString('en')} rows/s; ratio ${(ingestRate / copyRate).toFixed(2)}× (bound ≥ 0.35×: ${ingestRate / copyRate >= 0.35 ? 'met' : 'MISSED'})`);
  } finally {
    await rm(csv, { force: true });
    await rm(copyText, { force: true });
  }
}

async function memory(db: Database, label: string, ids: { tenantId: string; oaId: string }): Promise<void> {
  if (MEMORY_ROWS <= 0) return;
  const csv = path.join(tmpdir(), `campaign-ingest-mem-${process.pid}.csv`);
  await writeCsv(csv, MEMORY_ROWS);
  try {
    (globalThis as { gc?: () => void }).gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const upload = await newUpload(db, ids.tenantId, ids.oaId);
    const t0 = performance.now();
    const r = await ingestRows(db.db, upload, { path: csv, kind: 'csv', header: HEADER }, MAPPING, PARAMS);
    const s = (performance.now() - t0) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const addedMb = (peak - base) / 1048576;
    console.log(`${label}: ${MEMORY_ROWS.toLocaleString('en')}-row file (${r.validRows.toLocaleString('en')} kept) in ${s.toFixed(1)} s; RSS ${Math.round(base / 1048576)} → peak ${Math.round(peak / 1048576)} MB: +${addedMb.toFixed(0)} MB (bound ≤ 256 MB: ${addedMb <= 256 ? 'met' : 'MISSED'})${pglite ? ' — PGlite runs in this process, so its own buffers count too' : ''}`);
  } finally {
    await rm(csv, { force: true });
  }
}

await withBenchDatabase({ prefix: 'bench_campaign_ingest', filledTable: 'merchants', generate: async () => undefined }, async (db, label) => {
  if (db.kind === 'postgres') currentUrl = Object.assign(new URL(PG_URL), { pathname: `/${label.replace(/^PostgreSQL \((.*)\)$/, '$1')}` }).toString();
  const ids = await seed(db);
  await ratio(db, label, ids);
  await memory(db, label, ids);
});
