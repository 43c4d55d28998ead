import type { Permission } from '@zc/shared/permissions';
import type { PageDef, TenantService } from './paths';

/** A permission requirement: one permission, or any of several. */
export type Requirement = Permission | readonly Permission[];

/** True when `held` satisfies the requirement (any of a list). */
export function satisfies(held: ReadonlySet<string>, requirement: Requirement | undefined): boolean {
  if (requirement === undefined) return true;
  if (typeof requirement === 'string') return held.has(requirement);
  return requirement.some((p) => held.has(p));
}

/** Why a page may not be opened: a missing permission, or a tenant service that is off. */
export type PageVerdict = { ok: true } | { ok: false; reason: 'permission' } | { ok: false; reason: 'service'; services: readonly TenantService[] };

/**
 * Whether the caller may open a page: its service (on tenant pages) and its permission. The router
 * refuses pages with this before their calls run; the menus offer only pages that pass it.
 */
export function checkPage(page: PageDef, held: ReadonlySet<string>, tenant: Readonly<Record<TenantService, boolean>> | null): PageVerdict {
  if (page.services && tenant && !page.services.some((s) => tenant[s])) return { ok: false, reason: 'service', services: page.services };
  if (!satisfies(held, page.requirement)) return { ok: false, reason: 'permission' };
  return { ok: true };
}

/** Short form of checkPage for menus and links. */
export function canOpen(page: PageDef, held: ReadonlySet<string>, tenant: Readonly<Record<TenantService, boolean>> | null): boolean {
  return checkPage(page, held, tenant).ok;
}
