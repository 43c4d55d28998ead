import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildOrganisation, buildTenant, createTestDatabase } from '../test/helpers';
import { zcAborted } from './errors';
import { EVENT_CHANNEL, emitEventSql } from './events';
import { executePrepared, rowsOf } from './sql';

/** The one-statement helpers of ADR 0026, on PGlite and on PostgreSQL (named statements there). */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

describe('one-statement helpers (ADR 0026)', () => {
  it('executePrepared answers what execute answers, again and again, outside and inside a transaction; two texts never share a name', async () => {
    const one = (n: number) => executePrepared(database.db, sql`select ${n}::int + 1 as v`);
    for (let n = 0; n < 8; n += 1) expect(rowsOf<{ v: number }>(await one(n))).toEqual([{ v: n + 1 }]);
    expect(rowsOf(await executePrepared(database.db, sql`select ${'x'}::text || 'y' as v`))).toEqual([{ v: 'xy' }]);
    const inTx = await database.db.transaction(async (tx) => rowsOf<{ v: number }>(await executePrepared(tx, sql`select ${41}::int + 1 as v`)));
    expect(inTx).toEqual([{ v: 42 }]);
  });

  it('zc_abort ends the statement and undoes what its other parts wrote; zcAborted reads the reason', async () => {
    const org = await buildOrganisation(database);
    const name = `abort-${Date.now()}`;
    const run = (abort: boolean) =>
      executePrepared(
        database.db,
        sql`with t as (update merchants set name = ${name} where id = ${org.id}::uuid returning id)
          select case when ${abort}::boolean then zc_abort('nothing to do') end as a, (select count(*) from t)::int as n`,
      );
    const error = await run(true).then(
      () => null,
      (e: unknown) => e,
    );
    expect(zcAborted(error)).toBe('nothing to do');
    expect(rowsOf<{ name: string }>(await database.db.execute(sql`select name from merchants where id = ${org.id}::uuid`))[0]?.name).not.toBe(name);
    expect(rowsOf(await run(false))).toEqual([{ a: null, n: 1 }]);
    expect(zcAborted(new Error('zc_abort:x'))).toBeNull(); // only the database's own error counts
  });

  it('emitEventSql writes the event only when its condition holds and NOTIFYs its id', async () => {
    const org = await buildOrganisation(database);
    const tenant = await buildTenant(database, org.id);
    const heard: string[] = [];
    const listener = await database.listen(EVENT_CHANNEL, (id) => heard.push(id));
    try {
      const emit = async (when: boolean) => {
        const e = emitEventSql('ev', { type: 'zma.activity', tenantId: tenant.id, data: { zmaAppId: crypto.randomUUID(), kind: 'GIFT_WON', branchId: null, customerId: null } }, sql`${when}::boolean`);
        return rowsOf<{ id: string | null }>(await executePrepared(database.db, sql`with ${e.cte} select (select id::text from ev) as id, ${e.notify} as n`))[0]?.id ?? null;
      };
      expect(await emit(false)).toBeNull();
      const id = await emit(true);
      expect(id).not.toBeNull();
      const row = rowsOf<{ merchant_id: string; type: string }>(await database.db.execute(sql`select merchant_id, type from domain_events where id = ${id}::bigint`))[0];
      expect(row).toEqual({ merchant_id: org.id, type: 'zma.activity' });
      const until = Date.now() + 3000;
      while (!heard.includes(id!) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toContain(id);
    } finally {
      await listener.close();
    }
  });
});
