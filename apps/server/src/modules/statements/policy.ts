import type { StatementStatus } from '@zc/shared/api/statements';
import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with a statement (§6). Reading is the route's permission: VIEW_MERCHANT_BILLING_BALANCE
 * for the organisation's statements (its own and every tenant's), VIEW_TENANT_BILLING_BALANCE for a
 * tenant's own. Generating, issuing and recording a payment need UPDATE_TENANT_BILLING_BALANCE; a statement
 * is issued once (GENERATED → ISSUED) and paid once (ISSUED → PAID); ISSUED and PAID ones are never
 * regenerated.
 */
export function canManageStatements(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT_BILLING_BALANCE');
}

export function canIssue(actor: Actor, s: { status: StatementStatus }): boolean {
  return s.status === 'GENERATED' && canManageStatements(actor);
}

export function canPay(actor: Actor, s: { status: StatementStatus }): boolean {
  return s.status === 'ISSUED' && canManageStatements(actor);
}

export type StatementAbilities = Abilities<'issue' | 'pay'>;

export function statementAbilities(actor: Actor, s: { status: StatementStatus }): StatementAbilities {
  return { issue: canIssue(actor, s), pay: canPay(actor, s) };
}
