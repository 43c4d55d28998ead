import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with a tenant webhook and its deliveries (§6 VIEW_WEBHOOK / CRUD_WEBHOOK). Editing,
 * deleting and rotating the secret need CRUD_WEBHOOK; a test-fire also needs the endpoint enabled
 * (a disabled endpoint's deliveries fail without being sent); a delivery is replayed once it has
 * finished (SUCCEEDED or FAILED), never while it is still pending.
 */
export function canManageWebhook(actor: Actor): boolean {
  return can(actor, 'CRUD_WEBHOOK');
}

export function canTestWebhook(actor: Actor, hook: { isActive: boolean }): boolean {
  return canManageWebhook(actor) && hook.isActive;
}

export function isReplayable(delivery: { status: string }): boolean {
  return delivery.status === 'FAILED' || delivery.status === 'SUCCEEDED';
}

export function canReplayDelivery(actor: Actor, delivery: { status: string }): boolean {
  return canManageWebhook(actor) && isReplayable(delivery);
}

export type WebhookAbilities = Abilities<'update' | 'delete' | 'test' | 'rotateSecret'>;
export type DeliveryAbilities = Abilities<'replay'>;

export function webhookAbilities(actor: Actor, hook: { isActive: boolean }): WebhookAbilities {
  const manage = canManageWebhook(actor);
  return { update: manage, delete: manage, test: canTestWebhook(actor, hook), rotateSecret: manage };
}

export function deliveryAbilities(actor: Actor, delivery: { status: string }): DeliveryAbilities {
  return { replay: canReplayDelivery(actor, delivery) };
}
