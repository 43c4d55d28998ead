import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchants, tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';
import type { DomainEvent } from '../../platform/events';
import { notify } from '../notifications/service';

/**
 * Handler of `wallet.threshold_crossed` (registered in events/handlers.ts): a downward crossing
 * alerts the wallet's receivers in-app and/or by mail (as each receiver chose for WALLET_LOW_BALANCE),
 * with the balance and threshold of the crossing itself. Receivers and the notification switch are
 * read now, as the wallet is configured when the alert goes out.
 */
export async function alertLowBalance(tx: Tx, event: DomainEvent<'wallet.threshold_crossed'>): Promise<void> {
  if (!event.data.below) return;
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, event.data.walletId));
  if (!wallet || !wallet.isNoti || wallet.receiverIds.length === 0) return;
  const receivers = await tx.select({ id: users.id }).from(users).where(sql`${users.id} in ${wallet.receiverIds}`);
  const [owner] = wallet.tenantId
    ? await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, wallet.tenantId))
    : await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, wallet.merchantId));
  const name = owner?.name ?? wallet.merchantId;
  const { balance, threshold } = event.data;
  for (const r of receivers) {
    await notify(tx, {
      kind: 'WALLET_LOW_BALANCE',
      merchantId: wallet.merchantId,
      tenantId: wallet.tenantId,
      userId: r.id,
      referenceId: wallet.id,
      referenceType: 'WALLET',
      name,
      description: `Balance ${balance} VND is below the threshold ${threshold} VND`,
      mail: {
        subject: `Số dư ví thấp / Low wallet balance: ${name}`,
        text: `Số dư ví của ${name} là ${balance} VND, thấp hơn ngưỡng ${threshold} VND.\nThe wallet balance of ${name} is ${balance} VND, below the threshold of ${threshold} VND.`,
      },
    });
  }
}
