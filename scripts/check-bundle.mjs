#!/usr/bin/env node
// Bundle guard (issue 2 figure): the JavaScript the login route loads first must stay
// ≤ 200 KB gzip and ≤ 1.15 × the entry of a shell-only build of the same app.
//
// "Login first load" (the bound) = the Vite manifest closure of index.html: the entry chunk and
// its static imports, fetched before any route renders. Page code is lazy, so the login form's
// own chunk closure (src/app/routes/login-page.tsx) comes on top; it is printed as well
// ("login route incl. its lazy page"). "Shell-only" = the closure of
// apps/web/shell-only.html, an entry that renders only the providers and the authenticated shell
// (sidebar, header, breadcrumb, switchers, Add Tenant dialog) with no routes, built with
// ZC_SHELL_ONLY=1 into apps/web/dist-shell. Sizes are gzip level 9 of each JS file, summed.
//
// Usage: node scripts/check-bundle.mjs [--no-build]   (--no-build reuses existing dist folders)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const LIMIT_BYTES = 200 * 1024;
const MAX_RATIO = 1.15;
const reuse = process.argv.includes('--no-build');

function build(env) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const r = spawnSync(npx, ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error('vite build failed');
    process.exit(r.status ?? 1);
  }
}

function readManifest(outDir) {
  const file = path.join(web, outDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing (build.manifest must be on)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** JS files of `keys` and their static imports, transitively. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...files];
}

function gzipSize(outDir, files) {
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(web, outDir, f)), { level: 9 }).length, 0);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!reuse || !existsSync(path.join(web, 'dist-shell/.vite/manifest.json'))) build({ ZC_SHELL_ONLY: '1' });
if (!reuse || !existsSync(path.join(web, 'dist/.vite/manifest.json'))) build({ ZC_SHELL_ONLY: '' });

const app = readManifest('dist');
const loginFiles = closure(app, ['index.html', 'src/app/routes/login-page.tsx']);
const entryFiles = closure(app, ['index.html']);
const login = gzipSize('dist', loginFiles);
const entry = gzipSize('dist', entryFiles);
const shellFiles = closure(readManifest('dist-shell'), ['shell-only.html']);
const shell = gzipSize('dist-shell', shellFiles);
const ratio = entry / shell;

console.log(`login route first load (entry):    ${kb(entry)} gzip in ${entryFiles.length} files (limit ${kb(LIMIT_BYTES)})`);
console.log(`login route incl. its lazy page:    ${kb(login)} gzip in ${loginFiles.length} files`);
console.log(`shell-only build:                   ${kb(shell)} gzip in ${shellFiles.length} files`);
console.log(`entry / shell-only:                 ${ratio.toFixed(3)} (limit ${MAX_RATIO})`);

const failures = [];
if (entry > LIMIT_BYTES) failures.push(`login first load ${kb(entry)} exceeds ${kb(LIMIT_BYTES)}`);
if (ratio > MAX_RATIO) failures.push(`login first load is ${ratio.toFixed(3)} × the shell-only build (limit ${MAX_RATIO})`);
if (failures.length) {
  for (const f of failures) console.error(`FAIL: ${f}`);
  process.exit(1);
}
console.log('OK: bundle within bounds');
