import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { AppError } from '../../platform/errors';
import { buildOrganisation, buildTenant, createTestDatabase } from '../../test/helpers';
import { applyEntry, ensureTenantWallet } from './ledger';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

// A handful of messages per run so charges and refunds of the same message collide often (fresh
// ids per run: the one-charge-per-message index is global, as message ids are).
const MESSAGES = 4;

type Op =
  | { kind: 'topup'; value: number }
  | { kind: 'subtract'; value: number }
  | { kind: 'charge'; message: number; value: number }
  | { kind: 'refund'; message: number; value: number };

const amount = fc.integer({ min: 0, max: 50_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), value: amount }),
  fc.record({ kind: fc.constant('subtract' as const), value: amount }),
  fc.record({ kind: fc.constant('charge' as const), message: fc.integer({ min: 0, max: MESSAGES - 1 }), value: amount }),
  fc.record({ kind: fc.constant('refund' as const), message: fc.integer({ min: 0, max: MESSAGES - 1 }), value: amount }),
);

describe('ledger invariant (property)', () => {
  it('keeps balance = Σ ADD − Σ SUB, never negative for prepaid, and charges/refunds a message at most once', async () => {
    const org = await buildOrganisation(database);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const tenant = await buildTenant(database, org.id);
        const wallet = await ensureTenantWallet(database.db, tenant.id);
        const messageIds = Array.from({ length: MESSAGES }, () => randomUUID());
        // Model: what the ledger must end up with.
        let expected = 0;
        const charged = new Set<number>();
        const refunded = new Set<number>();
        for (const o of ops) {
          const type = o.kind === 'topup' || o.kind === 'refund' ? 'ADD' : 'SUB';
          const reason = o.kind === 'topup' ? 'TOPUP' : o.kind === 'subtract' ? 'ADJUST' : o.kind === 'charge' ? 'CHARGE' : 'REFUND';
          const messageId = 'message' in o ? messageIds[o.message] : null;
          const seen = o.kind === 'charge' ? charged : o.kind === 'refund' ? refunded : null;
          const duplicate = seen !== null && 'message' in o && seen.has(o.message);
          const refused = type === 'SUB' && !duplicate && o.value > expected;
          let outcome: 'applied' | 'duplicate' | 'refused';
          try {
            const r = await database.db.transaction((tx) => applyEntry(tx, { walletId: wallet.id, type, value: o.value, reason, messageId }));
            outcome = r ? 'applied' : 'duplicate';
          } catch (err) {
            if (!(err instanceof AppError) || err.code !== 'INSUFFICIENT_BALANCE') throw err;
            outcome = 'refused';
          }
          // Checking order: the balance check comes first, so a duplicate charge that would also
          // overdraw is refused rather than reported as a duplicate; both write nothing.
          if (duplicate) expect(['duplicate', 'refused']).toContain(outcome);
          else expect(outcome).toBe(refused ? 'refused' : 'applied');
          if (outcome === 'applied') {
            expected += type === 'ADD' ? o.value : -o.value;
            if (seen && 'message' in o) seen.add(o.message);
          }
        }
        const [w] = await database.db.select().from(wallets).where(eq(wallets.id, wallet.id));
        const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.walletId, wallet.id)).orderBy(walletEntries.createdAt);
        const sum = entries.reduce((acc, e) => acc + (e.type === 'ADD' ? e.value : -e.value), 0);
        expect(w?.balance).toBe(sum);
        expect(sum).toBe(expected);
        expect(sum).toBeGreaterThanOrEqual(0);
        for (const reason of ['CHARGE', 'REFUND']) {
          const ids = entries.filter((e) => e.reason === reason).map((e) => e.messageId);
          expect(new Set(ids).size).toBe(ids.length);
        }
        // Entries of one wallet are serialised by the row lock: newBalance is the running sum.
        let running = 0;
        for (const e of [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
          running += e.type === 'ADD' ? e.value : -e.value;
          if (entries.filter((x) => x.createdAt.getTime() === e.createdAt.getTime()).length === 1) expect(e.newBalance).toBe(running);
        }
      }),
      { numRuns: 60 },
    );
  });
});
