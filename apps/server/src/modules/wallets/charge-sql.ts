import { getTableName } from 'drizzle-orm';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const WALLETS = quote(getTableName(wallets));
const ENTRIES = quote(getTableName(walletEntries));
const HOLDS = quote(getTableName(walletHolds));

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
 * Charges against a hold go through `holdChargeSql` instead. Rows with price 0 are not charged. The text depends only on the CTE name,
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

/** A plain positional parameter with its cast, e.g. `$2::uuid`. */
const PARAMETER = /^\$[0-9]+::uuid$/;

/**
 * The wallet part of a one-statement send batch whose rows all pay from ONE hold (campaigns), as SQL text:
 * exactly what `chargeMessage` with `holdId` writes for each row, for the whole batch at once. `holdParam`
 * is the statement's parameter holding the hold id (e.g. `$2::uuid`).
 *
 * - `ctes` starts with a comma and defines `hold_tot` (the batch's charged total and its tenants),
 *   `hold_wallet` (the hold's wallet, row-locked first, as `chargeMessage` and `closeHold` lock it: the
 *   wallet, then the hold — one order, no deadlock), `hold_upd` (the hold's `used` grows by the total,
 *   only while it is OPEN) and `hold_led` (one HOLD_CHARGE entry per charged row, `new_balance` the
 *   unchanged balance). The caller must not use these names.
 * - `checks` aborts the statement with SQLSTATE ZC001 when the batch charges something and the hold is
 *   not open, not the tenant's, or too small for the total: the caller then charges each message alone
 *   through `chargeMessage`, which answers each one exactly (402 for those the hold cannot pay).
 */
export function holdChargeSql(insertedCte: string, holdParam: string): { ctes: string; checks: string } {
  if (!IDENTIFIER.test(insertedCte)) throw new Error(`not a plain CTE name: ${insertedCte}`);
  if (!PARAMETER.test(holdParam)) throw new Error(`not a uuid parameter: ${holdParam}`);
  const i = insertedCte;
  const h = holdParam;
  const ctes = `,
      hold_tot as (select count(distinct tenant_id) as tenants, min(tenant_id::text) as tenant_id, coalesce(sum(price), 0)::bigint as total from ${i} where price > 0),
      hold_wallet as (
        update ${WALLETS} w set updated_at = now()
        from ${HOLDS} hh, hold_tot t
        where hh.id = ${h} and w.id = hh.wallet_id and t.total > 0 and t.tenants = 1 and w.tenant_id::text = t.tenant_id
        returning w.id, w.balance),
      hold_upd as (
        update ${HOLDS} hh set used = hh.used + t.total
        from hold_tot t, hold_wallet hw
        where hh.id = ${h} and hh.wallet_id = hw.id and hh.status = 'OPEN'
        returning hh.id, hh.wallet_id, hh.used, hh.amount),
      hold_led as (
        insert into ${ENTRIES} (wallet_id, type, value, new_balance, reason, message_id, hold_id, note)
        select u.wallet_id, 'SUB', c.price, hw.balance, 'HOLD_CHARGE', c.id, u.id, 'message charge (hold)'
        from ${i} c cross join hold_upd u join hold_wallet hw on hw.id = u.wallet_id
        where c.price > 0)`;
  const checks = `zc_assert((select total from hold_tot) = 0 or exists (select 1 from hold_upd where used <= amount),
                       'send batch: the hold is not open, not the tenant''s, or too small') as hold_ok`;
  return { ctes, checks };
}
