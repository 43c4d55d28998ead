// Figure (issue 13 #8): campaign dispatch holds the configured tenant rate within ±5 % over 60 s.
// One process runs the product's campaign dispatcher (dispatch loop, the tenant bucket as main.ts wires
// it: shared in PostgreSQL, in memory on PGlite) and the delivery loop against an in-process Zalo
// sandbox; an approved campaign larger than the window is sent, and the sandbox — an independent
// observer — counts the ZNS send calls it received in the 60 s after a 5 s warm-up. Then the whole
// campaign is run to its end and the ledger invariant checked (hold closed, balance = top-up − settled).
//
//   npm run bench -- campaign-dispatch            (PostgreSQL: a throwaway database on BENCH_PG_URL)
//   npm run bench -- campaign-dispatch --pglite   (BENCH_RATE=50 per second, BENCH_SECONDS=60)
import { eq, sql } from 'drizzle-orm';
import { withBenchDatabase, pglite } from './bench-db';
import { campaigns } from '../apps/server/src/db/schema/campaigns';
import { messageHistory } from '../apps/server/src/db/schema/messaging';
import { walletHolds, wallets } from '../apps/server/src/db/schema/wallets';
import { startSandboxDelivery } from '../apps/server/src/modules/messaging/sandbox-fixture';
import { buildApprovedCampaign } from '../apps/server/src/modules/campaigns/dispatch-fixture';
import { startCampaignDispatchLoop } from '../apps/server/src/modules/campaigns/dispatch-loop';
import { startDeliveryLoop } from '../apps/server/src/modules/messaging/delivery-loop';
import { createSharedRateLimiter } from '../apps/server/src/platform/rate-limiter';
import type { TestContext } from '../apps/server/src/test/helpers';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM = 5;
const N = Math.ceil(RATE * (SECONDS + WARM + 5));
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

await withBenchDatabase({ prefix: 'bench_campaign_dispatch', filledTable: 'campaigns', generate: async () => undefined }, async (database, label) => {
  const t = { database, config: { appSecret: SECRET } } as unknown as TestContext;
  const { sbx, zalo, f } = await startSandboxDelivery(t);
  try {
    await fetch(`${sbx.url}/_control/oa/${f.zoaId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ znsDailyQuota: 10_000_000 }) });
    await database.db.update(wallets).set({ balance: N * 300 + 1_000 }).where(eq(wallets.id, f.walletId));
    const c = await buildApprovedCampaign(database, f, { count: N });
    const sends = async () => ((await (await fetch(`${sbx.url}/_control/calls`)).json()) as { calls: Record<string, { count: number }> }).calls['POST /business/message/template']?.count ?? 0;
    const limiter = pglite ? undefined : createSharedRateLimiter(database.raw, { perMinute: RATE * 60, prefix: 'campaign-tenant:' });
    const started = Date.now();
    const dispatch = startCampaignDispatchLoop({ db: database.db, zalo, ratePerSecond: RATE, limiter }, { idleMs: 50, onError: (e) => console.error('[campaigns]', e) });
    const delivery = startDeliveryLoop({ db: database.db, zalo, concurrency: 16 }, { idleMs: 50, onError: (e) => console.error('[delivery]', e) });
    try {
      await sleep(WARM * 1000);
      const a = await sends();
      const t0 = Date.now();
      await sleep(SECONDS * 1000);
      const b = await sends();
      const seconds = (Date.now() - t0) / 1000;
      const rate = (b - a) / seconds;
      console.log(`${label}: configured ${RATE}/s → observed ${rate.toFixed(2)}/s over ${seconds.toFixed(1)} s (${(((rate - RATE) / RATE) * 100).toFixed(2)} %), ${b - a} sends`);
      for (let i = 0; i < 600; i += 1) {
        const [row] = await database.db.select({ s: campaigns.status, d: campaigns.dispatchState }).from(campaigns).where(eq(campaigns.id, c.id));
        if (row?.d === 'FINISHED') break;
        await sleep(500);
      }
    } finally {
      await dispatch.stop();
      await delivery.stop();
    }
    const total = (Date.now() - started) / 1000;
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    const [hold] = await database.db.select().from(walletHolds).where(eq(walletHolds.id, c.holdId ?? ''));
    const [w] = await database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
    const [pushed] = await database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(sql`${messageHistory.campaignId} = ${c.id} and status in ('PUSHED_ZALO', 'RECEIVED')`);
    const invariant = hold?.status === 'CLOSED' && w?.balance === N * 300 + 1_000 - 300 * (pushed?.n ?? 0);
    console.log(`${label}: campaign of ${N} → ${row?.status}/${row?.dispatchState} in ${total.toFixed(1)} s, sent ${row?.sentCount}, sandbox sends ${await sends()}, ledger invariant ${invariant ? 'intact' : 'BROKEN'}`);
  } finally {
    await sbx.close();
  }
});
