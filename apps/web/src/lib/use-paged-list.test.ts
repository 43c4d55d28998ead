import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ListResponse } from './api-client';
import { initialPagedState, moveTo, pagedListQueryOptions, withFilters, type PagedQuery, type PagedListState } from './use-paged-list';

type Filters = { status?: string };
type Row = { id: string };

const filtersKey = (f: Filters) => JSON.stringify(f);

describe('usePagedList state', () => {
  it('goes back to page 1 when the filters change, keeping the size', () => {
    const onPage3 = moveTo(initialPagedState(filtersKey({}), 20), 3);
    expect(onPage3.position).toEqual({ page: 3 });
    const filtered = withFilters(onPage3, filtersKey({ status: 'FAILED' }));
    expect(filtered).toEqual({ position: { page: 1 }, size: 20, filters: filtersKey({ status: 'FAILED' }) });
  });

  it('keeps the page (the same state object, so no re-render) while the filters are equal by value', () => {
    const onPage3 = moveTo(initialPagedState(filtersKey({ status: 'A' }), 10), 3);
    expect(withFilters(onPage3, filtersKey({ status: 'A' }))).toBe(onPage3);
  });

  it('goes back to page 1 when the size changes, whatever page was asked for', () => {
    const onPage4 = moveTo(initialPagedState('{}', 10), 4);
    expect(moveTo(onPage4, 4, 50)).toEqual({ position: { page: 1 }, size: 50, filters: '{}' });
    expect(moveTo(onPage4, 5, 10).position).toEqual({ page: 5 });
  });

  it('moves to keyset pages with their cursor, and drops the cursor on an offset page', () => {
    const keyset = moveTo(initialPagedState('{}', 10), 102, 10, 'next');
    expect(keyset.position).toEqual({ page: 102, cursor: 'next' });
    expect(moveTo(keyset, 1).position).toEqual({ page: 1 });
    expect(withFilters(keyset, '{"status":"x"}').position).toEqual({ page: 1 });
  });
});

describe('usePagedList query', () => {
  /** A fetcher whose answers the test releases one by one; it records what each call asked for. */
  function controlledFetch() {
    const calls: Array<PagedQuery<Filters>> = [];
    const pending: Array<(page: ListResponse<Row>) => void> = [];
    const fetch = (query: PagedQuery<Filters>) => {
      calls.push(query);
      return new Promise<ListResponse<Row>>((resolve) => pending.push(resolve));
    };
    const answer = (page: number) => pending.shift()?.({ data: [{ id: `row-of-page-${page}` }], meta: { total: 100 } });
    return { calls, fetch, answer };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks for the filters, page, size and cursor of the state, and keys each page apart', () => {
    const { fetch } = controlledFetch();
    const state: PagedListState = { position: { page: 102, cursor: 'c' }, size: 20, filters: '{"status":"A"}' };
    const options = pagedListQueryOptions({ key: ['things', 't1'], filters: { status: 'A' }, fetch }, state);
    expect(options.queryKey).toEqual(['things', 't1', { status: 'A' }, 102, 20, 'c']);
    const offset = pagedListQueryOptions({ key: ['things', 't1'], filters: { status: 'A' }, fetch }, { ...state, position: { page: 102 } });
    expect(offset.queryKey).not.toEqual(options.queryKey);
  });

  it('keeps the previous page on screen while the next loads, then shows the next', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { calls, fetch, answer } = controlledFetch();
    const opts = (state: PagedListState) => pagedListQueryOptions({ key: ['things'], filters: {}, fetch }, state);
    const first = initialPagedState('{}', 10);
    const observer = new QueryObserver(client, opts(first));
    const unsubscribe = observer.subscribe(() => undefined);
    answer(1);
    await settle();
    expect(observer.getCurrentResult().data?.data).toEqual([{ id: 'row-of-page-1' }]);

    observer.setOptions(opts(moveTo(first, 2)));
    await settle();
    expect(calls.at(-1)).toEqual({ page: 2, size: 10 });
    const loading = observer.getCurrentResult();
    expect(loading.isPlaceholderData).toBe(true);
    expect(loading.data?.data).toEqual([{ id: 'row-of-page-1' }]);

    answer(2);
    await settle();
    const loaded = observer.getCurrentResult();
    expect(loaded.isPlaceholderData).toBe(false);
    expect(loaded.data?.data).toEqual([{ id: 'row-of-page-2' }]);
    unsubscribe();
    client.clear();
  });

  it('does not fetch while disabled (nothing to list yet)', async () => {
    const client = new QueryClient();
    const { calls, fetch } = controlledFetch();
    const observer = new QueryObserver(client, pagedListQueryOptions({ key: ['things'], filters: {}, fetch, enabled: false }, initialPagedState('{}', 10)));
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    expect(calls).toHaveLength(0);
    unsubscribe();
    client.clear();
  });
});
