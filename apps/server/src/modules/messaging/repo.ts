import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@zc/shared/limits';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import type { MessageModule, MessageStatus, MessageType } from '@zc/shared/api/messaging';
import type { DbOrTx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { AppError } from '../../platform/errors';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import { decodeCursor, encodeCursor, type HistoryCursor } from './cursor';

/** Rows reachable with OFFSET; past this, pages are reached with cursors only (keyset). */
export const MAX_OFFSET_ROWS = 1000;

export interface HistoryFilters {
  trackingId?: string;
  sessionId?: string;
  uid?: string;
  status?: MessageStatus[];
  type?: MessageType;
  templateId?: string;
  phone?: string;
  templateName?: string;
  isCharged?: boolean;
  /** The OA switcher's current OA (`x-oa-id`, already checked to be one of the tenant's); absent = every OA. */
  zaloOaId?: string;
  /** The messages of one campaign (§7 campaign/history), served by the (campaign_id, created_at, seq) index. */
  campaignId?: string;
}

export interface HistoryPageQuery extends HistoryFilters {
  page: number;
  size: number;
  cursor?: string;
  orderBy: 'createdAt=desc' | 'createdAt=asc';
}

const columns = {
  id: messageHistory.id,
  seq: messageHistory.seq,
  trackingId: messageHistory.trackingId,
  sessionId: messageHistory.sessionId,
  apiKeyId: messageHistory.apiKeyId,
  uid: messageHistory.uid,
  znsTemplateId: messageHistory.znsTemplateId,
  templateName: messageHistory.templateName,
  phone: messageHistory.phone,
  templateData: messageHistory.templateData,
  messageData: messageHistory.messageData,
  mode: messageHistory.mode,
  type: messageHistory.type,
  status: messageHistory.status,
  errorMsg: messageHistory.errorMsg,
  isCharged: messageHistory.isCharged,
  isDirectZalo: messageHistory.isDirectZalo,
  price: messageHistory.price,
  listPrice: messageHistory.listPrice,
  createdAt: messageHistory.createdAt,
  fallbackMessageId: messageHistory.fallbackMessageId,
  fallbackNote: messageHistory.fallbackNote,
  fallbackOf: messageHistory.fallbackOf,
  // The fallback OA message's status: one primary-key probe per listed row that has one.
  // Spelled out qualified: drizzle renders a column in `sql` unqualified, which would bind to `fb`.
  fallbackStatus: sql<string | null>`(select fb.status from message_history as fb where fb.id = message_history.fallback_message_id)`,
  // PostgreSQL's own microsecond text: the keyset position must not lose precision in a JS Date.
  at: sql<string>`to_char(${messageHistory.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};
export type HistoryRow = Pick<typeof messageHistory.$inferSelect, Exclude<keyof typeof columns, 'at' | 'fallbackStatus'>> & { at: string; fallbackStatus: string | null };

/** The tenant/module scope plus every §2.13 filter; every branch has an index leading with tenant_id. */
export function historyWhere(scope: TenantScope, module: MessageModule, f: HistoryFilters): SQL {
  const conds: SQL[] = [eq(messageHistory.module, module)];
  if (f.trackingId) conds.push(eq(messageHistory.trackingId, f.trackingId));
  if (f.sessionId) conds.push(eq(messageHistory.sessionId, f.sessionId));
  if (f.uid) conds.push(eq(messageHistory.uid, f.uid));
  if (f.status?.length) conds.push(inArray(messageHistory.status, f.status));
  if (f.type) conds.push(eq(messageHistory.type, f.type));
  if (f.templateId) conds.push(eq(messageHistory.znsTemplateId, f.templateId));
  // Any spelling of the number finds the stored 84… form; a non-number matches nothing.
  if (f.phone) conds.push(eq(messageHistory.phone, normalizeVietnamPhone(f.phone) ?? f.phone));
  if (f.templateName) conds.push(eq(messageHistory.templateName, f.templateName));
  if (f.isCharged !== undefined) conds.push(eq(messageHistory.isCharged, f.isCharged));
  if (f.zaloOaId) conds.push(eq(messageHistory.zaloOaId, f.zaloOaId));
  if (f.campaignId) conds.push(eq(messageHistory.campaignId, f.campaignId));
  return inTenant(scope, messageHistory, ...conds);
}

/**
 * The indexes are `created_at DESC NULLS LAST, seq DESC NULLS LAST`; a bare `desc` means NULLS
 * FIRST and would not match them (PostgreSQL ignores NOT NULL here), turning every page into a
 * sort of the whole tenant. Ascending reads the same indexes backwards (ASC NULLS FIRST).
 */
function orderBy(desc: boolean): SQL[] {
  return desc
    ? [sql`${messageHistory.createdAt} desc nulls last`, sql`${messageHistory.seq} desc nulls last`]
    : [sql`${messageHistory.createdAt} asc nulls first`, sql`${messageHistory.seq} asc nulls first`];
}

function seek(c: HistoryCursor, desc: boolean): SQL {
  // Reading "next" in a descending list means older rows; "prev" flips the comparison.
  const older = desc === (c.dir === 'next');
  return older
    ? sql`(${messageHistory.createdAt}, ${messageHistory.seq}) < (${c.at}::timestamptz, ${c.seq})`
    : sql`(${messageHistory.createdAt}, ${messageHistory.seq}) > (${c.at}::timestamptz, ${c.seq})`;
}

export interface HistoryPage {
  rows: HistoryRow[];
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * One page of history in created-time order. Without a cursor the page is read with OFFSET, but
 * only within the first 1,000 rows; beyond, callers follow nextCursor/prevCursor (keyset on
 * (created_at, seq), served by the (tenant, module, created_at, seq) index and its siblings).
 */
export async function listHistory(db: DbOrTx, scope: TenantScope, module: MessageModule, q: HistoryPageQuery): Promise<HistoryPage> {
  const desc = q.orderBy === 'createdAt=desc';
  const where = historyWhere(scope, module, q);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const offset = cursor ? 0 : (q.page - 1) * q.size;
  if (offset > MAX_OFFSET_ROWS) throw new AppError('PAGE_NEEDS_CURSOR', undefined, { fields: [{ path: 'querystring.page', code: 'needs_cursor', message: 'use meta.nextCursor' }] });
  // A "prev" read walks the other way and is flipped back afterwards.
  const walkDesc = cursor?.dir === 'prev' ? !desc : desc;
  const order = orderBy(walkDesc);
  const fetched = await db
    .select(columns)
    .from(messageHistory)
    .where(cursor ? and(where, seek(cursor, desc)) : where)
    .orderBy(...order)
    .limit(q.size + 1)
    .offset(offset);
  const hasMore = fetched.length > q.size;
  const rows = fetched.slice(0, q.size);
  if (cursor?.dir === 'prev') rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const at = (r: HistoryRow, dir: 'next' | 'prev') => encodeCursor({ at: r.at, seq: r.seq, dir });
  const isPrev = cursor?.dir === 'prev';
  const nextCursor = last && (isPrev || hasMore) ? at(last, 'next') : null;
  const prevCursor = first && (isPrev ? hasMore : cursor !== null || offset > 0) ? at(first, 'prev') : null;
  const { total, estimate } = await countHistory(db, where);
  return { rows, total, totalIsEstimate: estimate, nextCursor, prevCursor };
}

/**
 * Exact count up to 10,000 (a bounded scan that stops at 10,001), beyond that the planner's
 * estimate — never below 10,001, so the UI's "about" total stays consistent with the bound.
 */
export async function countHistory(db: DbOrTx, where: SQL): Promise<{ total: number; estimate: boolean }> {
  const cap = LIMITS.exactTotalCap;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(messageHistory).where(where).limit(cap + 1).as('capped'));
  const n = row?.n ?? 0;
  if (n <= cap) return { total: n, estimate: false };
  const plan = await db.execute(sql`explain (format json) select 1 from ${messageHistory} where ${where}`);
  return { total: Math.max(cap + 1, planRows(plan)), estimate: true };
}

function planRows(result: unknown): number {
  // node-postgres answers { rows }, PGlite an array-like of rows; both carry "QUERY PLAN".
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? []; // driver result shapes differ
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first?.['QUERY PLAN'];
  const plan = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  const top = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}

/** Keyset batches for the CSV export: the whole filtered history without OFFSET. */
export async function* iterateHistory(db: DbOrTx, scope: TenantScope, module: MessageModule, f: HistoryFilters, desc: boolean, batch = 1000): AsyncGenerator<HistoryRow[]> {
  const where = historyWhere(scope, module, f);
  let cursor: HistoryCursor | null = null;
  for (;;) {
    const rows: HistoryRow[] = await db
      .select(columns)
      .from(messageHistory)
      .where(cursor ? and(where, seek(cursor, desc)) : where)
      .orderBy(...orderBy(desc))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    cursor = { at: last.at, seq: last.seq, dir: 'next' };
  }
}
