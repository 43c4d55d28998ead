// Figure (issue 2): from a clean clone, after `npm ci`, `npm start` serves the login page in < 20 s.
// Clones the committed HEAD into a temp dir, runs `npm ci --prefer-offline` there (not timed), then
// times `npm start` (web build + migrations + seed + listen) until GET /login answers the SPA.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'zc-clone-'));
const port = 3900 + Math.floor(Math.random() * 90);
try {
  execSync(`git clone -q ${root} ${dir}/repo`, { stdio: 'inherit' });
  const repo = `${dir}/repo`;
  console.log('npm ci (not timed)…');
  execSync('npm ci --prefer-offline --no-audit --no-fund --loglevel=error', { cwd: repo, stdio: 'inherit' });
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: repo, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  let seconds = -1;
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`, { headers: { accept: 'text/html' } });
      const html = await res.text();
      if (res.ok && html.includes('<div id="root">')) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  if (seconds < 0) throw new Error('login page not served within 120 s');
  console.log(`clean clone: npm start served the login page in ${seconds.toFixed(1)} s (bound 20 s) ${seconds < 20 ? 'OK' : 'OVER'}`);
  process.exitCode = seconds < 20 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
