/**
 * The organisations query (GET merchant/tenant/list-by-user, key of features/organisation's
 * getMerchantsQueryOptions): it carries each tenant's services and settings, so the menus and the
 * scope follow a change once it is refreshed. Features do not import one another, hence the key here.
 */
export const MERCHANTS_QUERY_KEY = ['merchants'] as const;
