import { can, type Actor } from '../../platform/policy';

/**
 * Report schedules belong to the tenant, not to their author: whoever may read the tenant's reports
 * (VIEW_REPORT) may change or remove them (the route already requires it; the abilities say so to the web).
 */
export function canManageSchedules(actor: Actor): boolean {
  return can(actor, 'VIEW_REPORT');
}

export function scheduleAbilities(actor: Actor): { update: boolean; delete: boolean } {
  const ok = canManageSchedules(actor);
  return { update: ok, delete: ok };
}
