import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../test/renderWithCodes';
import { emptyKind, PagedTable, type PagedTableEmpty, withoutScope } from './PagedTable';
import type { PagedListState } from './usePagedList';

// Issue 12 item 7: the aerator page filtered to the header's base while the demo's aerators sit at another
// base, and said only "no data". An empty list narrowed by its starting base now says so and offers all bases.

const empty: PagedTableEmpty = {
  title: 'No data',
  ignoreFilters: ['areaId'],
  scope: { filter: 'areaId', title: 'No aerators at Base A', widenText: 'Show all bases' },
};

const listOf = (filters: PagedListState<{ id: number }>['filters']): PagedListState<{ id: number }> => ({
  rows: [],
  total: 0,
  page: 0,
  size: 10,
  loading: false,
  filters,
  search: () => undefined,
  setPage: () => undefined,
  refresh: async () => undefined,
});

describe('the empty list', () => {
  it('tells a scope with nothing from a search with nothing and from no data at all', () => {
    expect(emptyKind({ areaId: 3 }, empty)).toBe('scoped');
    expect(emptyKind({ areaId: 3, name: 'pump' }, empty)).toBe('noSearchResult');
    expect(emptyKind({}, empty)).toBe('noData');
    expect(emptyKind({ areaId: undefined }, empty)).toBe('noData');
    // Without a scope the starting base is ignored, as before.
    expect(emptyKind({ areaId: 3 }, { title: 'No data', ignoreFilters: ['areaId'] })).toBe('noData');
    expect(withoutScope({ areaId: 3, online: 1 }, 'areaId')).toEqual({ online: 1 });
  });

  it('offers all bases when the header base has none, never a bare empty list', () => {
    const html = textOf(
      renderWithCodes(<PagedTable list={listOf({ areaId: 3 })} rowKey="id" columns={[]} empty={empty} />, {
        codes: [],
      }),
    );
    expect(html).toContain('No aerators at Base A');
    expect(html).toContain('Show all bases');
    const all = textOf(
      renderWithCodes(<PagedTable list={listOf({})} rowKey="id" columns={[]} empty={empty} />, { codes: [] }),
    );
    expect(all).toContain('No data');
    expect(all).not.toContain('Show all bases');
  });
});
