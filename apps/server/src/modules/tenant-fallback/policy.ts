import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with the tenant's fallback settings (ADR 0004: grouped with the webhooks). Reading and
 * previewing need VIEW_WEBHOOK (the route's access); saving needs CRUD_WEBHOOK.
 */
export function canUpdateFallback(actor: Actor): boolean {
  return can(actor, 'CRUD_WEBHOOK');
}

export type FallbackAbilities = Abilities<'update'>;

export function fallbackAbilities(actor: Actor): FallbackAbilities {
  return { update: canUpdateFallback(actor) };
}
