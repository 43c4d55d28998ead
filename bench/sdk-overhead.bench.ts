// Figure (issue 17): the SDK adds ≤ 0.2 ms per call over a bare fetch.
// A trivial node:http server on 127.0.0.1 answers every POST like the send API (202 + JSON). Same run,
// interleaved blocks: N bare fetches (POST JSON with x-api-key and Idempotency-Key, read the JSON) vs N
// `zc.zns.send()` calls (openapi-fetch request building, a fresh idempotency key, the per-attempt
// timeout signal, result mapping). The difference of the medians and of the p95s is the SDK's cost.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZaloConsole } from '@zc/sdk';

const N = Number(process.env.SDK_BENCH_CALLS ?? 5_000);
const answer = JSON.stringify({ data: { id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-88213', status: 'PENDING' } });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(202, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const body = { phone: '0987654321', templateId: '3010011', templateData: { otp: '135790' }, trackingId: 'order-88213' };
const zc = new ZaloConsole({ apiKey: 'zc_bench_key', baseUrl });

async function bare(): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/zns/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'zc_bench_key', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string } };
  if (res.status !== 202 || !json.data.id) throw new Error(`bare call failed: ${res.status}`);
}
async function viaSdk(): Promise<void> {
  const r = await zc.zns.send(body);
  if (!r.id) throw new Error('sdk call failed');
}

async function time(fn: () => Promise<void>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

await time(bare, 500); // warm-up: JIT, keep-alive sockets
await time(viaSdk, 500);
// Interleaved blocks so drift (GC, CPU frequency, other load on the host) hits both sides alike.
const bareT: number[] = [];
const sdkT: number[] = [];
for (let b = 0; b < 20; b++) {
  bareT.push(...(await time(bare, N / 20)));
  sdkT.push(...(await time(viaSdk, N / 20)));
}
server.closeAllConnections();
server.close();
const median = pct(sdkT, 0.5) - pct(bareT, 0.5);
const p95 = pct(sdkT, 0.95) - pct(bareT, 0.95);
const f = (x: number) => x.toFixed(3);
console.log(`bare fetch : median ${f(pct(bareT, 0.5))} ms, p95 ${f(pct(bareT, 0.95))} ms, mean ${f(mean(bareT))} ms (${bareT.length} calls)`);
console.log(`SDK send   : median ${f(pct(sdkT, 0.5))} ms, p95 ${f(pct(sdkT, 0.95))} ms, mean ${f(mean(sdkT))} ms (${sdkT.length} calls)`);
console.log(`SDK overhead per call: median ${f(median)} ms, p95 ${f(p95)} ms, mean ${f(mean(sdkT) - mean(bareT))} ms (target ≤ 0.2 ms on the median)`);
process.exit(median <= 0.2 ? 0 : 1);
