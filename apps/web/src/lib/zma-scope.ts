import { createContext, useContext } from 'react';
import { matchPath } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ZmaPermission } from '@zc/shared/permissions';
import type { MiniApp, ZmaMe } from '@zc/shared/api/zma-apps';
import { satisfies, type Requirement } from './access';
import { apiGet, type DataResponse } from './api-client';
import { PAGES, type PageDef, type PageKey } from './paths';
import { readSession, writeSession } from './session';

/**
 * One mini app's scope in the console (issue 14, §6, §7): the app the `/tenant/mini-app/:id` pages
 * act on (sent as x-zma-id from the session's `zmaId`), and the caller's §6 union for THAT app
 * (tenant role ∪ merchant role ∪ the user's mini-app role), answered by `GET zma/merchant/me`.
 * The shell's sidebar and the mini-app layout read the same query; pages read the union through
 * `useZmaPermissions()` to show their buttons.
 */

/** The mini app as `GET zma/merchant/me` and the list answer it (never the secret). */
export type ZmaAppSummary = MiniApp;

/** The mini-app id of a `/tenant/mini-app/:id/...` address, or null elsewhere. */
export function zmaAppIdOf(pathname: string): string | null {
  const match = matchPath({ path: PAGES.zmaApp.path, end: false }, pathname);
  const id = match?.params.id;
  return id ? decodeURIComponent(id) : null;
}

/** Query key of one app's `me` (the role state §4 clears on switching). */
export const zmaMeKey = (zmaAppId: string) => ['zma-me', zmaAppId] as const;

/** Every query of the mini-app pages starts with one of these: §4 switching drops them all. */
export function isZmaQueryKey(key: readonly unknown[]): boolean {
  const head = key[0];
  return typeof head === 'string' && (head.startsWith('zma') || head.startsWith('mini-app'));
}

/** Makes `zmaAppId` the app that calls act on (x-zma-id); no-op when it already is. */
export function selectZmaApp(zmaAppId: string | null): void {
  if (readSession('zmaId') !== zmaAppId) writeSession({ zmaId: zmaAppId });
}

/** GET zma/merchant/me for one app: the app is selected first, so the call carries its x-zma-id. */
export async function getZmaMe(zmaAppId: string, signal?: AbortSignal): Promise<ZmaMe> {
  selectZmaApp(zmaAppId);
  return (await apiGet<DataResponse<ZmaMe>>('zma/merchant/me', undefined, { signal })).data;
}

export function useZmaMe(zmaAppId: string | null) {
  return useQuery({
    queryKey: zmaMeKey(zmaAppId ?? ''),
    queryFn: ({ signal }) => getZmaMe(zmaAppId ?? '', signal),
    enabled: Boolean(zmaAppId),
    // A 404 (another tenant's app) or 403 is an answer, not a hiccup.
    retry: false,
    staleTime: 30_000,
  });
}

/** The mini-app pages (router children of the mini-app layout). */
export type ZmaPageKey = Extract<
  PageKey,
  | 'zmaApp' | 'zmaBranches' | 'zmaBranch' | 'zmaGifts' | 'zmaVouchers' | 'zmaRules' | 'zmaAffiliate' | 'zmaSettings'
  | 'zmaAppHistory' | 'zmaDraws' | 'zmaDrawCreate' | 'zmaDraw' | 'zmaDrawUpdate' | 'zmaUsers' | 'zmaRole' | 'zmaCustomers'
>;

type ZmaRequirement = ZmaPermission | readonly ZmaPermission[];

/**
 * What opening each mini-app page takes, in the §6 union of that app (any of a list): the
 * permission of the page's primary call on the server. The layout refuses a page without it
 * (inside the shell); the mini-app menu offers only pages that pass it.
 */
export const ZMA_PAGE_PERMISSION: Readonly<Record<ZmaPageKey, ZmaRequirement>> = {
  zmaApp: 'VIEW_ZMA_DASHBOARD',
  zmaBranches: 'VIEW_ZMA_BRANCH',
  zmaBranch: 'VIEW_ZMA_BRANCH',
  zmaGifts: 'VIEW_ZMA_GIFT',
  zmaVouchers: 'VIEW_ZMA_GIFT',
  zmaRules: 'VIEW_ZMA_GAME',
  zmaAffiliate: 'VIEW_ZMA_GAME',
  zmaDraws: 'VIEW_ZMA_GAME',
  zmaDrawCreate: 'CREATE_ZMA_GAME',
  zmaDraw: 'VIEW_ZMA_GAME',
  zmaDrawUpdate: 'UPDATE_ZMA_GAME',
  zmaSettings: 'VIEW_ZMA_SETING',
  zmaAppHistory: 'VIEW_ZMA_USER_HISTORY',
  // The users page lists roles (VIEW_ZMA_ROLE) and members (VIEW_ZMA_USER): either opens it.
  zmaUsers: ['VIEW_ZMA_USER', 'VIEW_ZMA_ROLE'],
  zmaRole: 'VIEW_ZMA_ROLE',
  zmaCustomers: 'VIEW_ZMA_USER',
};

/** The mini-app page a route declares (its PageDef), or null for any other page. */
export function zmaPageKeyOf(page: PageDef | null): ZmaPageKey | null {
  if (!page) return null;
  for (const key of Object.keys(ZMA_PAGE_PERMISSION) as ZmaPageKey[]) if (PAGES[key] === page || PAGES[key].path === page.path) return key;
  return null;
}

/** Whether the union opens a mini-app page; pages outside the map are not the layout's to refuse. */
export function canOpenZmaPage(page: PageDef | null, held: ReadonlySet<string>): boolean {
  const key = zmaPageKeyOf(page);
  return key === null || satisfies(held, ZMA_PAGE_PERMISSION[key]);
}

/** What the mini-app layout provides to its pages. */
export interface ZmaScope {
  zmaAppId: string;
  miniApp: ZmaAppSummary;
  permissions: ReadonlySet<string>;
}

export const ZmaScopeContext = createContext<ZmaScope | null>(null);

/** The current mini app (inside the mini-app layout only). */
export function useZmaScope(): ZmaScope {
  const scope = useContext(ZmaScopeContext);
  if (!scope) throw new Error('useZmaScope used outside the mini-app layout');
  return scope;
}

/** The §6 union of the current mini app, with `can` for buttons (nothing held outside the layout). */
export function useZmaPermissions() {
  const scope = useContext(ZmaScopeContext);
  const held = scope?.permissions ?? new Set<string>();
  return {
    permissions: held,
    isLoaded: scope !== null,
    can: (requirement: Requirement) => satisfies(held, requirement),
  };
}

/** Query key of the tenant's mini apps (the home page's cards and the switcher). */
export const zmaAppsKey = (tenantId: string) => ['zma-apps', tenantId] as const;

/** GET zma/merchant/mini-app: the mini apps of the tenant the caller may open. */
export async function getZmaApps(tenantId: string, signal?: AbortSignal): Promise<ZmaAppSummary[]> {
  return (await apiGet<DataResponse<ZmaAppSummary[]>>('zma/merchant/mini-app', undefined, { tenantId, signal })).data;
}

export function useZmaApps(tenantId: string | null) {
  return useQuery({ queryKey: zmaAppsKey(tenantId ?? ''), queryFn: ({ signal }) => getZmaApps(tenantId ?? '', signal), enabled: Boolean(tenantId) });
}
