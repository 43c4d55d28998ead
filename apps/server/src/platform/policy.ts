import type { MerchantRole, Permission } from '@zc/shared/permissions';
import type { RequestCtx } from './context';

/**
 * Who is acting, as a policy sees it: the user, the organisation role and the effective permissions
 * the access hook resolved for this request (tenant or organisation context).
 */
export interface Actor {
  userId: string;
  merchantRole: MerchantRole | null;
  permissions: ReadonlySet<Permission>;
}

export function actorOf(ctx: RequestCtx): Actor {
  if (!ctx.user) throw new Error('a policy needs a signed-in actor');
  return { userId: ctx.user.id, merchantRole: ctx.merchantRole, permissions: ctx.permissions };
}

/** True when the actor holds any of the permissions. */
export function can(actor: Actor, ...permissions: Permission[]): boolean {
  return permissions.some((p) => actor.permissions.has(p));
}

/**
 * What the caller may do with one row, e.g. `{ update: true, delete: false }`. A module's policy.ts
 * computes it from the actor and the row (ownership, status, permissions), its presenter puts it on
 * every row it answers, and the web shows or hides an action from it instead of recomputing the rule.
 * A route that performs the action asks the same policy function, so the button and the check agree.
 */
export type Abilities<A extends string> = Readonly<Record<A, boolean>>;
