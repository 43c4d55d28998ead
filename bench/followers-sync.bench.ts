// Figure (issue 12, followers): a full follower sync reaches ≥ 0.8× the ceiling set by Zalo's page
// size and the configured rate limit, against the sandbox. The product runs in-process (buildApp
// through the test helpers, PGlite in memory, or PostgreSQL with TEST_DATABASE_URL) with its Zalo
// client limited to BENCH_RATE calls a minute per OA; the sandbox OA is given BENCH_FOLLOWERS
// followers; POST merchant/oa-user/sync runs the sync to its end.
//
// Ceiling: each page of 50 followers costs 51 OA calls (getlist + 50 user/detail), so at R calls a
// minute the fastest possible sync of N followers takes (calls − burst) / (R / 60) seconds, where
// calls = N + ceil(N / 50) and burst is the limiter's one-second bucket the run may spend at once.
//
//   npm run bench -- followers-sync            (BENCH_RATE=3000 per minute, BENCH_FOLLOWERS=1500)
import { startSandboxServer } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody } from '../apps/server/src/test/helpers';

const RATE = Number(process.env.BENCH_RATE ?? 3_000);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 1_500);
const PAGE = 50;

const sb = await startSandboxServer();
const t = await createTestApp({ zaloOaRatePerMinute: RATE, zaloRateLimit: 'local' }, { zaloHosts: sb.hosts });
try {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  if (oa.statusCode !== 200) throw new Error(oa.body);
  const oaId = (oa.json() as { data: { id: string } }).data.id;
  const users = sb.sandbox.state.users.get(SANDBOX_OA_ID);
  const have = [...(users?.values() ?? [])].filter((u) => u.isFollower).length;
  if (FOLLOWERS > have) {
    const res = await fetch(`${sb.url}/_control/followers/bulk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oaId: SANDBOX_OA_ID, count: FOLLOWERS - have }) });
    if (!res.ok) throw new Error(await res.text());
  }
  const n = [...(users?.values() ?? [])].filter((u) => u.isFollower).length;
  // Let the limiter's bucket refill after the OA was connected (getoa and friends).
  await new Promise((r) => setTimeout(r, 1_500));
  const t0 = performance.now();
  const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
  const seconds = (performance.now() - t0) / 1000;
  if (sync.statusCode !== 200) throw new Error(sync.body);
  const r = (sync.json() as { data: { status: string; done: number; total: number } }).data;
  if (r.status !== 'DONE' || r.done !== n) throw new Error(`sync ended ${r.status} with ${r.done}/${n}`);
  const calls = n + Math.ceil(n / PAGE);
  const burst = Math.ceil(RATE / 60);
  const ceilingSeconds = (calls - burst) / (RATE / 60);
  const ceilingRate = n / ceilingSeconds;
  const rate = n / seconds;
  const ratio = rate / ceilingRate;
  console.log(`database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; rate limit ${RATE}/min per OA; ${n} followers (${calls} OA calls)`);
  console.log(`sync ${seconds.toFixed(1)} s = ${rate.toFixed(1)} followers/s; ceiling ${ceilingSeconds.toFixed(1)} s = ${ceilingRate.toFixed(1)} followers/s; ratio ${ratio.toFixed(2)} (bound ≥ 0.80) ${ratio >= 0.8 ? 'OK' : 'MISSED'}`);
  if (ratio < 0.8) process.exitCode = 1;
} finally {
  await t.close();
  await sb.close();
}
