import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloEvents } from '../../db/schema/zalo-webhooks';

/** The OAs of a Zalo app (the webhook body names the app; its OA is picked by the ids in the body). */
export async function findOasOfApp(db: DbOrTx, appId: string) {
  return db.select().from(zaloOas).where(eq(zaloOas.zappId, appId));
}

/** Stores an event once: false when the same delivery (a Zalo retry) was stored before. */
export async function insertEventOnce(db: DbOrTx, values: typeof zaloEvents.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(zaloEvents).values(values).onConflictDoNothing().returning({ id: zaloEvents.id });
  return inserted.length > 0;
}

/** Stores a batch of events in ONE statement; answers the dedupe keys stored now (the rest were stored before). */
export async function insertEventsOnce(db: DbOrTx, values: ReadonlyArray<typeof zaloEvents.$inferInsert>): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const inserted = await db.insert(zaloEvents).values([...values]).onConflictDoNothing().returning({ dedupeKey: zaloEvents.dedupeKey });
  return new Set(inserted.map((r) => r.dedupeKey));
}
