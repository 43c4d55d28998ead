#!/usr/bin/env node
// `npm run bench [-- name-filter]`: runs every bench/*.bench.ts in turn with tsx. Benchmarks only
// target 127.0.0.1 and stop by themselves; results are recorded by hand in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n### ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit', cwd: path.join(dir, '..') });
  if (r.status !== 0) failed += 1;
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
