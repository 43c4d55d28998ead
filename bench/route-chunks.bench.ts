// Figure (issue 16 and the route figures of issues 12–15): every route chunk ≤ 150 KB of JavaScript gzip.
// Builds the web console (vite build, production mode) into a private folder — or reads WEB_DIST when
// it holds a build with its manifest — and, for every page module under src/app/routes/, reports
//   own      the page's lazy chunk (gzip level 9), and
//   beyond   every JS file the page's closure (its chunk, static imports, transitively) adds to what the
//            entry (index.html's closure) and the signed-in shell (app-shell.tsx's closure) already loaded:
//            what opening the page from inside the console really fetches.
// A page over the bound on "beyond" fails the run. `npm run bench -- route-chunks`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BOUND_KB = 150;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

let dist = process.env.WEB_DIST ?? '';
if (!dist || !existsSync(path.join(dist, '.vite/manifest.json'))) {
  dist = mkdtempSync(path.join(tmpdir(), 'zc-route-chunks-'));
  console.log(`building the web console into ${dist} …`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;

const gz = new Map<string, number>();
const size = (file: string): number => {
  let s = gz.get(file);
  if (s === undefined) gz.set(file, (s = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length));
  return s;
};
/** JS files of `key` and its static imports, transitively. */
const closure = (key: string, into = new Set<string>()): Set<string> => {
  const e = manifest[key];
  if (!e || into.has(e.file)) return into;
  if (e.file.endsWith('.js')) into.add(e.file);
  for (const i of e.imports ?? []) closure(i, into);
  return into;
};

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
const shell = Object.keys(manifest).find((k) => k.endsWith('src/app/shell/app-shell.tsx'));
if (!entry || !shell) throw new Error('manifest has no index.html entry or app-shell chunk');
const loaded = new Set([...closure(entry), ...closure(shell)]);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const pages = Object.keys(manifest).filter((k) => /src\/app\/routes\/[^/]+\.tsx$/.test(k)).sort();
let over = 0;
let worst = { page: '', bytes: 0 };
console.log(`\n${'page module'.padEnd(44)} ${'own'.padStart(9)} ${'beyond'.padStart(10)}   (entry + shell: ${kb([...loaded].reduce((a, f) => a + size(f), 0))})`);
for (const key of pages) {
  const own = size(manifest[key]!.file);
  const beyond = [...closure(key)].filter((f) => !loaded.has(f)).reduce((a, f) => a + size(f), 0);
  if (beyond > worst.bytes) worst = { page: key, bytes: beyond };
  const bad = beyond > BOUND_KB * 1024;
  if (bad) over += 1;
  console.log(`${path.basename(key).padEnd(44)} ${kb(own).padStart(9)} ${kb(beyond).padStart(10)}${bad ? `   OVER ${BOUND_KB} KB` : ''}`);
}
console.log(`\n${pages.length} route pages; largest beyond entry + shell: ${path.basename(worst.page)} ${kb(worst.bytes)} (bound ${BOUND_KB} KB): ${over ? `${over} OVER` : 'all within'}`);
if (over) process.exitCode = 1;
