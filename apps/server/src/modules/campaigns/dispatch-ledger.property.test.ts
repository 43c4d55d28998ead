import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { campaigns } from '../../db/schema/campaigns';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { createTestApp, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { startSandboxDelivery } from '../messaging/sandbox-fixture';
import type { SendFixture } from '../messaging/test-fixtures';
import { cancelCampaign, dispatchDueCampaigns, type DispatchDeps } from './dispatch';
import { buildApprovedCampaign } from './dispatch-fixture';

let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ sbx, zalo, f } = await startSandboxDelivery(t));
}, 60_000);
afterAll(async () => {
  await sbx?.close();
  await t?.close();
});

const control = (path: string, body: object) => fetch(`${sbx.url}/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The ledger invariant with holds (issue 13): after random campaigns, cancellations and Zalo refusals,
 * every hold is closed and balance = top-up − settled charges (price × messages Zalo accepted); each
 * message was charged once from its hold and refunded at most once.
 */
describe('campaign ledger invariant', () => {
  it('balance = top-ups − settled charges and every hold closed, whatever the cancels and failures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ count: fc.integer({ min: 1, max: 12 }), cancelAfter: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), failures: fc.integer({ min: 0, max: 4 }) }), { minLength: 1, maxLength: 3 }),
        async (plans) => {
          await control('reset', {});
          await control(`oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 1_000_000 });
          // Each run on the sandbox OA's tenant, topped up to 100,000 đ; its campaigns are checked on their own.
          await t.database.db.update(wallets).set({ balance: 100_000 }).where(eq(wallets.id, f.walletId));
          const built = [];
          for (const p of plans) built.push({ p, c: await buildApprovedCampaign(t.database, f, { count: p.count }) });
          const deps: DispatchDeps = { db: t.database.db, zalo, ratePerSecond: 10_000, maxBatch: 4, windowSeconds: 1, leaseMs: 1 };
          for (let pass = 0; pass < 80; pass += 1) {
            for (const { p, c } of built) {
              if (p.cancelAfter === pass) await t.database.db.transaction((tx) => cancelCampaign(tx, f.tenantId, c.id)).catch(() => undefined);
              if (p.failures > 0 && pass === 1) await control('force-error', { path: '/business/message/template', code: -108, count: p.failures });
            }
            await dispatchDueCampaigns(deps);
            await processDueMessages({ db: t.database.db, zalo }, { limit: 100 });
            const rows = await t.database.db.select({ s: campaigns.status }).from(campaigns).where(inArray(campaigns.id, built.map((b) => b.c.id)));
            const outstanding = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(sql`${messageHistory.tenantId} = ${f.tenantId} and status in ('PENDING', 'PROCESSING')`);
            if (rows.every((r) => r.s !== 'APPROVED') && (outstanding[0]?.n ?? 0) === 0) break;
          }
          const ids = built.map((b) => b.c.id);
          const holds = await t.database.db.select().from(walletHolds).where(inArray(walletHolds.id, built.map((b) => b.c.holdId ?? '')));
          expect(holds).toHaveLength(plans.length);
          expect(holds.every((h) => h.status === 'CLOSED')).toBe(true);
          const [pushed] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(and(inArray(messageHistory.campaignId, ids), inArray(messageHistory.status, ['PUSHED_ZALO', 'RECEIVED'])));
          const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
          expect(w?.balance).toBe(100_000 - 300 * (pushed?.n ?? 0));
          const perMessage = await t.database.db
            .select({ charges: sql<number>`(count(*) filter (where ${walletEntries.reason} = 'HOLD_CHARGE'))::int`, refunds: sql<number>`(count(*) filter (where ${walletEntries.reason} in ('HOLD_REFUND', 'REFUND')))::int` })
            .from(walletEntries)
            .where(inArray(walletEntries.holdId, built.map((b) => b.c.holdId ?? '')))
            .groupBy(walletEntries.messageId)
            .having(sql`${walletEntries.messageId} is not null`);
          const [{ n: messages } = { n: -1 }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(inArray(messageHistory.campaignId, ids));
          expect(perMessage).toHaveLength(messages);
          expect(perMessage.every((m) => m.charges === 1 && m.refunds <= 1)).toBe(true);
        },
      ),
      { numRuns: 6 },
    );
  }, 240_000);
});
