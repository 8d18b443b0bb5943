import type { Category } from '@tilth/contracts/article.types';
import { describe, expect, it } from 'vitest';
import { diffCounts, fieldChanges, htmlToText, textDiff } from './articleDiff';
import { categoryLabel, categoryTree, moved, rowActions, shownTime, siblingIds } from './articleModel';

// The article pages' rules: actions per status, the category tree, sibling moves and the revision diff.

const cat = (
  id: number,
  parentId: number | null,
  sortOrder: number,
  extra: Partial<Category> = {},
): Category => ({
  id,
  parentId,
  categoryName: `分类${id}`,
  categoryEnName: `Cat ${id}`,
  sortOrder,
  enabledFlag: 1,
  articleCount: 0,
  objectVersionNumber: 1,
  ...extra,
});

describe('row actions by status', () => {
  it('offers what the server allows', () => {
    expect(rowActions('draft')).toEqual(['edit', 'publish', 'schedule', 'delete']);
    expect(rowActions('scheduled')).toEqual(['edit', 'publish', 'schedule', 'withdraw', 'delete']);
    expect(rowActions('published')).toEqual(['edit', 'withdraw', 'delete']);
    expect(rowActions('review')).toEqual([]);
    expect(rowActions('rejected')).toContain('publish');
  });
  it('shows the release time once live and the scheduled time while waiting', () => {
    expect(shownTime({ status: 'published', uploadDate: 'u', publishAt: null })).toBe('u');
    expect(shownTime({ status: 'scheduled', uploadDate: null, publishAt: 'p' })).toBe('p');
    expect(shownTime({ status: 'draft', uploadDate: null, publishAt: null })).toBeNull();
  });
});

describe('category tree', () => {
  const all = [cat(3, null, 1), cat(1, null, 0), cat(2, 1, 0, { enabledFlag: 0 }), cat(4, 99, 0)];
  it('nests children under parents in order, an orphan at the top, names in the language', () => {
    const tree = categoryTree(all, 'en-US');
    expect(tree.map((n) => n.value)).toEqual([1, 4, 3]);
    expect(tree[0]?.children?.map((n) => n.title)).toEqual(['Cat 2']);
    expect(categoryLabel(all[0] as Category, 'zh-CN')).toBe('分类3');
    expect(categoryLabel({ categoryName: '市场', categoryEnName: null }, 'en-US')).toBe('市场');
  });
  it('a picker cannot choose a disabled category, except the one already set', () => {
    expect(categoryTree(all, 'zh-CN', {})[0]?.children?.[0]?.disabled).toBe(true);
    expect(categoryTree(all, 'zh-CN', { keep: 2 })[0]?.children?.[0]?.disabled).toBe(false);
  });
  it('moves a category among its siblings, not past the ends', () => {
    const ids = siblingIds([cat(5, null, 2), cat(6, null, 0), cat(7, null, 1)], null);
    expect(ids).toEqual([6, 7, 5]);
    expect(moved(ids, 5, -1)).toEqual([6, 5, 7]);
    expect(moved(ids, 6, -1)).toBeNull();
    expect(moved(ids, 5, 1)).toBeNull();
  });
});

describe('revision diff', () => {
  it('reads the body as lines of text with pictures named', () => {
    const html =
      '<h2>标题</h2><p>第一段&amp;<strong>加粗</strong></p><ul><li><p>一</p></li></ul><img src="/x" alt="稻田" />';
    expect(htmlToText(html, '图片')).toBe('标题\n第一段&加粗\n一\n[图片: 稻田]');
  });
  it('marks inserted and deleted Chinese words, not the whole sentence', () => {
    const parts = textDiff('选用半冬性品种。', '选用抗寒的半冬性品种。');
    expect(
      parts
        .filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('抗寒');
    expect(parts.some((p) => p.removed)).toBe(false);
    expect(
      parts
        .filter((p) => !p.added && !p.removed)
        .map((p) => p.value)
        .join(''),
    ).toBe('选用半冬性品种。');
    expect(diffCounts(textDiff('适期播种', '适时播种'))).toEqual({ added: 1, removed: 1 });
    expect(diffCounts(textDiff('第一段', ''))).toEqual({ added: 0, removed: 3 });
  });
  it('lists the fields that changed with before and after', () => {
    const base = {
      title: 'A',
      categoryName: '种植',
      label: null,
      articleSource: null,
      summary: null,
      coverPicture: null,
    };
    expect(fieldChanges(base, { ...base, title: 'B', label: '水稻' })).toEqual([
      { field: 'title', from: 'A', to: 'B' },
      { field: 'label', from: '', to: '水稻' },
    ]);
  });
});
