import { describe, expect, it } from 'vitest';
import { categoryTabs, countText, newsScopeOf, newsTenantOf, nextSlide, sourceText } from './newsModel';

describe('news page model', () => {
  it('takes the tenant from the query first, else the signed-in tenant; a bad tenantId is nothing', () => {
    expect(newsTenantOf('?tenantId=1001', 7)).toEqual({ tenantId: 1001, fromQuery: true });
    expect(newsTenantOf('', 7)).toEqual({ tenantId: 7, fromQuery: false });
    expect(newsTenantOf('', undefined)).toBeNull();
    expect(newsTenantOf('?tenantId=abc', 7)).toBeNull();
    expect(newsTenantOf('?tenantId=%20', undefined)).toBeNull();
  });

  it('uses the signed-in calls only for one’s own tenant', () => {
    expect(newsScopeOf(7, false, true, 7)).toEqual({ tenantId: 7, signedIn: true });
    expect(newsScopeOf(7, true, true, 7)).toEqual({ tenantId: 7, signedIn: true });
    expect(newsScopeOf(9, true, true, 7)).toEqual({ tenantId: 9, signedIn: false });
    expect(newsScopeOf(9, true, false, undefined)).toEqual({ tenantId: 9, signedIn: false });
  });

  it('makes tabs of top-level categories (an orphan counts as top level), in English when named', () => {
    const c = (categoryId: number, parentId: number | null, en: string | null = null) => ({
      categoryId,
      parentId,
      categoryName: `分类${categoryId}`,
      categoryEnName: en,
      sortOrder: 0,
    });
    const cats = [c(1, null, 'Growing'), c(2, 1), c(3, null), c(4, 99)];
    expect(categoryTabs(cats, true).map((t) => t.label)).toEqual(['Growing', '分类3', '分类4']);
    expect(categoryTabs(cats, false).map((t) => t.key)).toEqual(['1', '3', '4']);
  });

  it("shows '--' for no source, groups counts, and wraps the carousel", () => {
    expect([sourceText(null), sourceText('  '), sourceText('农技站')]).toEqual(['--', '--', '农技站']);
    expect(countText(12345, 'en-US')).toBe('12,345');
    expect([nextSlide(2, 3), nextSlide(0, 3, -1), nextSlide(0, 0)]).toEqual([0, 2, 0]);
  });
});
