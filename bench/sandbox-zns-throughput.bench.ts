// Figure (issue 3): the sandbox sustains ≥ 5,000 ZNS sends per second on this machine.
// The sandbox runs in its own process (`npm run sandbox` entry); this process drives a bounded
// keep-alive load loop (node:http, 64 in flight) at POST /business/message/template on 127.0.0.1.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '../apps/zalo-sandbox/src/seed';

const DURATION_MS = 5_000;
const WARMUP_MS = 1_000;
const CONCURRENCY = 64;
const port = 3990 + Math.floor(Math.random() * 9);
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/zalo-sandbox/src/main.ts')], {
  cwd: root,
  env: { ...process.env, SANDBOX_PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => child.kill('SIGTERM');
process.on('exit', stop);
await new Promise<void>((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('sandbox did not start')), 30_000);
  child.stdout.on('data', (c: Buffer) => {
    if (c.toString().includes('listening')) {
      clearTimeout(t);
      resolve();
    }
  });
});
child.stdout.resume();

const base = `http://127.0.0.1:${port}`;
await fetch(`${base}/_control/oa/${SANDBOX_OA_ID}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ znsDailyQuota: 1e9 }) });
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const token = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken ?? '';
const bodyOf = (i: number) =>
  JSON.stringify({ phone: `8498${String(i % 10_000_000).padStart(7, '0')}`, template_id: SANDBOX_TEMPLATE_IDS.otp, template_data: { otp: String(100000 + (i % 900000)) }, tracking_id: `bench-${i}` });

let ok = 0;
let failed = 0;
let seq = 0;
function send(): Promise<void> {
  const body = bodyOf(seq++);
  return new Promise((resolve) => {
    const req = request(
      `${base}/business/message/template`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), access_token: token } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          if (text.startsWith('{"error":0')) ok += 1;
          else failed += 1;
          resolve();
        });
      },
    );
    req.on('error', () => {
      failed += 1;
      resolve();
    });
    req.end(body);
  });
}

async function run(ms: number): Promise<{ ok: number; failed: number; seconds: number }> {
  ok = 0;
  failed = 0;
  const until = performance.now() + ms;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await send();
    }),
  );
  return { ok, failed, seconds: (performance.now() - start) / 1000 };
}

await run(WARMUP_MS);
const r = await run(DURATION_MS);
agent.destroy();
stop();
const rate = r.ok / r.seconds;
console.log(`ZNS sends: ${r.ok} ok, ${r.failed} failed in ${r.seconds.toFixed(2)} s → ${Math.round(rate)} sends/s (target ≥ 5,000; ${CONCURRENCY} in flight, keep-alive)`);
process.exit(rate >= 5_000 && r.failed === 0 ? 0 : 1);
