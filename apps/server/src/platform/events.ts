import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { EVENT_PAYLOADS, type EventData, type EventType } from '@zc/shared/api/events';
import type { DbOrTx, Tx } from '../db/client';
import { executePrepared } from './sql';

/** The NOTIFY channel; the payload is the event id only (PostgreSQL caps payloads at 8,000 bytes). */
export const EVENT_CHANNEL = 'zc_events';

export { EVENT_PAYLOADS, type EventData, type EventType } from '@zc/shared/api/events';
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

/**
 * Who may see an event on the realtime stream, beside being in its organisation (and, for a tenant
 * event, having access to its tenant): a permission in the tenant (tenant events) or in the
 * organisation role (organisation events, tenantId null), or being the user the event names.
 */
export type EventAudience = { tenant?: readonly Permission[]; merchant?: readonly Permission[] } | { user: true };

export const EVENT_AUDIENCE: Record<EventType, EventAudience> = {
  'message.status_changed': { tenant: ['VIEW_HISTORY'] },
  'message.failed_permanently': { tenant: ['VIEW_HISTORY'] },
  'wallet.threshold_crossed': { tenant: ['VIEW_TENANT_BILLING_BALANCE'], merchant: ['VIEW_MERCHANT_BILLING_BALANCE'] },
  'notification.created': { user: true },
  'zalo_oa.token_refresh_failed': { tenant: ['VIEW_ZALO_OA_SERVICE', 'VIEW_ZALO_OA_CREDENTIAL', 'UPDATE_ZALO_OA'] },
  'notification.viewed': { user: true },
  'task.submitted': { tenant: ['VIEW_TENANT_TASK'] },
  'task.advanced': { tenant: ['VIEW_TENANT_TASK'] },
  'task.decided': { tenant: ['VIEW_TENANT_TASK'] },
  'task.voided': { tenant: ['VIEW_TENANT_TASK'] },
  'task.viewed': { user: true },
  'review.item_published': { tenant: ['VIEW_TENANT_TASK'] },
  'ticket.created': { tenant: ['VIEW_TICKET'] },
  'ticket.updated': { tenant: ['VIEW_TICKET'] },
  'ticket.commented': { tenant: ['VIEW_TICKET'] },
  'ticket.viewed': { user: true },
  'ticket.sla_warning': { tenant: ['VIEW_TICKET'] },
  'ticket.sla_breached': { tenant: ['VIEW_TICKET'] },
  'team.changed': { tenant: ['VIEW_TEAM'] },
  'oa_content.changed': { tenant: ['VIEW_ZALO_OA_CONTENT'] },
  'oa_video.changed': { tenant: ['VIEW_ZALO_OA_CONTENT'] },
  'oa_broadcast.changed': { tenant: ['VIEW_ZALO_OA_CONTENT'] },
  'oa_follower.changed': { tenant: ['VIEW_ZALO_OA_USER'] },
  'oa_follower.sync_progress': { tenant: ['VIEW_ZALO_OA_USER'] },
  'oa_update_request.changed': { tenant: ['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA_INFO'] },
  'campaign.changed': { tenant: ['VIEW_CAMPAIGN'] },
  'campaign.progress': { tenant: ['VIEW_CAMPAIGN'] },
  'zns_template.changed': { tenant: ['VIEW_REQUEST_TEMPLATE', 'VIEW_TEMPLATE'] },
  'zns_discount.changed': { tenant: ['VIEW_TENANT_DISCOUNT'], merchant: ['VIEW_MERCHANT_DISCOUNT'] },
  'chat.message': { tenant: ['VIEW_ZALO_OA_CHAT'] },
  'chat.conversation_changed': { tenant: ['VIEW_ZALO_OA_CHAT'] },
  'chat.presence': { tenant: ['VIEW_ZALO_OA_CHAT'] },
  // Mini-app roles add permissions per app; the stream knows tenant permissions only, so these go to holders of the tenant-level grant.
  'zma.activity': { tenant: ['VIEW_ZMA_DASHBOARD', 'VIEW_ZMA_USER_HISTORY'] },
  'zma.codes_progress': { tenant: ['VIEW_ZMA_GIFT'] },
  'zma.app_changed': { tenant: ['VIEW_ZMA_DASHBOARD', 'VIEW_ZMA_SETING'] },
  'statement.changed': { tenant: ['VIEW_TENANT_BILLING_BALANCE'], merchant: ['VIEW_MERCHANT_BILLING_BALANCE'] },
  'report_export.changed': { user: true },
  'tenant.settings_changed': { tenant: ['VIEW_TENANT_SERVICES', 'VIEW_DASHBOARD_AND_CHART'], merchant: ['VIEW_TENANT'] },
  'service_package.changed': { merchant: ['VIEW_TENANT', 'UPDATE_TENANT'] },
};

/** What a module passes to `emitEvent`. Without `merchantId` it is the tenant's organisation. */
export type EventInput<T extends EventType = EventType> = {
  type: T;
  tenantId: string | null;
  merchantId?: string;
  data: EventData<T>;
};

/** A stored event as handlers and the stream see it. */
export interface DomainEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  merchantId: string;
  tenantId: string | null;
  data: EventData<T>;
  at: string;
}

