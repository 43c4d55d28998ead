import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';

/** The latest outbox mails, newest first (the dev outbox route). */
export async function findLatestMails(db: DbOrTx, limit: number) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null }));
}
