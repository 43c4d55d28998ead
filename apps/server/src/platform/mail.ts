import { eq, isNull, and, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Writes a mail into the outbox inside the caller's transaction (delivered after commit). */
export async function queueMail(tx: DbOrTx, message: MailMessage): Promise<string> {
  const [row] = await tx.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise null and mails stay readable in the outbox table. */
export function createSmtpTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

/** Delivers pending outbox mails; idempotent per row (marks sentAt), bounded attempts. */
export async function deliverPendingMail(db: DbOrTx, transport: MailTransport, from: string, limit = 50): Promise<number> {
  const pending = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, 10)))
    .orderBy(mailOutbox.createdAt)
    .limit(limit);
  let sent = 0;
  for (const mail of pending) {
    try {
      await transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(mailOutbox).set({ sentAt: new Date(), attempts: mail.attempts + 1 }).where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ attempts: mail.attempts + 1, lastError: err instanceof Error ? err.message.slice(0, 500) : 'send failed' })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return sent;
}
