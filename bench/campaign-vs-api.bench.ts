// Figure (issue 13 #8): a campaign reaches Zalo at ≥ 0.5× the public send API's throughput per message,
// and a 1,000,000-recipient campaign completes against the sandbox with the ledger invariant intact.
//
// Both are measured end to end, the same way, in one process and on one database: messages per second
// from the first request (API) or the campaign's start (campaign) until the Zalo sandbox has received
// every message — the product's delivery worker pushes both, as in the worker role of main.ts. The API
// phase sends BENCH_N OTP messages through POST /api/v1/zns/send (Fastify inject, BENCH_IN_FLIGHT at a
// time); the campaign phase runs an approved campaign of BENCH_N recipients through the product's
// dispatcher (tenant rate set far above what the loop can do, so the figure is the ceiling). With
// BENCH_CAMPAIGN_N a larger campaign (e.g. 1,000,000) runs after them to its end, and the ledger
// invariant is checked on it: hold CLOSED, balance = before − 300 đ × messages Zalo accepted.
//
//   npm run bench -- campaign-vs-api                                   PostgreSQL, BENCH_N=20000
//   BENCH_CAMPAIGN_N=1000000 npm run bench -- campaign-vs-api          … then the 1 M campaign
//   node --import tsx bench/campaign-vs-api.bench.ts --pglite          PGlite
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { withBenchDatabase, pglite } from './bench-db';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { campaigns } from '../apps/server/src/db/schema/campaigns';
import { messageHistory } from '../apps/server/src/db/schema/messaging';
import { walletHolds, wallets } from '../apps/server/src/db/schema/wallets';
import { startSandboxDelivery } from '../apps/server/src/modules/messaging/sandbox-fixture';
import { buildApprovedCampaign } from '../apps/server/src/modules/campaigns/dispatch-fixture';
import { startCampaignDispatchLoop } from '../apps/server/src/modules/campaigns/dispatch-loop';
import { startDeliveryLoop } from '../apps/server/src/modules/messaging/delivery-loop';
import { createSharedRateLimiter } from '../apps/server/src/platform/rate-limiter';
import type { TestContext } from '../apps/server/src/test/helpers';

const N = Number(process.env.BENCH_N ?? 20_000);
const BIG = Number(process.env.BENCH_CAMPAIGN_N ?? 0);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const RATE = 10_000;
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const PRICE = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

await withBenchDatabase({ prefix: 'bench_campaign_vs_api', filledTable: 'campaigns', generate: async () => undefined }, async (database, label) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: SECRET, LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none') });
  const t = { database, config } as unknown as TestContext;
  const { sbx, zalo, f } = await startSandboxDelivery(t);
  const app = await buildApp({ config, database, logger: false, zalo, zaloHosts: sbx.hosts });
  const sends = async () => ((await (await fetch(`${sbx.url}/_control/calls`)).json()) as { calls: Record<string, { count: number }> }).calls['POST /business/message/template']?.count ?? 0;
  const untilSandboxHas = async (count: number, timeoutS: number) => {
    const end = Date.now() + timeoutS * 1000;
    for (;;) {
      const n = await sends();
      if (n >= count || Date.now() > end) return n;
      await sleep(50);
    }
  };
  const limiter = pglite ? undefined : createSharedRateLimiter(database.raw, { perMinute: RATE * 60, prefix: 'campaign-tenant:' });
  const delivery = startDeliveryLoop({ db: database.db, zalo, concurrency: 16 }, { idleMs: 50, onError: (e) => console.error('[delivery]', e) });
  const dispatch = startCampaignDispatchLoop({ db: database.db, zalo, ratePerSecond: RATE, limiter }, { idleMs: 50, onError: (e) => console.error('[campaigns]', e) });
  try {
    await fetch(`${sbx.url}/_control/oa/${f.zoaId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ znsDailyQuota: 100_000_000 }) });
    await database.db.update(wallets).set({ balance: (N * 2 + BIG) * PRICE + 1_000_000 }).where(eq(wallets.id, f.walletId));

    // 1. The public send API, end to end.
    const a0 = await sends();
    const started = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let i = next++; i < N; i = next++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/zns/send',
            headers: { 'x-api-key': f.secret },
            payload: { phone: '0987000001', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: String(100000 + i) }, trackingId: `vs-api-${i}` },
          });
          if (res.statusCode !== 202) refused += 1;
        }
      }),
    );
    const accepted = (performance.now() - started) / 1000;
    const apiReached = (await untilSandboxHas(a0 + N - refused, 600)) - a0;
    const apiSeconds = (performance.now() - started) / 1000;
    const apiRate = apiReached / apiSeconds;
    console.log(`${label}: send API — ${N - refused} of ${N} accepted in ${accepted.toFixed(1)} s (${((N - refused) / accepted).toFixed(0)}/s), ${apiReached} reached Zalo in ${apiSeconds.toFixed(1)} s = ${apiRate.toFixed(0)} messages/s end to end`);

    // 2. A campaign of the same size, end to end.
    const campaign = async (count: number, timeoutS: number) => {
      const [w0] = await database.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, f.walletId));
      const c = await buildApprovedCampaign(database, f, { count });
      const c0 = await sends();
      const t0 = performance.now();
      const reached = (await untilSandboxHas(c0 + count, timeoutS)) - c0;
      const seconds = (performance.now() - t0) / 1000;
      for (let i = 0; i < 600; i += 1) {
        const [row] = await database.db.select({ d: campaigns.dispatchState }).from(campaigns).where(eq(campaigns.id, c.id));
        if (row?.d === 'FINISHED') break;
        await sleep(200);
      }
      const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
      const [hold] = await database.db.select().from(walletHolds).where(eq(walletHolds.id, c.holdId ?? ''));
      const [w] = await database.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, f.walletId));
      const [pushed] = await database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(sql`${messageHistory.campaignId} = ${c.id} and status in ('PUSHED_ZALO', 'RECEIVED')`);
      const invariant = hold?.status === 'CLOSED' && w?.balance === (w0?.balance ?? 0) - PRICE * (pushed?.n ?? 0);
      return { reached, seconds, rate: reached / seconds, status: `${row?.status}/${row?.dispatchState}`, sent: row?.sentCount, invariant };
    };
    const same = await campaign(N, 600);
    console.log(`${label}: campaign of ${N} — ${same.reached} reached Zalo in ${same.seconds.toFixed(1)} s = ${same.rate.toFixed(0)} messages/s end to end; ${same.status}, sent ${same.sent}, ledger invariant ${same.invariant ? 'intact' : 'BROKEN'}`);
    console.log(`${label}: campaign / send API per message = ${(same.rate / apiRate).toFixed(2)}× (bound ≥ 0.5×)`);

    // 3. The large campaign to its end.
    if (BIG > 0) {
      const big = await campaign(BIG, 4 * 3600);
      console.log(`${label}: campaign of ${BIG.toLocaleString('en')} — ${big.reached.toLocaleString('en')} reached Zalo in ${big.seconds.toFixed(0)} s = ${big.rate.toFixed(0)} messages/s (${(big.rate / apiRate).toFixed(2)}× the send API); ${big.status}, sent ${big.sent}, ledger invariant ${big.invariant ? 'intact' : 'BROKEN'}`);
    }
  } finally {
    await dispatch.stop();
    await delivery.stop();
    await app.close();
    await sbx.close();
  }
});
