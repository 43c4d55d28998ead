// Figure (issue 3): the Zalo client adds ≤ 1 ms per call over the raw HTTP round trip.
// Same in-process sandbox on 127.0.0.1, same run: 1,000 sequential raw fetches of GET /message/quota
// vs 1,000 sequential getZnsQuota() calls (token lookup, rate limiter, envelope parsing, typed errors).
import { createZaloClient } from '@zc/zalo/client';
import { createMemoryTokenStore } from '@zc/zalo/token-store';
import { getZnsQuota } from '@zc/zalo/zns';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID } from '../apps/zalo-sandbox/src/seed';
import { startSandboxServer } from '../apps/zalo-sandbox/src/server';

const N = 1_000;
const sb = await startSandboxServer({ port: 0 });
const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
if (!tokens) throw new Error('seed tokens missing');
const store = createMemoryTokenStore({ [SANDBOX_OA_ID]: { ...tokens, accessTokenExpiresAt: Date.now() + 24 * 3600_000 } });
const client = createZaloClient({ hosts: sb.hosts, tokenStore: store, app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY } });
const url = `${sb.hosts.business}/message/quota`;

async function raw(): Promise<void> {
  const res = await fetch(url, { headers: { access_token: tokens!.accessToken } });
  const body = (await res.json()) as { error: number };
  if (body.error !== 0) throw new Error(`raw call failed: ${body.error}`);
}
const viaClient = async () => void (await getZnsQuota(client, SANDBOX_OA_ID));

async function time(fn: () => Promise<void>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await time(raw, 300); // warm-up: JIT, keep-alive sockets
await time(viaClient, 300);
// Interleaved blocks so drift (GC, CPU frequency) hits both sides alike.
const rawT: number[] = [];
const cliT: number[] = [];
for (let b = 0; b < 10; b++) {
  rawT.push(...(await time(raw, N / 10)));
  cliT.push(...(await time(viaClient, N / 10)));
}
await sb.close();
const overheadMean = mean(cliT) - mean(rawT);
const overheadMedian = median(cliT) - median(rawT);
console.log(`raw fetch      : mean ${mean(rawT).toFixed(3)} ms, median ${median(rawT).toFixed(3)} ms (${N} calls)`);
console.log(`zalo client    : mean ${mean(cliT).toFixed(3)} ms, median ${median(cliT).toFixed(3)} ms (${N} calls)`);
console.log(`client overhead: mean ${overheadMean.toFixed(3)} ms, median ${overheadMedian.toFixed(3)} ms per call (target ≤ 1 ms)`);
process.exit(overheadMean <= 1 ? 0 : 1);
