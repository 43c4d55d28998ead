import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { startPollLoop, type PollLoop } from '../../platform/poll-loop';
import { rowsOf } from '../../platform/sql';

const COUNTERS = ['total', 'pending', 'sent', 'delivered', 'failed', 'charged', 'cost', 'list_cost'] as const;
const sums = COUNTERS.map((c) => `sum(${c})::bigint as ${c}`).join(', ');
const adds = COUNTERS.map((c) => `${c} = r.${c} + excluded.${c}`).join(', ');
const cols = COUNTERS.join(', ');
/** Asia/Ho_Chi_Minh is UTC+7 all year: its day of an instant is the UTC day of instant + 7 h. */
const VN_DAY = `(hour at time zone 'Asia/Ho_Chi_Minh')::date`;

/**
 * Moves up to `limit` deltas (oldest first) into the rollups, in one statement: the deltas are
 * deleted and added to the hourly, daily, tenant-daily, organisation hourly, daily and breakdown (daily and monthly), and error rollups (rows of a tenant that no
 * longer exists are dropped). One folder at a time (transaction advisory lock): two would only
 * wait on each other's rollup rows. Answers how many deltas it folded.
 */
export async function foldMessageStats(db: DbOrTx, limit = 20_000): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('message-stats-fold')) as ok`));
    if (!lock?.ok) return 0;
    const [res] = rowsOf<{ n: number }>(
      await tx.execute(
      sql.raw(`
      with d as (
        delete from message_stat_deltas x using (select id from message_stat_deltas order by id limit ${Math.max(1, Math.floor(limit))}) pick
        where x.id = pick.id
        returning x.*
      ), live as (
        select d.*, t.merchant_id from d join tenants t on t.id = d.tenant_id
      ), h as (
        insert into message_stats_hourly as r (tenant_id, hour, module, ${cols})
        select tenant_id, hour, module, ${sums} from live group by 1, 2, 3 order by 1, 2, 3
        on conflict (tenant_id, hour, module) do update set ${adds}
        returning 1
      ), dd as (
        insert into message_stats_daily as r (tenant_id, day, module, zalo_oa_id, type, template_id, api_key_id, campaign_id, ${cols})
        select tenant_id, ${VN_DAY}, module, zalo_oa_id, type, template_id, api_key_id, campaign_id, ${sums} from live group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
        on conflict (tenant_id, day, module, zalo_oa_id, type, template_id, api_key_id, campaign_id) do update set ${adds}
        returning 1
      ), td as (
        insert into message_stats_tenant_daily as r (tenant_id, day, module, ${cols})
        select tenant_id, ${VN_DAY}, module, ${sums} from live group by 1, 2, 3 order by 1, 2, 3
        on conflict (tenant_id, day, module) do update set ${adds}
        returning 1
      ), mh as (
        insert into message_stats_merchant_hourly as r (merchant_id, hour, module, ${cols})
        select merchant_id, hour, module, ${sums} from live group by 1, 2, 3 order by 1, 2, 3
        on conflict (merchant_id, hour, module) do update set ${adds}
        returning 1
      ), md as (
        insert into message_stats_merchant_daily as r (merchant_id, day, module, ${cols})
        select merchant_id, ${VN_DAY}, module, ${sums} from live group by 1, 2, 3 order by 1, 2, 3
        on conflict (merchant_id, day, module) do update set ${adds}
        returning 1
      ), mk as (
        insert into message_stats_merchant_dim_daily as r (merchant_id, day, dimension, key, ${cols})
        select merchant_id, ${VN_DAY}, k.dimension, k.key, ${sums}
        from live cross join lateral (values ('type', live.type), ('template', live.template_id), ('oa', live.zalo_oa_id::text)) k(dimension, key)
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (merchant_id, dimension, day, key) do update set ${adds}
        returning 1
      ), mkm as (
        insert into message_stats_merchant_dim_monthly as r (merchant_id, month, dimension, key, ${cols})
        select merchant_id, date_trunc('month', ${VN_DAY})::date, k.dimension, k.key, ${sums}
        from live cross join lateral (values ('type', live.type), ('template', live.template_id), ('oa', live.zalo_oa_id::text)) k(dimension, key)
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (merchant_id, dimension, month, key) do update set ${adds}
        returning 1
      ), e as (
        insert into message_error_stats_daily as r (tenant_id, day, module, error_code, failed)
        select tenant_id, ${VN_DAY}, module, error_code, sum(failed)::bigint from live where failed <> 0 group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (tenant_id, day, module, error_code) do update set failed = r.failed + excluded.failed
        returning 1
      )
      select (select count(*) from d)::int as n, (select count(*) from h) + (select count(*) from dd) + (select count(*) from td) + (select count(*) from mh) + (select count(*) from md) + (select count(*) from mk) + (select count(*) from mkm) + (select count(*) from e) as touched
    `),
      ),
    );
    return Number(res?.n ?? 0);
  });
}

/** Folds until nothing is left (tests, benchmarks, and a report that must include the last second). */
export async function foldAllMessageStats(db: DbOrTx): Promise<void> {
  while ((await foldMessageStats(db)) > 0);
}

/** Worker processes: fold every `idleMs` (default 2 s), at once again while a pass was full. */
export function startStatsFoldLoop(db: DbOrTx, opts: { idleMs?: number; onError?: (err: unknown) => void } = {}): PollLoop {
  const limit = 20_000;
  return startPollLoop(async () => ({ busy: (await foldMessageStats(db, limit)) >= limit }), { idleMs: opts.idleMs ?? 2000, onError: opts.onError });
}
