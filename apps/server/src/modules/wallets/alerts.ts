import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';
import type { DomainEvent } from '../../platform/events';
import { queueMail } from '../../platform/mail';
import { createNotification } from '../notifications/service';

/**
 * Handler of `wallet.threshold_crossed` (registered in events/handlers.ts): a downward crossing
 * alerts the wallet's receivers in-app and by mail, with the balance and threshold of the crossing
 * itself. Receivers and the notification switch are read now, as the wallet is configured when
 * the alert goes out.
 */
export async function alertLowBalance(tx: Tx, event: DomainEvent<'wallet.threshold_crossed'>): Promise<void> {
  if (!event.data.below) return;
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, event.data.walletId));
  if (!wallet || !wallet.isNoti || wallet.receiverIds.length === 0) return;
  const receivers = await tx.select({ id: users.id, email: users.email }).from(users).where(sql`${users.id} in ${wallet.receiverIds}`);
  const [tenant] = wallet.tenantId ? await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, wallet.tenantId)) : [];
  const owner = tenant?.name ?? 'organisation';
  const { balance, threshold } = event.data;
  for (const r of receivers) {
    await createNotification(tx, {
      merchantId: wallet.merchantId,
      tenantId: wallet.tenantId,
      userId: r.id,
      type: 'WALLET_LOW_BALANCE',
      referenceId: wallet.id,
      referenceType: 'WALLET',
      name: `Số dư ví thấp / Low wallet balance: ${owner}`,
      description: `Balance ${balance} VND is below the threshold ${threshold} VND`,
    });
    await queueMail(tx, {
      to: r.email,
      subject: `Số dư ví thấp / Low wallet balance: ${owner}`,
      text: `Số dư ví của ${owner} là ${balance} VND, thấp hơn ngưỡng ${threshold} VND.\nThe wallet balance of ${owner} is ${balance} VND, below the threshold of ${threshold} VND.`,
    });
  }
}
