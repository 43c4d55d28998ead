import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '@zc/shared/limits';
import type { ListResponse } from './api-client';

/** Where the list stands: a page number, and for keyset lists past the offset limit the cursor of that page. */
export interface PagePosition {
  page: number;
  cursor?: string;
}

/** What `fetch` receives: the filters, the page and size, and the cursor when the position has one. */
export type PagedQuery<F> = F & { page: number; size: number; cursor?: string };

export interface PagedListOptions<F, R extends ListResponse<unknown>> {
  /** The query key's prefix (what mutations invalidate); the filters, page, size and cursor are appended. */
  key: QueryKey;
  /** Filters of the list; when they change, the list goes back to page 1. */
  filters: F;
  fetch: (query: PagedQuery<F>, signal: AbortSignal) => Promise<R>;
  /** False while something the list needs is missing (no tenant selected yet). */
  enabled?: boolean;
  initialSize?: number;
}

/** The key's parts after the prefix, in order (live updates read a cached page's position back from it). */
export function pagedListKey<F>(key: QueryKey, filters: F, position: PagePosition, size: number): QueryKey {
  return [...key, filters, position.page, size, position.cursor ?? null];
}

/** The hook's state: where the list stands, its page size, and the filters (JSON) that position belongs to. */
export interface PagedListState {
  position: PagePosition;
  size: number;
  filters: string;
}

/** The state a list starts in: page 1 of these filters. */
export function initialPagedState(filterKey: string, size: number): PagedListState {
  return { position: { page: 1 }, size, filters: filterKey };
}

/** The state for the filters of this render: unchanged for the same filters, page 1 (size kept) for others. */
export function withFilters(state: PagedListState, filterKey: string): PagedListState {
  return state.filters === filterKey ? state : { position: { page: 1 }, size: state.size, filters: filterKey };
}

/** Another page (a cursor for keyset pages) at the same size, or another size: back to page 1. */
export function moveTo(state: PagedListState, page: number, size = state.size, cursor?: string): PagedListState {
  if (size !== state.size) return { position: { page: 1 }, size, filters: state.filters };
  return { position: cursor === undefined ? { page } : { page, cursor }, size, filters: state.filters };
}

/** The query options of one page (the hook's; exported so the behaviour can be tested without a DOM). */
export function pagedListQueryOptions<F, R extends ListResponse<unknown>>(options: Pick<PagedListOptions<F, R>, 'key' | 'filters' | 'fetch' | 'enabled'>, state: PagedListState) {
  const { key, filters, fetch, enabled = true } = options;
  const { page, cursor } = state.position;
  const { size } = state;
  return {
    queryKey: pagedListKey(key, filters, state.position, size),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetch({ ...filters, page, size, ...(cursor === undefined ? {} : { cursor }) }, signal),
    enabled,
    // The previous page stays on screen while the next one loads (no empty table, no jump).
    placeholderData: keepPreviousData,
  };
}

/**
 * The one paged-list hook of the console: page and size state, back to page 1 when the filters or
 * the size change, the previous page kept on screen while the next loads, and the `paging` props of
 * components/data-table. Filters are compared by value (JSON), so a filter object built in render is fine.
 * Keyset lists (the message history past its offset limit) move with `setPage(page, cursor)`.
 */
export function usePagedList<F, R extends ListResponse<unknown>>(options: PagedListOptions<F, R>) {
  const filterKey = JSON.stringify(options.filters);
  const [stored, setState] = useState(() => initialPagedState(filterKey, options.initialSize ?? LIMITS.defaultPageSize));
  const state = withFilters(stored, filterKey);
  // Other filters are another list: its first page (adjusting state during render, not in an effect).
  if (state !== stored) setState(state);
  const query = useQuery(pagedListQueryOptions(options, state));
  const { size } = state;
  const { page, cursor } = state.position;
  const total = query.data?.meta.total ?? 0;
  const empty: R['data'] = [];
  const rows: R['data'] = query.data?.data ?? empty;
  return {
    query,
    rows,
    total,
    page,
    cursor,
    size,
    /** Another page of the same list; a cursor for keyset pages (without one, the page is an offset). */
    setPage: (next: number, nextCursor?: string) => setState(moveTo(state, next, size, nextCursor)),
    /** Another page size: back to page 1. */
    setSize: (nextSize: number) => setState(moveTo(state, 1, nextSize)),
    /** Props for `<DataTable paging={…}>`: a new size starts again from page 1. */
    paging: { page, size, total, onChange: (next: number, nextSize: number) => setState(moveTo(state, next, nextSize)) },
  };
}
