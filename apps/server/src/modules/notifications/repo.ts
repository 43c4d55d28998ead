import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export type NotificationValues = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt'>;

/** Inserts one notification; answers its id. */
export async function insertNotification(tx: Tx, values: NotificationValues): Promise<string> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert failed');
  return row.id;
}
