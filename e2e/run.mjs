#!/usr/bin/env node
// `npm run test:e2e`: builds the web if needed, starts the product on a free port with a fresh
// DATA_DIR, waits for /api/health, runs the journeys with node's test runner, stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// WEB_DIST points the server at another build (parallel work builds into its own folder).
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.log('e2e: building the web app…');
  const r = spawnSync(npm, ['run', 'build', '-w', '@zc/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
console.log(`e2e: starting the product on ${baseUrl} (DATA_DIR ${dataDir})`);
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  // Private webhook targets: the SDK journey registers a receiver on 127.0.0.1 (README: tests and local development only).
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
let serverExited = false;
server.on('exit', () => (serverExited = true));

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (serverExited) return false;
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

function stop() {
  if (!serverExited) server.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

let code = 1;
const started = Date.now();
if (!(await waitForHealth(180_000))) {
  console.error('e2e: the server did not answer /api/health; its output:\n' + serverLog);
} else {
  console.log(`e2e: server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // `npm run test:e2e -- e2e/shell.e2e.ts` runs the named journeys only; no argument runs them all.
  const named = process.argv.slice(2).filter((a) => a.endsWith('.e2e.ts'));
  const files = named.length
    ? named
    : readdirSync(path.join(root, 'e2e'))
        .filter((f) => f.endsWith('.e2e.ts'))
        .map((f) => path.join('e2e', f));
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
  });
  code = run.status ?? 1;
}
stop();
await new Promise((r) => (serverExited ? r() : server.once('exit', r)));
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
