import type { TENANT_SERVICES } from '@zc/shared/api/organisation';
import type { ServiceBlocker, ServiceBlockerKind } from '@zc/shared/api/settings';
import { ApiError } from '../../../lib/api-client';
import { PAGES, tenantDetailPageHref, tenantHref, type PageDef } from '../../../lib/paths';

export type TenantService = (typeof TENANT_SERVICES)[number];

/** The settings tab's order: OA, ZNS, mini app, multi-team. */
export const SERVICE_ORDER: readonly TenantService[] = ['oaService', 'znsService', 'isMiniAppEnabled', 'isMultiTeam'];

/**
 * What each service adds to the tenant menu (§2.2), as the `menu.*` keys of the settings namespace:
 * switched off, these items leave the menu and calls into the service answer 'module not enabled'.
 */
export const SERVICE_MENU_ITEMS: Readonly<Record<TenantService, readonly string[]>> = {
  oaService: ['oaAnalytics', 'oaContent', 'oaBroadcast', 'oaChat', 'oaCustomers', 'oaUid', 'oaHistory'],
  znsService: ['znsCampaign', 'znsTemplateLibrary', 'znsTemplateManagement', 'znsPlayground', 'znsHistory'],
  isMiniAppEnabled: ['miniApps'],
  isMultiTeam: ['teams'],
};

/** The blockers of a 409 SERVICE_IN_USE answer, or null when the error is something else. */
export function serviceBlockersOf(error: unknown): ServiceBlocker[] | null {
  if (!(error instanceof ApiError) || error.code !== 'SERVICE_IN_USE') return null;
  const items = error.body?.error.details?.items;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (x): x is ServiceBlocker =>
      typeof x === 'object' && x !== null && typeof (x as ServiceBlocker).id === 'string' && typeof (x as ServiceBlocker).kind === 'string' && typeof (x as ServiceBlocker).name === 'string',
  );
}

/** Blockers grouped by kind, kinds in a stable order (those of the first service first). */
export function groupBlockers(items: readonly ServiceBlocker[]): Array<{ kind: ServiceBlockerKind; items: ServiceBlocker[] }> {
  const groups = new Map<ServiceBlockerKind, ServiceBlocker[]>();
  for (const b of items) groups.set(b.kind, [...(groups.get(b.kind) ?? []), b]);
  return [...groups.entries()].map(([kind, list]) => ({ kind, items: list }));
}

/** Where a blocker is finished or cancelled: its page (and the page's access definition), or null when it has none here. */
export function blockerLink(b: ServiceBlocker, tenantId: string): { href: string; page: PageDef } | null {
  switch (b.kind) {
    case 'ZNS_CAMPAIGN':
      return { href: tenantDetailPageHref(PAGES.znsCampaign, b.id, tenantId), page: PAGES.znsCampaign };
    case 'ZNS_TEMPLATE':
      return { href: tenantHref(PAGES.znsTemplateManagement, tenantId), page: PAGES.znsTemplateManagement };
    case 'OA_BROADCAST':
      return { href: tenantDetailPageHref(PAGES.oaBroadcast, b.id, tenantId), page: PAGES.oaBroadcast };
    case 'OA_CONTENT':
      return { href: tenantHref(PAGES.oaContent, tenantId), page: PAGES.oaContent };
    case 'ZMA_CODE_BATCH':
      return null;
  }
}

/** The time zones to offer: the platform's list, with the current one first when the platform lacks it. */
export function timeZoneOptions(current: string, supported: readonly string[]): string[] {
  return supported.includes(current) ? [...supported] : [current, ...supported];
}

/** UTC offset of a zone at `at`, as "UTC+07:00" (for the time-zone picker's labels). */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const offset = part.replace('GMT', '');
    return `UTC${offset === '' ? '+00:00' : offset}`;
  } catch {
    return 'UTC';
  }
}
