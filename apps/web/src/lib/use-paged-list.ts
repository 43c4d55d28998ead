import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '@zc/shared/limits';
import type { ListResponse } from './api-client';

export interface PagedListOptions<F, T> {
  /** The query key's prefix (what mutations invalidate); the filters, page and size are appended. */
  key: QueryKey;
  /** Filters of the list; when they change, the list goes back to page 1. */
  filters: F;
  fetch: (query: F & { page: number; size: number }, signal: AbortSignal) => Promise<ListResponse<T>>;
  /** False while something the list needs is missing (no tenant selected yet). */
  enabled?: boolean;
  initialSize?: number;
}

/**
 * The one paged-list hook of the console: page and size state, back to page 1 when the filters or
 * the size change, the previous page kept on screen while the next loads, and the `paging` props of
 * components/data-table. Filters are compared by value (JSON), so a filter object built in render is fine.
 */
export function usePagedList<F, T>({ key, filters, fetch, enabled = true, initialSize = LIMITS.defaultPageSize }: PagedListOptions<F, T>) {
  const [position, setPosition] = useState({ page: 1, size: initialSize, filters: JSON.stringify(filters) });
  const filterKey = JSON.stringify(filters);
  let { page } = position;
  if (position.filters !== filterKey) {
    // Other filters are another list: its first page (adjusting state during render, not in an effect).
    page = 1;
    setPosition({ page: 1, size: position.size, filters: filterKey });
  }
  const { size } = position;
  const query = useQuery({
    queryKey: [...key, filters, page, size],
    queryFn: ({ signal }) => fetch({ ...filters, page, size }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.total ?? 0;
  return {
    query,
    rows: query.data?.data ?? [],
    total,
    page,
    size,
    setPage: (next: number) => setPosition({ page: next, size, filters: filterKey }),
    /** Props for `<DataTable paging={…}>`: a new size starts again from page 1. */
    paging: {
      page,
      size,
      total,
      onChange: (next: number, nextSize: number) => setPosition({ page: nextSize === size ? next : 1, size: nextSize, filters: filterKey }),
    },
  };
}
