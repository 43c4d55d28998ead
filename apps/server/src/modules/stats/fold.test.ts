import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildOrganisation, buildTenant, createTestDatabase } from '../../test/helpers';
import { rowsOf } from '../../platform/sql';
import { foldAllMessageStats } from './fold';
import { selectMerchantByDetail, wholeMonths } from './repo';
import { rollupRange } from './service';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

const STATUSES = ['PENDING', 'PROCESSING', 'PUSHED_ZALO', 'RECEIVED', 'ERROR_CALL_ZALO', 'ERROR'] as const;

describe('message statistics rollups (ADR 0024)', () => {
  let database: TestDb;
  let tenantA: string;
  let tenantB: string;
  let orgId: string;
  const oa = '11111111-1111-4111-8111-111111111111';

  beforeAll(async () => {
    database = await createTestDatabase();
    const org = await buildOrganisation(database);
    orgId = org.id;
    tenantA = (await buildTenant(database, org.id)).id;
    tenantB = (await buildTenant(database, org.id)).id;
  });
  afterAll(async () => database.drop());

  const q = async <T,>(query: Parameters<TestDb['db']['execute']>[0]) => rowsOf<T>(await database.db.execute(query));

  async function direct(tenantId: string) {
    const r = await q<Record<string, string>>(sql`
      select count(*) total,
        count(*) filter (where status in ('PUSHED_ZALO','RECEIVED')) sent,
        count(*) filter (where status = 'RECEIVED') delivered,
        count(*) filter (where status in ('ERROR_PUSH_QUEUE','ERROR','ERROR_CALL_ZALO')) failed,
        coalesce(sum(price) filter (where is_charged), 0) cost
      from message_history where tenant_id = ${tenantId}`);
    return Object.fromEntries(Object.entries(r[0]!).map(([k, v]) => [k, Number(v)]));
  }
  async function rolled(table: 'message_stats_hourly' | 'message_stats_daily' | 'message_stats_tenant_daily', tenantId: string) {
    const r = await q<Record<string, string>>(
      sql`select coalesce(sum(total),0) total, coalesce(sum(sent),0) sent, coalesce(sum(delivered),0) delivered, coalesce(sum(failed),0) failed, coalesce(sum(cost),0) cost from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
    );
    return Object.fromEntries(Object.entries(r[0]!).map(([k, v]) => [k, Number(v)]));
  }

  it('equal direct counts over the raw rows after random inserts and status changes', async () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let batch = 0; batch < 6; batch++) {
      const values = Array.from({ length: 40 }, (_, i) => {
        const tenant = rnd() < 0.5 ? tenantA : tenantB;
        const status = STATUSES[Math.floor(rnd() * STATUSES.length)]!;
        const charged = status !== 'ERROR_CALL_ZALO' && status !== 'ERROR';
        return sql`(${tenant}, 'ZNS', ${oa}, 'TRANSACTION', ${status}, ${charged}, ${100 + i}, ${`t${i % 3}`}, now() - (${Math.floor(rnd() * 96)} * interval '1 hour'), ${status.startsWith('ERROR') ? -124 : null})`;
      });
      await database.db.execute(
        sql`insert into message_history (tenant_id, module, zalo_oa_id, type, status, is_charged, price, zns_template_id, created_at, error_code) values ${sql.join(values, sql`, `)}`,
      );
      // Moves some messages on: delivered, failed and refunded, or retried.
      await database.db.execute(sql`update message_history set status = 'RECEIVED' where status = 'PUSHED_ZALO' and seq % 3 = 0`);
      await database.db.execute(sql`update message_history set status = 'ERROR_CALL_ZALO', is_charged = false, error_code = -108 where status = 'PENDING' and seq % 2 = 0`);
      await database.db.execute(sql`update message_history set attempts = attempts + 1`);
      if (batch % 2 === 1) await foldAllMessageStats(database.db);
    }
    await foldAllMessageStats(database.db);
    for (const t of [tenantA, tenantB]) {
      const want = await direct(t);
      expect(want.total).toBeGreaterThan(0);
      for (const table of ['message_stats_hourly', 'message_stats_daily', 'message_stats_tenant_daily'] as const) expect(await rolled(table, t), table).toEqual(want);
    }
    // The organisation rollups hold the sum of its tenants'.
    const a = await direct(tenantA);
    const b = await direct(tenantB);
    const both = Object.fromEntries(Object.keys(a).map((k) => [k, a[k]! + b[k]!]));
    for (const table of ['message_stats_merchant_hourly', 'message_stats_merchant_daily'] as const) {
      const r = await q<Record<string, string>>(
        sql`select coalesce(sum(total),0) total, coalesce(sum(sent),0) sent, coalesce(sum(delivered),0) delivered, coalesce(sum(failed),0) failed, coalesce(sum(cost),0) cost from ${sql.identifier(table)} where merchant_id = ${orgId}`,
      );
      expect(Object.fromEntries(Object.entries(r[0]!).map(([k, v]) => [k, Number(v)])), table).toEqual(both);
    }
    for (const dimension of ['type', 'template', 'oa']) {
      const r = await q<Record<string, string>>(
        sql`select coalesce(sum(total),0) total, coalesce(sum(sent),0) sent, coalesce(sum(delivered),0) delivered, coalesce(sum(failed),0) failed, coalesce(sum(cost),0) cost from message_stats_merchant_dim_daily where merchant_id = ${orgId} and dimension = ${dimension}`,
      );
      expect(Object.fromEntries(Object.entries(r[0]!).map(([k, v]) => [k, Number(v)])), dimension).toEqual(both);
    }
    const errors = await q<{ error_code: number; failed: string }>(sql`select error_code, sum(failed) failed from message_error_stats_daily where tenant_id = ${tenantA} group by 1 order by 1`);
    const directErrors = await q<{ error_code: number; failed: string }>(
      sql`select error_code, count(*) failed from message_history where tenant_id = ${tenantA} and status in ('ERROR','ERROR_CALL_ZALO') group by 1 order by 1`,
    );
    expect(errors.map((r) => [r.error_code, Number(r.failed)])).toEqual(directErrors.map((r) => [r.error_code, Number(r.failed)]));
    expect(Number(((await q<{ n: string }>(sql`select count(*) n from message_stat_deltas`)))[0]!.n)).toBe(0);
  });

  it('the monthly breakdown rollup equals the daily one by month; a range reads whole months there and its ends by day', async () => {
    let seed = 3;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const values = Array.from({ length: 300 }, (_, i) => {
      const status = STATUSES[Math.floor(rnd() * STATUSES.length)]!;
      // Over 2026-06-20 .. 2026-10-28 (UTC), so months and their boundary days are all covered.
      const at = new Date(Date.parse('2026-06-20T00:00:00Z') + Math.floor(rnd() * 130 * 24) * 3_600_000).toISOString();
      return sql`(${rnd() < 0.5 ? tenantA : tenantB}, 'ZNS', ${oa}, ${rnd() < 0.5 ? 'TRANSACTION' : 'PROMOTION'}, ${status}, ${!status.startsWith('ERROR')}, ${100 + i}, ${`m${i % 4}`}, ${at}::timestamptz)`;
    });
    await database.db.execute(sql`insert into message_history (tenant_id, module, zalo_oa_id, type, status, is_charged, price, zns_template_id, created_at) values ${sql.join(values, sql`, `)}`);
    await foldAllMessageStats(database.db);
    const byMonth = await q<{ dimension: string; month: string; key: string; total: string; cost: string }>(
      sql`select dimension, month::text, key, total, cost from message_stats_merchant_dim_monthly where merchant_id = ${orgId} order by 1, 2, 3`,
    );
    const fromDaily = await q<{ dimension: string; month: string; key: string; total: string; cost: string }>(
      sql`select dimension, date_trunc('month', day)::date::text as month, key, sum(total) total, sum(cost) cost from message_stats_merchant_dim_daily where merchant_id = ${orgId} group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(byMonth.length).toBeGreaterThan(10);
    expect(byMonth.map((r) => [r.dimension, r.month, r.key, Number(r.total), Number(r.cost)])).toEqual(fromDaily.map((r) => [r.dimension, r.month, r.key, Number(r.total), Number(r.cost)]));
    for (const [from, to] of [['2026-06-20', '2026-10-28'], ['2026-07-01', '2026-09-30'], ['2026-07-15', '2026-08-31'], ['2026-08-01', '2026-08-20'], ['2026-06-25', '2026-07-05']] as const) {
      for (const dimension of ['type', 'template', 'oa'] as const) {
        const got = await selectMerchantByDetail(database.db, orgId, rollupRange(from, to), dimension);
        const want = await q<{ key: string; total: string; cost: string }>(
          sql`select key, sum(total) total, sum(cost) cost from message_stats_merchant_dim_daily where merchant_id = ${orgId} and dimension = ${dimension} and day between ${from}::date and ${to}::date group by 1`,
        );
        const norm = (rows: Array<{ key: string; total: string | number; cost: string | number }>) => rows.map((r) => `${r.key}:${Number(r.total)}:${Number(r.cost)}`).sort();
        expect(norm(got), `${dimension} ${from}..${to}`).toEqual(norm(want));
      }
    }
  });

  it('splits a range into whole months and the days around them', () => {
    expect(wholeMonths('2026-11-05', '2026-11-20')).toBeNull();
    expect(wholeMonths('2026-01-31', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-11-01', '2026-11-30')).toEqual({ firstMonth: '2026-11-01', lastMonth: '2026-11-01', headTo: null, tailFrom: null });
    expect(wholeMonths('2025-11-26', '2026-11-25')).toEqual({ firstMonth: '2025-12-01', lastMonth: '2026-10-01', headTo: '2025-11-30', tailFrom: '2026-11-01' });
    expect(wholeMonths('2026-02-01', '2026-03-15')).toEqual({ firstMonth: '2026-02-01', lastMonth: '2026-02-01', headTo: null, tailFrom: '2026-03-01' });
    expect(wholeMonths('2026-01-31', '2026-02-28')).toEqual({ firstMonth: '2026-02-01', lastMonth: '2026-02-01', headTo: '2026-01-31', tailFrom: null });
    expect(wholeMonths('2024-02-10', '2024-03-31')).toEqual({ firstMonth: '2024-03-01', lastMonth: '2024-03-01', headTo: '2024-02-29', tailFrom: null });
  });

  it('counts a message at 23:59 local on the last day of a month in that month (Asia/Ho_Chi_Minh)', async () => {
    // 2026-10-31 23:59 in Ho Chi Minh City is 16:59 UTC; 00:00 on 1 November is 17:00 UTC.
    await database.db.execute(sql`insert into message_history (tenant_id, module, zalo_oa_id, type, status, created_at) values
      (${tenantB}, 'OA', ${oa}, 'CS', 'RECEIVED', '2026-10-31T16:59:00Z'), (${tenantB}, 'OA', ${oa}, 'CS', 'RECEIVED', '2026-10-31T17:00:00Z')`);
    await foldAllMessageStats(database.db);
    const days = await q<{ day: string; total: string }>(
      sql`select day::text, sum(total) total from message_stats_tenant_daily where tenant_id = ${tenantB} and module = 'OA' group by 1 order by 1`,
    );
    expect(days.map((r) => [r.day, Number(r.total)])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 1],
    ]);
  });
});
