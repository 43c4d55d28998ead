import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { notificationCounts, notifications } from '../../db/schema/notifications';
import type { Database } from '../../db/client';
import { buildOrganisation, buildTenant, buildUser, createTestDatabase } from '../../test/helpers';
import { listForUser, markAllAsViewed, markViewed, notify } from './service';

/*
 * The list's `total` and `totalNew` come from notification_counts, kept by the module in the same
 * transaction as each write. After random sequences of notifications, views, mark-all-viewed (some
 * of them at the same moment) and a tenant's deletion, every figure equals a direct count.
 */

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const op = fc.oneof(
  fc.record({ op: fc.constant('notify' as const), user: fc.nat(1), where: fc.nat(2), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('view' as const), pick: fc.nat(50) }),
  fc.record({ op: fc.constant('viewAll' as const), user: fc.nat(1), where: fc.nat(2) }),
  fc.record({ op: fc.constant('race' as const), user: fc.nat(1), where: fc.nat(2), pick: fc.nat(50) }),
);

describe('notification figures', () => {
  it('equal a direct count after random notifications, views, mark-all and a tenant deletion', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), fc.boolean(), async (ops, dropTenant) => {
        const merchantId = (await buildOrganisation(database)).id;
        const tenants = [(await buildTenant(database, merchantId)).id, (await buildTenant(database, merchantId)).id];
        const users = [(await buildUser(database, { merchantId, role: 'ADMIN' })).id, (await buildUser(database, { merchantId, role: 'ADMIN' })).id];
        const tenantOf = (where: number) => (where === 2 ? null : (tenants[where] ?? null));
        const owner = (user: number, where: number) => ({ userId: users[user] ?? '', merchantId, tenantId: where === 2 ? undefined : tenants[where] });
        const ids: Array<{ id: string; userId: string }> = [];
        const send = async (user: number, where: number) => {
          const userId = users[user] ?? '';
          const id = await database.db.transaction((tx) => notify(tx, { kind: 'TASK_WAITING', userId, merchantId, tenantId: tenantOf(where), name: 'Bench' }));
          if (id) ids.push({ id, userId });
        };
        const view = async (pick: number) => {
          const n = ids[pick % Math.max(1, ids.length)];
          if (n) await database.db.transaction((tx) => markViewed(tx, n.userId, merchantId, n.id));
        };
        for (const o of ops) {
          if (o.op === 'notify') for (let i = 0; i < o.times; i += 1) await send(o.user, o.where);
          else if (o.op === 'view') await view(o.pick);
          else if (o.op === 'viewAll') await database.db.transaction((tx) => markAllAsViewed(tx, owner(o.user, o.where)));
          // At the same moment: a new notification, one view and a mark-all of the same user.
          else await Promise.all([send(o.user, o.where), view(o.pick), database.db.transaction((tx) => markAllAsViewed(tx, owner(o.user, 2)))]);
        }
        if (dropTenant) await database.raw.query(`delete from tenants where id = $1`, [tenants[0]]);
        const rows = await database.db.select().from(notifications).where(eq(notifications.merchantId, merchantId));
        for (let u = 0; u < users.length; u += 1) {
          for (const where of [0, 1, 2]) {
            for (const status of [undefined, 'new', 'viewed'] as const) {
              const o = owner(u, where);
              const mine = rows.filter((r) => r.userId === o.userId && (o.tenantId === undefined || r.tenantId === o.tenantId));
              const got = await listForUser(database.db, o, { page: 1, size: 5, status });
              expect(got.totalNew).toBe(mine.filter((r) => r.status === 'new').length);
              expect(got.total).toBe(status ? mine.filter((r) => r.status === status).length : mine.length);
              expect(got.rows.length).toBe(Math.min(5, got.total));
            }
          }
          const stored = await database.db.select().from(notificationCounts).where(and(eq(notificationCounts.userId, users[u] ?? ''), eq(notificationCounts.merchantId, merchantId)));
          for (const c of stored) expect(c.total).toBeGreaterThanOrEqual(c.unread);
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
