import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, wallets } from '../../db/schema/wallets';

/**
 * Test support (not production code): messages to charge, and moving the entries a ledger call just wrote to
 * a chosen instant — the ledger stamps entries with now(), statements cut months by that stamp.
 */

/** A message_history row of the tenant with its price and list price (the discount is the difference). */
export async function insertMessage(
  database: Database,
  input: { tenantId: string; module?: 'ZNS' | 'OA'; templateId?: string | null; templateName?: string | null; price: number; listPrice?: number | null },
): Promise<string> {
  const id = randomUUID();
  await database.db.insert(messageHistory).values({
    id,
    tenantId: input.tenantId,
    module: input.module ?? 'ZNS',
    zaloOaId: randomUUID(),
    znsTemplateId: input.module === 'OA' ? null : (input.templateId ?? null),
    templateName: input.module === 'OA' ? null : (input.templateName ?? null),
    phone: '84900000000',
    type: input.module === 'OA' ? 'CS' : 'TRANSACTION',
    status: 'PUSHED_ZALO',
    isCharged: true,
    price: input.price,
    listPrice: input.listPrice === undefined ? input.price : input.listPrice,
  } as typeof messageHistory.$inferInsert);
  return id;
}

/** Entries written within the last hour (by the call just made) are moved to `at`. */
export async function stampRecent(database: Database, walletId: string, at: Date): Promise<number> {
  const rows = await database.db
    .update(walletEntries)
    .set({ createdAt: at })
    .where(and(eq(walletEntries.walletId, walletId), gt(walletEntries.createdAt, sql`now() - interval '1 hour'`)))
    .returning({ id: walletEntries.id });
  return rows.length;
}

export async function setWalletMode(database: Database, walletId: string, mode: 'PREPAID' | 'POSTPAID'): Promise<void> {
  await database.db.update(wallets).set({ mode }).where(eq(wallets.id, walletId));
}

/** The first instant of the month `offset` months from now's month, in a zone, as YYYY-MM and Date helpers. */
export function monthsAgo(n: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A local wall-clock time in a zone with a fixed offset (minutes east of UTC), as an instant. */
export function localTime(period: string, day: number, hh: number, mm: number, offsetMinutes: number, ss = 0): Date {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, day, hh, mm, ss) - offsetMinutes * 60_000);
}

export function lastDay(period: string): number {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
