/**
 * `npm run generate -w @zc/sdk [-- <openapi.json>]`: writes src/generated/openapi.ts (types of the
 * public API, from the OpenAPI document) and src/generated/error-codes.ts (from
 * packages/shared/src/errors.ts), so the published SDK imports nothing private.
 *
 * Without an argument the document is dumped fresh by `node --import tsx scripts/openapi-dump.ts`
 * (the app built in-process, exactly what `/api/docs/json` serves). The drift test
 * (apps/server/src/test/sdk-drift.test.ts) fails when the committed files differ from what this yields.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '../../shared/src/errors';
import { renderErrorCodes, renderOpenApiTypes } from './codegen';

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(sdkDir, '../..');

function dumpDocument(): Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zc-sdk-gen-'));
  try {
    const out = path.join(dir, 'openapi.json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/openapi-dump.ts', out], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error(`scripts/openapi-dump.ts exited with ${r.status ?? r.signal}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const from = process.argv[2];
const doc = from ? (JSON.parse(readFileSync(path.resolve(process.cwd(), from), 'utf8')) as Record<string, unknown>) : dumpDocument();
const files = {
  'src/generated/openapi.ts': await renderOpenApiTypes(doc),
  'src/generated/error-codes.ts': renderErrorCodes(ERROR_CODES),
};
for (const [file, text] of Object.entries(files)) {
  writeFileSync(path.join(sdkDir, file), text);
  console.log(`wrote packages/sdk/${file} (${text.length} chars)`);
}
