import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { GiftCodeStatus } from '@zc/shared/api/zma';
import { zmaBranches, zmaGiftCodeEvents, zmaGiftCodes, zmaGiftItems } from '../../db/schema/zma';
import { createTestApp, type TestContext } from '../../test/helpers';
import type { AppError } from '../../platform/errors';
import { buildCustomer, loyaltySetup } from './loyalty.fixtures';
import { allocateGiftCode, cancelGiftCodes, expireDueCodes, insertCodes, randomCodes, recallGiftCodes, redeemGiftCode } from './codes';

/**
 * Property (issue 14 tests): any sequence of allocate / redeem / concurrent redeems / cancel / recall /
 * expire keeps the §4 lifecycle — every code is in exactly the state the model says, a code is never
 * redeemed twice, and its history holds only §4 transitions chained one after the other.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Op =
  | { op: 'allocate' }
  | { op: 'redeem'; i: number }
  | { op: 'redeemMany'; i: number; n: number }
  | { op: 'cancel'; i: number }
  | { op: 'recall'; i: number }
  | { op: 'expire'; i: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ op: 'allocate' as const }),
  fc.record({ op: fc.constant('redeem' as const), i: fc.nat(7) }),
  fc.record({ op: fc.constant('redeemMany' as const), i: fc.nat(7), n: fc.integer({ min: 2, max: 6 }) }),
  fc.record({ op: fc.constant('cancel' as const), i: fc.nat(7) }),
  fc.record({ op: fc.constant('recall' as const), i: fc.nat(7) }),
  fc.record({ op: fc.constant('expire' as const), i: fc.nat(7) }),
);

const ALLOWED = new Set(['null>NEW', 'NEW>ALLOCATED', 'ALLOCATED>USED', 'ALLOCATED>EXPIRED', 'NEW>CANCELLED', 'NEW>RECALLED', 'CANCELLED>RECALLED']);
const REDEEM_ERROR: Partial<Record<GiftCodeStatus, string>> = { NEW: 'GIFT_CODE_NOT_ALLOCATED', USED: 'GIFT_CODE_USED', CANCELLED: 'GIFT_CODE_CANCELLED', EXPIRED: 'GIFT_CODE_EXPIRED' };

describe('gift code lifecycle (property)', () => {
  it('random transition sequences keep every code in one §4 state, never redeemed twice', async () => {
    const ctx = await loyaltySetup(t);
    const scope = { zmaAppId: ctx.app.id, tenantId: ctx.tenant.id };
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const [branch] = await t.database.db.insert(zmaBranches).values({ ...scope, name: 'B' }).returning();
    const db = t.database.db;

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const [item] = await db.insert(zmaGiftItems).values({ ...scope, type: 'VOUCHER', name: 'P' }).returning();
        await insertCodes(db, { ...scope, giftItemId: item!.id, batchId: null, codes: randomCodes(3) });
        const model = new Map<string, GiftCodeStatus | 'GONE'>();
        const text = new Map<string, string>();
        for (const r of await db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.giftItemId, item!.id))) {
          model.set(r.id, 'NEW');
          text.set(r.id, r.code);
        }
        const pick = (i: number) => [...model.keys()][i % model.size]!;

        for (const o of ops) {
          if (o.op === 'allocate') {
            const a = await db.transaction((tx) => allocateGiftCode(tx, { ...scope, giftItemId: item!.id, customerId: customer.id }));
            const was = model.get(a.codeId);
            // A NEW code was taken, or one was minted because none was NEW.
            if (was === undefined) expect([...model.values()].includes('NEW')).toBe(false);
            else expect(was).toBe('NEW');
            model.set(a.codeId, 'ALLOCATED');
            text.set(a.codeId, a.code);
            continue;
          }
          const id = pick(o.i);
          const state = model.get(id)!;
          if (o.op === 'redeem' || o.op === 'redeemMany') {
            const n = o.op === 'redeem' ? 1 : o.n;
            const results = await Promise.allSettled(
              Array.from({ length: n }, () => db.transaction((tx) => redeemGiftCode(tx, { ...scope, code: text.get(id)!, branchId: branch!.id, actorUserId: ctx.owner.id }))),
            );
            const ok = results.filter((r) => r.status === 'fulfilled').length;
            const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AppError).code] : []));
            if (state === 'ALLOCATED') {
              expect(ok).toBe(1);
              expect(codes.every((c) => c === 'GIFT_CODE_USED')).toBe(true);
              model.set(id, 'USED');
            } else {
              expect(ok).toBe(0);
              expect(new Set(codes)).toEqual(new Set([state === 'GONE' ? 'GIFT_CODE_NOT_FOUND' : REDEEM_ERROR[state]]));
            }
          } else if (o.op === 'cancel') {
            const r = await db.transaction((tx) => cancelGiftCodes(tx, { ...scope, ids: [id], actorUserId: ctx.owner.id }));
            expect(r.done).toEqual(state === 'NEW' ? [id] : []);
            if (state === 'NEW') model.set(id, 'CANCELLED');
            else expect(r.refused[0]?.code).toBe(state === 'GONE' ? 'GIFT_CODE_NOT_FOUND' : 'GIFT_CODE_TRANSITION_INVALID');
          } else if (o.op === 'recall') {
            const r = await db.transaction((tx) => recallGiftCodes(tx, { ...scope, ids: [id], actorUserId: ctx.owner.id }));
            const may = state === 'NEW' || state === 'CANCELLED';
            expect(r.done).toEqual(may ? [id] : []);
            if (may) model.set(id, 'GONE');
          } else {
            // Time passes for this code: past its expiry, then the periodic job runs.
            await db.update(zmaGiftCodes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(zmaGiftCodes.id, id));
            await expireDueCodes(db, new Date());
            if (state === 'ALLOCATED') model.set(id, 'EXPIRED');
            await db.update(zmaGiftCodes).set({ expiresAt: null }).where(sql`${zmaGiftCodes.id} = ${id} and ${zmaGiftCodes.status} <> 'EXPIRED'`);
          }
        }

        // The table matches the model; every history is a chain of §4 transitions; USED at most once.
        for (const [id, want] of model) {
          const rows = await db.select({ status: zmaGiftCodes.status }).from(zmaGiftCodes).where(eq(zmaGiftCodes.id, id));
          if (want === 'GONE') expect(rows).toHaveLength(0);
          else expect(rows.map((r) => r.status)).toEqual([want]);
          const events = await db.select().from(zmaGiftCodeEvents).where(eq(zmaGiftCodeEvents.codeId, id)).orderBy(zmaGiftCodeEvents.id);
          let prev: string | null = events[0]?.fromStatus === null ? null : 'NEW';
          for (const e of events) {
            expect(e.fromStatus).toBe(prev);
            expect(ALLOWED.has(`${e.fromStatus ?? 'null'}>${e.toStatus}`)).toBe(true);
            prev = e.toStatus;
          }
          expect(events.filter((e) => e.toStatus === 'USED').length).toBeLessThanOrEqual(1);
          const last = (events.length ? prev : 'NEW') === 'RECALLED' ? 'GONE' : events.length ? prev : 'NEW';
          expect(last).toBe(want);
        }
      }),
      { numRuns: 30 },
    );
  });
});
