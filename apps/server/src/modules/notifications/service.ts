import type { Tx } from '../../db/client';
import { insertNotification } from './repo';
import { emitEvent } from '../../platform/events';

export interface NotificationInput {
  merchantId: string;
  tenantId: string | null;
  userId: string;
  type: string;
  referenceId?: string | null;
  referenceType?: string | null;
  name: string;
  description?: string | null;
  createdBy?: string | null;
}

/**
 * The one writer of in-app notifications (ARCHITECTURE rule 8): other modules' facts reach it
 * through event handlers (events/handlers.ts). Announces `notification.created` so the user's open
 * consoles update their header at once.
 */
export async function createNotification(tx: Tx, input: NotificationInput): Promise<string> {
  const id = await insertNotification(tx, {
    merchantId: input.merchantId,
    tenantId: input.tenantId,
    userId: input.userId,
    action: 'CREATED',
    type: input.type,
    referenceId: input.referenceId ?? null,
    referenceType: input.referenceType ?? null,
    name: input.name,
    description: input.description ?? null,
    createdBy: input.createdBy ?? null,
  });
  await emitEvent(tx, { type: 'notification.created', merchantId: input.merchantId, tenantId: input.tenantId, data: { notificationId: id, userId: input.userId } });
  return id;
}