/**
 * Writes the event in the caller's transaction and NOTIFYs its id on EVENT_CHANNEL. PostgreSQL
 * (and PGlite) deliver a NOTIFY only when the transaction commits, and never if it rolls back, so
 * listeners see exactly the committed facts. One statement: the insert, the organisation lookup
 * of a tenant event and the notify. Emit late in the transaction: the stream orders by id, and an
 * event whose transaction stays open long after the insert reaches reconnecting clients late.
 */
export async function emitEvent<T extends EventType>(tx: Tx, event: EventInput<T>): Promise<number> {
  const data = EVENT_PAYLOADS[event.type].parse(event.data);
  if (!event.merchantId && !event.tenantId) throw new Error(`event ${event.type} names neither an organisation nor a tenant`);
  const result = (await executePrepared(tx, sql`
    with e as (
      insert into domain_events (type, merchant_id, tenant_id, payload)
      values (
        ${event.type},
        coalesce(${event.merchantId ?? null}::uuid, (select merchant_id from tenants where id = ${event.tenantId}::uuid)),
        ${event.tenantId}::uuid,
        ${JSON.stringify(data)}::jsonb
      )
      returning id
    )
    select e.id::text as id, pg_notify(${EVENT_CHANNEL}, e.id::text) from e`)) as unknown as { rows: Array<{ id: string }> }; // both drivers answer { rows }
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`event ${event.type} was not written`);
  return Number(id);
}

/**
 * `emitEvent` as part of the caller's own statement, for a hot path that writes its facts in one
 * statement (ADR 0026): `cte` is a data-modifying CTE (`<name> as (insert … where <when> returning id)`)
 * to place in the statement's WITH list, and `notify` a scalar expression the statement must select
 * (a CTE that only selects runs only when referenced) — it NOTIFYs the id when the event was written.
 */
export function emitEventSql<T extends EventType>(name: string, event: EventInput<T>, when: SQL): { cte: SQL; notify: SQL } {
  const data = EVENT_PAYLOADS[event.type].parse(event.data);
  if (!event.merchantId && !event.tenantId) throw new Error(`event ${event.type} names neither an organisation nor a tenant`);
  const cte = sql`${sql.identifier(name)} as (
      insert into domain_events (type, merchant_id, tenant_id, payload)
      select ${event.type}, coalesce(${event.merchantId ?? null}::uuid, (select merchant_id from tenants where id = ${event.tenantId}::uuid)), ${event.tenantId}::uuid, ${JSON.stringify(data)}::jsonb
      where ${when}
      returning id
    )`;
  return { cte, notify: sql`(select pg_notify(${EVENT_CHANNEL}, id::text) from ${sql.identifier(name)})` };
}

/**
 * `emitEvent` for many events in one statement (batches such as the delivery worker's): the events are
 * inserted in the given order (ids ascending in that order) and each id is NOTIFYed, exactly as
 * `emitEvent` would write them one after the other. Returns the ids in the same order.
 */
export async function emitEvents(tx: Tx, events: readonly EventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = events.map((event, ord) => {
    if (!event.merchantId && !event.tenantId) throw new Error(`event ${event.type} names neither an organisation nor a tenant`);
    return { ord, type: event.type, merchant_id: event.merchantId ?? null, tenant_id: event.tenantId, payload: EVENT_PAYLOADS[event.type].parse(event.data) };
  });
  const result = (await tx.execute(sql`
    with e as (
      insert into domain_events (type, merchant_id, tenant_id, payload)
      select v.type, coalesce(v.merchant_id, (select merchant_id from tenants where id = v.tenant_id)), v.tenant_id, v.payload
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(ord int, type text, merchant_id uuid, tenant_id uuid, payload jsonb)
      order by v.ord
      returning id
    )
    select e.id::text as id, pg_notify(${EVENT_CHANNEL}, e.id::text) from e order by e.id`)) as unknown as { rows: Array<{ id: string }> }; // see emitEvent
  if (result.rows.length !== events.length) throw new Error(`${events.length - result.rows.length} of ${events.length} events were not written`);
  return result.rows.map((r) => Number(r.id));
}

/** The raw row shape read back by the stream and the dispatcher (ids as text: int8 differs by driver). */
export interface EventRow {
  id: string | number;
  type: string;
  merchant_id: string;
  tenant_id: string | null;
  payload: unknown;
  created_at: string | Date;
}

export const EVENT_COLUMNS = sql.raw('id::text as id, type, merchant_id, tenant_id, payload, created_at');

function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_PAYLOADS, type);
}

/** Row → event; null for a type this build does not know (written by a newer build, say). */
export function eventFromRow(row: EventRow): DomainEvent | null {
  if (!isEventType(row.type)) return null;
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
  const at = row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString();
  return { id: Number(row.id), type: row.type, merchantId: row.merchant_id, tenantId: row.tenant_id, data: payload as EventData<EventType>, at }; // validated by emitEvent on the way in
}

/** Events by id (any order), for the stream's fetches. */
export async function findEventsByIds(db: DbOrTx, ids: readonly number[]): Promise<DomainEvent[]> {
  if (ids.length === 0) return [];
  const res = (await db.execute(sql`select ${EVENT_COLUMNS} from domain_events where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`)) as unknown as { rows: EventRow[] }; // see emitEvent
  return res.rows.flatMap((r) => eventFromRow(r) ?? []);
}
