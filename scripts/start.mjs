#!/usr/bin/env node
// `npm start`: builds the web and the mini app once if they have not been built, then runs API + worker + Zalo sandbox
// in one process on the embedded defaults (PGlite under .data/). Extra args go to the server
// (e.g. `npm start -- --role=api`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// resolve, not join: WEB_DIST may be absolute (e2e/run.mjs passes one for a build in another folder).
const webIndex = path.join(path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist'), 'index.html');
const args = process.argv.slice(2);
const role = args.find((a) => a.startsWith('--role='))?.slice(7) ?? 'all';

if (role !== 'worker' && !existsSync(webIndex) && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app (first start only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', '@zc/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The Zalo Mini App (apps/mini-app), served at /mini-app/: built once like the web.
const miniAppIndex = path.join(path.resolve(root, process.env.MINI_APP_DIST ?? 'apps/mini-app/dist'), 'index.html');
if (role !== 'worker' && !existsSync(miniAppIndex) && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the mini app (first start only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', '@zc/mini-app'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
