#!/usr/bin/env node
// Bundle guard (issue 2 figure): the JavaScript that the login route loads first must stay
// ≤ 200 KB gzip and ≤ 1.15 × the first load of a shell-only build of the same app.
//
// "Login first load" (the bound) = every JS file the browser must fetch to show a usable login
// form at /login: the entry chunk and its static imports (Vite manifest closure of index.html)
// plus the login route's lazy page chunk and its static imports (closure of
// src/app/routes/login-page.tsx), plus anything else requested before the form is usable.
// The last part cannot be read from the manifest, so the script also loads the built app's /login
// in Chromium (vi and en), takes the JS files whose requests started before the form became usable
// (e-mail field present and submit button enabled), and fails when that set differs from the
// manifest closure: the manifest figure and the browser figure are the same number or the check
// fails. What the public pages prefetch once the form is up (texts and locales of the signed-in
// pages) is printed, not counted.
//
// "Shell-only" = the closure of apps/web/shell-only.html, an entry that renders the same providers
// and the authenticated shell (sidebar, header, breadcrumb, switchers, Add Tenant dialog) with no
// routes, built with the same Vite config and ZC_SHELL_ONLY=1 into apps/web/dist-shell.
//
// Sizes are gzip level 9 of each JS file, summed (the files are gzipped here: the server in front
// may or may not compress).
//
// Usage: node scripts/check-bundle.mjs [--no-build] [--no-browser]
//   --no-build    reuse existing dist folders
//   --no-browser  skip the Chromium cross-check (CHROMIUM_PATH, default /usr/bin/chromium; also
//                 skipped, with a warning, when that file does not exist)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const LIMIT_BYTES = 200 * 1024;
const MAX_RATIO = 1.15;
const LOGIN_PAGE = 'src/app/routes/login-page.tsx';
const reuse = process.argv.includes('--no-build');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let withBrowser = !process.argv.includes('--no-browser');
if (withBrowser && !existsSync(chromiumPath)) {
  console.warn(`WARN: ${chromiumPath} not found: browser cross-check skipped, manifest figure only`);
  withBrowser = false;
}

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
  return [...files].sort();
}

const gzipCache = new Map();
function gzipSize(outDir, files) {
  return files.reduce((sum, f) => {
    const key = `${outDir}/${f}`;
    if (!gzipCache.has(key)) gzipCache.set(key, gzipSync(readFileSync(path.join(web, outDir, f)), { level: 9 }).length);
    return sum + gzipCache.get(key);
  }, 0);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Static server for dist/ (SPA fallback, no compression; /api answers 503). */
function serve(outDir) {
  const dir = path.join(web, outDir);
  const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{}');
    }
    let file = path.join(dir, decodeURIComponent(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** JS files requested before the login form is usable, and after it (within 3 s), per locale. */
async function measureInBrowser(outDir) {
  const require = createRequire(path.join(root, 'package.json'));
  const { chromium } = require('playwright-core');
  const server = await serve(outDir);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results = [];
  try {
    for (const locale of ['vi-VN', 'en-US']) {
      const context = await browser.newContext({ locale });
      await context.addInitScript(() => {
        const mark = () => {
          const submit = document.querySelector('[data-testid=login-submit]');
          if (!window.__zcUsableAt && submit && !submit.disabled && document.querySelector('input#email')) window.__zcUsableAt = performance.now();
        };
        new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.waitForFunction(() => window.__zcUsableAt !== undefined, null, { timeout: 30_000 });
      await page.waitForTimeout(3000);
      const { usableAt, entries } = await page.evaluate(() => ({
        usableAt: window.__zcUsableAt,
        entries: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })),
      }));
      const js = (list) => [...new Set(list.map((e) => new URL(e.url).pathname.slice(1)).filter((p) => p.endsWith('.js')))].sort();
      results.push({
        locale,
        usableAt,
        before: js(entries.filter((e) => e.start <= usableAt)),
        after: js(entries.filter((e) => e.start > usableAt)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return results;
}

if (!reuse || !existsSync(path.join(web, 'dist-shell/.vite/manifest.json'))) build({ ZC_SHELL_ONLY: '1' });
if (!reuse || !existsSync(path.join(web, 'dist/.vite/manifest.json'))) build({ ZC_SHELL_ONLY: '' });

const app = readManifest('dist');
const entryFiles = closure(app, ['index.html']);
const loginFiles = closure(app, ['index.html', LOGIN_PAGE]);
const entry = gzipSize('dist', entryFiles);
const login = gzipSize('dist', loginFiles);
const shellFiles = closure(readManifest('dist-shell'), ['shell-only.html']);
const shell = gzipSize('dist-shell', shellFiles);

const failures = [];
let firstLoad = login;
console.log(`entry chunk + static imports:       ${kb(entry)} gzip in ${entryFiles.length} files`);
console.log(`login route first load (manifest):  ${kb(login)} gzip in ${loginFiles.length} files = entry closure + ${LOGIN_PAGE} closure`);

if (withBrowser) {
  for (const run of await measureInBrowser('dist')) {
    const size = gzipSize('dist', run.before);
    firstLoad = Math.max(firstLoad, size);
    console.log(
      `login route first load (Chromium ${run.locale}): ${kb(size)} gzip in ${run.before.length} files before the form was usable (${run.usableAt.toFixed(0)} ms); ` +
        `prefetched after: ${kb(gzipSize('dist', run.after))} in ${run.after.length} files`,
    );
    const missing = loginFiles.filter((f) => !run.before.includes(f));
    const extra = run.before.filter((f) => !loginFiles.includes(f));
    if (missing.length || extra.length) {
      failures.push(
        `Chromium (${run.locale}) and the manifest disagree on the login first load: ` +
          `requested but not in the manifest closure [${extra.join(', ')}], in the closure but not requested [${missing.join(', ')}]`,
      );
    }
  }
}

const ratio = firstLoad / shell;
console.log(`shell-only build:                   ${kb(shell)} gzip in ${shellFiles.length} files`);
console.log(`login first load:                   ${kb(firstLoad)} gzip (limit ${kb(LIMIT_BYTES)})`);
console.log(`login first load / shell-only:      ${ratio.toFixed(3)} (limit ${MAX_RATIO})`);

if (firstLoad > LIMIT_BYTES) failures.push(`login first load ${kb(firstLoad)} exceeds ${kb(LIMIT_BYTES)}`);
if (ratio > MAX_RATIO) failures.push(`login first load is ${ratio.toFixed(3)} × the shell-only build (limit ${MAX_RATIO})`);
if (failures.length) {
  for (const f of failures) console.error(`FAIL: ${f}`);
  process.exit(1);
}
console.log('OK: bundle within bounds');
