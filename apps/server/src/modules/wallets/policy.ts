import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with a wallet (§6). Viewing is the route's permission (VIEW_TENANT_BILLING_BALANCE for a
 * tenant wallet, VIEW_MERCHANT_BILLING_BALANCE for the organisation's); editing — top-up, subtraction,
 * mode, threshold and receivers (§5 wallet edit) — exists for tenant wallets only and needs the
 * organisation permission UPDATE_TENANT_BILLING_BALANCE. Money moved by sends, refunds and holds is not
 * an action of a user and has no ability.
 */
export function canUpdateWallet(actor: Actor, wallet: { tenantId: string | null }): boolean {
  return wallet.tenantId !== null && can(actor, 'UPDATE_TENANT_BILLING_BALANCE');
}

export type WalletAbilities = Abilities<'update'>;

export function walletAbilities(actor: Actor, wallet: { tenantId: string | null }): WalletAbilities {
  return { update: canUpdateWallet(actor, wallet) };
}
