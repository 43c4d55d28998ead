#!/usr/bin/env node
// Bundle guard (issue 2 and issue 9 figures): the JavaScript that the login route loads first must
// stay ≤ 200 KB as the browser receives it from the product, and ≤ 1.15 × the first load of a
// shell-only build of the same app; a repeat visit must transfer no JavaScript at all.
//
// "Login first load" = every JS file the browser must fetch to show a usable login form at /login:
// the entry chunk and its static imports (Vite manifest closure of index.html) plus the login route's
// lazy page chunk and its static imports (closure of src/app/routes/login-page.tsx), plus anything
// else requested before the form is usable. The last part cannot be read from the manifest, so the
// script starts the product the way `npm start` does (scripts/start.mjs, fresh DATA_DIR, free port,
// the build just made), loads /login in Chromium (vi and en), takes the JS files whose requests
// started before the form became usable (e-mail field present and submit button enabled), and fails
// when that set differs from the manifest closure. The bound applies to the bytes transferred for
// those files (Resource Timing transferSize: compressed body plus headers, as the server sent them),
// so it measures the server's compression too. Then the same browser opens /login again: every JS
// file must come from the cache (transferSize 0; hashed assets are immutable).
//
// "Shell-only" = the closure of apps/web/shell-only.html, an entry that renders the same providers
// and the authenticated shell (sidebar, header, breadcrumb, switchers, Add Tenant dialog) with no
// routes, built with the same Vite config and ZC_SHELL_ONLY=1 into apps/web/dist-shell. The ratio
// compares gzip level 9 sizes of both closures (the same measure on both sides).
//
// Usage: node scripts/check-bundle.mjs [--no-build] [--no-browser]
//   --no-build    reuse existing dist folders
//   --no-browser  skip the browser measure (CHROMIUM_PATH, default /usr/bin/chromium; also
//                 skipped, with a warning, when that file does not exist); the bound then applies to
//                 the gzip size of the manifest closure
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
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

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The product as `npm start` runs it, on the build in dist/, a fresh data dir and a free port. */
async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bundle-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(web, 'dist'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the product did not answer /api/health:\n${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** Loads /login until the form is usable; the JS resources requested before and after that moment. */
async function loadLogin(page, base) {
  await page.goto(`${base}/login`);
  await page.waitForFunction(() => window.__zcUsableAt !== undefined, null, { timeout: 30_000 });
  await page.waitForTimeout(3000);
  const { usableAt, entries } = await page.evaluate(() => ({
    usableAt: window.__zcUsableAt,
    entries: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, transfer: e.transferSize })),
  }));
  const js = (list) => list.map((e) => ({ file: new URL(e.url).pathname.slice(1), transfer: e.transfer })).filter((e) => e.file.endsWith('.js'));
  return { usableAt, before: js(entries.filter((e) => e.start <= usableAt)), after: js(entries.filter((e) => e.start > usableAt)) };
}

/** First and repeat visit of /login in Chromium, per locale, against the running product. */
async function measureInBrowser() {
  const require = createRequire(path.join(root, 'package.json'));
  const { chromium } = require('playwright-core');
  const product = await startProduct();
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
      const first = await loadLogin(await context.newPage(), product.base);
      const repeat = await loadLogin(await context.newPage(), product.base);
      results.push({ locale, first, repeat });
      await context.close();
    }
  } finally {
    await browser.close();
    await product.stop();
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
let firstLoadMeasure = 'gzip of the manifest closure (no browser)';
console.log(`entry chunk + static imports:       ${kb(entry)} gzip in ${entryFiles.length} files`);
console.log(`login route first load (manifest):  ${kb(login)} gzip in ${loginFiles.length} files = entry closure + ${LOGIN_PAGE} closure`);

if (withBrowser) {
  firstLoad = 0;
  firstLoadMeasure = 'transferred by the product to Chromium';
  const sum = (list) => list.reduce((n, e) => n + e.transfer, 0);
  for (const run of await measureInBrowser()) {
    const files = [...new Set(run.first.before.map((e) => e.file))].sort();
    const transferred = sum(run.first.before);
    firstLoad = Math.max(firstLoad, transferred);
    console.log(
      `login route first load (Chromium ${run.locale}): ${kb(transferred)} transferred in ${files.length} files before the form was usable ` +
        `(${run.first.usableAt.toFixed(0)} ms; gzip-9 on disk ${kb(gzipSize('dist', files))}); prefetched after: ${kb(sum(run.first.after))} in ${run.first.after.length} files`,
    );
    const repeatJs = sum([...run.repeat.before, ...run.repeat.after]);
    console.log(`login route repeat visit (Chromium ${run.locale}): ${kb(repeatJs)} of JavaScript transferred`);
    if (repeatJs > 0) {
      const fetched = [...run.repeat.before, ...run.repeat.after].filter((e) => e.transfer > 0).map((e) => e.file);
      failures.push(`a repeat visit (${run.locale}) transferred JavaScript again: ${fetched.join(', ')}`);
    }
    const missing = loginFiles.filter((f) => !files.includes(f));
    const extra = files.filter((f) => !loginFiles.includes(f));
    if (missing.length || extra.length) {
      failures.push(
        `Chromium (${run.locale}) and the manifest disagree on the login first load: ` +
          `requested but not in the manifest closure [${extra.join(', ')}], in the closure but not requested [${missing.join(', ')}]`,
      );
    }
  }
}

const ratio = login / shell;
console.log(`shell-only build:                   ${kb(shell)} gzip in ${shellFiles.length} files`);
console.log(`login first load:                   ${kb(firstLoad)} ${firstLoadMeasure} (limit ${kb(LIMIT_BYTES)})`);
console.log(`login first load / shell-only:      ${ratio.toFixed(3)} (limit ${MAX_RATIO})`);

if (firstLoad > LIMIT_BYTES) failures.push(`login first load ${kb(firstLoad)} exceeds ${kb(LIMIT_BYTES)}`);
if (ratio > MAX_RATIO) failures.push(`login first load is ${ratio.toFixed(3)} × the shell-only build (limit ${MAX_RATIO})`);
if (failures.length) {
  for (const f of failures) console.error(`FAIL: ${f}`);
  process.exit(1);
}
console.log('OK: bundle within bounds');
