import { sql, type SQL } from 'drizzle-orm';
import type { ZmaActivityKind } from '@zc/shared/api/zma';
import type { Tx } from '../../db/client';
import { emitEvent } from '../../platform/events';
import { executePrepared } from '../../platform/sql';

export interface ZmaActivityInput {
  zmaAppId: string;
  tenantId: string;
  kind: ZmaActivityKind;
  customerId?: string | null;
  branchId?: string | null;
  giftItemId?: string | null;
  giftCodeId?: string | null;
  drawId?: string | null;
  actorUserId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The one writer of the mini-app activity history (ARCHITECTURE rule 8): every module records its
 * facts here in its own transaction, and the `zma.activity` event tells open dashboards and history
 * pages to refresh. Pass `announce: false` inside bulk work (one event for the batch is enough).
 */
export async function recordZmaActivity(tx: Tx, input: ZmaActivityInput | ZmaActivityInput[], opts: { announce?: boolean } = {}): Promise<void> {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) return;
  // A prepared statement for the few-row inserts of hot paths (a lucky-draw win; ADR 0026); bulk inserts plain.
  await (rows.length <= 4 ? executePrepared : (t: Tx, q: SQL) => t.execute(q))(
    tx,
    sql`insert into zma_activity (zma_app_id, tenant_id, kind, customer_id, branch_id, gift_item_id, gift_code_id, draw_id, actor_user_id, detail) values ${sql.join(
      rows.map((r) => sql`(${activityValues(r)})`),
      sql`, `,
    )}`,
  );
  if (opts.announce === false) return;
  const last = rows[rows.length - 1]!; // rows is non-empty (checked above)
  await emitEvent(tx, {
    type: 'zma.activity',
    tenantId: last.tenantId,
    data: { zmaAppId: last.zmaAppId, kind: last.kind, branchId: last.branchId ?? null, customerId: last.customerId ?? null },
  });
}

/**
 * The set-based form of `recordZmaActivity`, for a hot path that writes its facts in one statement:
 * an `insert into zma_activity … select … where <when>` to be used as a data-modifying CTE of the
 * caller's statement (e.g. the spin's: the row is written only when the spin row was). Quiet: the
 * caller decides whether an event is due (with `recordZmaActivity` or its own `emitEvent`).
 */
export function zmaActivityInsertSql(input: ZmaActivityInput, when: SQL): SQL {
  return sql`insert into zma_activity (zma_app_id, tenant_id, kind, customer_id, branch_id, gift_item_id, gift_code_id, draw_id, actor_user_id, detail)
    select ${activityValues(input)} where ${when}`;
}

/**
 * `zmaActivityInsertSql` with one row per row of `rows.from` (a CTE of the caller's statement): the
 * gift code and the detail are SQL over that CTE, the other columns values.
 */
export function zmaActivityInsertFromSql(input: Omit<ZmaActivityInput, 'giftCodeId' | 'detail'>, rows: { from: SQL; giftCodeId: SQL; detail: SQL }): SQL {
  return sql`insert into zma_activity (zma_app_id, tenant_id, kind, customer_id, branch_id, gift_item_id, gift_code_id, draw_id, actor_user_id, detail)
    select ${input.zmaAppId}::uuid, ${input.tenantId}::uuid, ${input.kind}, ${input.customerId ?? null}::uuid, ${input.branchId ?? null}::uuid,
      ${input.giftItemId ?? null}::uuid, ${rows.giftCodeId}, ${input.drawId ?? null}::uuid, ${input.actorUserId ?? null}::uuid, ${rows.detail}
    from ${rows.from}`;
}

/** The column values of one zma_activity row, in the order of the inserts above. */
function activityValues(input: ZmaActivityInput): SQL {
  return sql`${input.zmaAppId}::uuid, ${input.tenantId}::uuid, ${input.kind}, ${input.customerId ?? null}::uuid, ${input.branchId ?? null}::uuid,
      ${input.giftItemId ?? null}::uuid, ${input.giftCodeId ?? null}::uuid, ${input.drawId ?? null}::uuid, ${input.actorUserId ?? null}::uuid, ${JSON.stringify(input.detail ?? {})}::jsonb`;
}
