import type { Permission } from '@zc/shared/permissions';

/** A permission requirement: one permission, or any of several. */
export type Requirement = Permission | readonly Permission[];

/** True when `held` satisfies the requirement (any of a list). */
export function satisfies(held: ReadonlySet<string>, requirement: Requirement | undefined): boolean {
  if (requirement === undefined) return true;
  if (typeof requirement === 'string') return held.has(requirement);
  return requirement.some((p) => held.has(p));
}
