import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { createZaloClient, type ZaloClient } from '@zc/zalo/client';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { createCipher } from '../../platform/crypto';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createPgTokenStore } from '../zalo-oa/token-store';
import { claimDueMessages, processDueMessages } from './delivery-worker';
import { buildSendFixture, type SendFixture } from './test-fixtures';

let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;
const START = 10_000;

beforeAll(async () => {
  t = await createTestApp();
  sbx = await startSandboxServer({ znsDeliveryDelayMs: 60_000 });
  // Same construction as delivery-worker.test.ts (fixed app credentials, product token store).
  zalo = createZaloClient({
    hosts: sbx.hosts,
    tokenStore: createPgTokenStore(t.database.db, createCipher(t.config.appSecret)),
    app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY },
    rateLimit: false,
    retry: { attempts: 1 },
  });
  const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
  f = await buildSendFixture(t.database, t.config.appSecret, {
    balance: START,
    discountPercent: 7,
    zoaId: SANDBOX_OA_ID,
    zappId: SANDBOX_APP_ID,
    appSecretKey: SANDBOX_APP_SECRET_KEY,
    accessToken: tokens?.accessToken,
    refreshToken: tokens?.refreshToken,
    template: { id: SANDBOX_TEMPLATE_IDS.otp, price: 333, params: [{ name: 'otp', require: true, type: 'STRING', maxLength: 10, minLength: 0, acceptNull: false }] },
  });
});
afterAll(async () => {
  await sbx?.close();
  await t?.close();
});

type Op =
  | { kind: 'send'; tracking: number; oa: boolean }
  | { kind: 'deliver' }
  | { kind: 'fail'; code: number }
  | { kind: 'crash' }
  | { kind: 'topup'; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), tracking: fc.integer({ min: 0, max: 6 }), oa: fc.boolean() }),
  fc.constant({ kind: 'deliver' as const }),
  fc.record({ kind: fc.constant('fail' as const), code: fc.constantFrom(-131, -108, -100) }),
  fc.constant({ kind: 'crash' as const }),
  fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 0, max: 2000 }) }),
);

let run = 0;
let clock = Date.now();
let topups = 0;

describe('ledger ⇔ charged history (property)', () => {
  it('after random sends, deliveries, refusals, crashes and top-ups the ledger equals the charged history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        run += 1;
        for (const o of ops) {
          // Worker passes run on a virtual clock far enough ahead that back-offs and leases are due.
          clock += 20 * 60_000;
          const now = new Date(clock);
          if (o.kind === 'send') {
            const payload = o.oa
              ? { uid: '2512523625412515', trackingId: `p${run}-${o.tracking}`, message: { kind: 'text', text: 'x' } }
              : { phone: '0987000001', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '1' }, trackingId: `p${run}-${o.tracking}` };
            const res = await t.app.inject({ method: 'POST', url: o.oa ? '/api/v1/oa/send' : '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload });
            // 402 when the wallet is short, 422 when the same tracking id was used for the other kind.
            expect([202, 402, 422]).toContain(res.statusCode);
          } else if (o.kind === 'deliver') {
            await processDueMessages({ db: t.database.db, zalo }, { limit: 50, now });
          } else if (o.kind === 'fail') {
            await fetch(`${sbx.url}/_control/force-error`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/business/message/template', code: o.code, count: 2 }) });
            await processDueMessages({ db: t.database.db, zalo }, { limit: 50, now });
          } else if (o.kind === 'crash') {
            await claimDueMessages(t.database.db, { limit: 50, now, leaseMs: 60_000 });
          } else {
            await t.database.db.update(wallets).set({ balance: sql`${wallets.balance} + ${o.amount}` }).where(eq(wallets.id, f.walletId));
            topups += o.amount;
          }
        }
        const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
        const [charged] = await t.database.db
          .select({ sum: sql<number>`coalesce(sum(${messageHistory.price}), 0)::int`, n: sql<number>`count(*)::int` })
          .from(messageHistory)
          .where(sql`${messageHistory.tenantId} = ${f.tenantId} and ${messageHistory.isCharged}`);
        const [ledger] = await t.database.db
          .select({ net: sql<number>`coalesce(sum(case when ${walletEntries.reason} = 'CHARGE' then ${walletEntries.value} when ${walletEntries.reason} = 'REFUND' then -${walletEntries.value} else 0 end), 0)::int` })
          .from(walletEntries)
          .where(eq(walletEntries.walletId, f.walletId));
        expect(ledger?.net).toBe(charged?.sum);
        expect(START + topups - (w?.balance ?? 0)).toBe(charged?.sum);
        const [refundedTwice] = await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(messageHistory)
          .where(sql`${messageHistory.tenantId} = ${f.tenantId} and ${messageHistory.status} = 'ERROR_CALL_ZALO' and ${messageHistory.isCharged}`);
        expect(refundedTwice?.n).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
