import { getTableName } from 'drizzle-orm';
import { walletEntries, wallets } from '../../db/schema/wallets';

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const WALLETS = quote(getTableName(wallets));
const ENTRIES = quote(getTableName(walletEntries));

/** A plain SQL identifier: the caller's CTE name is spliced into the statement text. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The wallet part of a one-statement send batch (ADR 0003, ADR 0010), as SQL text for the outbox to splice
 * into its statement. `insertedCte` names a CTE of the rows just inserted with the columns
 * (id, tenant_id, api_key_id, tracking_id, price).
 *
 * - `ctes` starts with a comma and defines `wallet_tot` (charges totalled per tenant), `wallet_upd` (one
 *   UPDATE per tenant wallet: a prepaid balance goes down, a postpaid usage goes up) and `wallet_led` (one
 *   entry per charged row, exactly what `chargeMessage` writes: CHARGE with its running `new_balance` for
 *   prepaid, USAGE with `new_balance` = balance for postpaid). The caller must not use these three names.
 * - `checks` is a select-list fragment (`zc_assert(...) as wallets_found, zc_assert(...) as balances_ok`)
 *   that aborts the whole statement with SQLSTATE ZC001 when a tenant has no wallet, a prepaid balance
 *   would go negative, or a prepaid balance would cross its threshold. The caller then sends each message
 *   alone through `chargeMessage`, which answers 402 and announces the crossing (`wallet.threshold_crossed`).
 *
 * Charges against a hold never go through the batch: the outbox sends those one by one through
 * `chargeMessage` with `holdId`. Rows with price 0 are not charged. The text depends only on the CTE name,
 * so a statement built from it can be prepared once per connection.
 */
export function messageChargeSql(insertedCte: string): { ctes: string; checks: string } {
  if (!IDENTIFIER.test(insertedCte)) throw new Error(`not a plain CTE name: ${insertedCte}`);
  const i = insertedCte;
  const ctes = `,
      wallet_tot as (select tenant_id, sum(price)::bigint as total from ${i} where price > 0 group by tenant_id),
      wallet_upd as (
        update ${WALLETS} w set
          balance = case when w.mode = 'POSTPAID' then w.balance else w.balance - t.total end,
          postpaid_usage = case when w.mode = 'POSTPAID' then w.postpaid_usage + t.total else w.postpaid_usage end,
          updated_at = now()
        from wallet_tot t where w.tenant_id = t.tenant_id
        returning w.id, w.tenant_id, w.mode, w.balance, w.threshold, w.below_threshold, t.total),
      wallet_led as (
        insert into ${ENTRIES} (wallet_id, type, value, new_balance, reason, message_id, note)
        select u.id, 'SUB', c.price,
               case when u.mode = 'POSTPAID' then u.balance
                    else u.balance + u.total - sum(c.price) over (partition by c.tenant_id order by c.api_key_id, c.tracking_id, c.id rows unbounded preceding) end,
               case when u.mode = 'POSTPAID' then 'USAGE' else 'CHARGE' end,
               c.id, 'message charge'
        from ${i} c join wallet_upd u on u.tenant_id = c.tenant_id
        where c.price > 0)`;
  const checks = `zc_assert((select count(*) from wallet_upd) = (select count(*) from wallet_tot), 'send batch: a tenant has no wallet') as wallets_found,
             zc_assert(not exists (select 1 from wallet_upd where mode <> 'POSTPAID' and (balance < 0 or (threshold > 0 and balance < threshold and not below_threshold))),
                       'send batch: a prepaid balance would go short or cross its threshold') as balances_ok`;
  return { ctes, checks };
}
