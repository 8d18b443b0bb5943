import type { Category } from '@tilth/contracts/article.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArticleHarness, articleHarness } from './article-helpers.js';

// The category tree of /system/classify: zh / en names, order among siblings, enable / disable, and a
// delete refused while articles or subcategories use it.

let h: ArticleHarness;
beforeAll(async () => {
  h = await articleHarness();
});
afterAll(async () => {
  await h.s.close();
});

const list = () => h.ok<Category[]>('admin', 'GET', 'categories');

describe('categories', () => {
  it('adds top-level and child categories, last among siblings, and lists them with article counts', async () => {
    const a = await h.category('种植技术', { categoryEnName: 'Growing' });
    const b = await h.category('病虫害防治');
    const child = await h.category('水稻', { parentId: a.id });
    expect([a.sortOrder, b.sortOrder, child.sortOrder]).toEqual([0, 1, 0]);
    await h.draft('一篇', { categoryId: child.id });
    const all = await list();
    expect(all.find((c) => c.id === child.id)).toMatchObject({
      parentId: a.id,
      articleCount: 1,
      enabledFlag: 1,
    });
    expect(all.find((c) => c.id === a.id)).toMatchObject({ categoryEnName: 'Growing', articleCount: 0 });
  });

  it('refuses a duplicate sibling name (any case), a missing parent and a tree deeper than 3', async () => {
    await h.category('Market');
    await h.refused(409, 'wfpf.content.category.nameTaken', 'admin', 'POST', 'categories', {
      categoryName: ' market ',
    });
    await h.refused(400, 'wfpf.content.category.parentNotFound', 'admin', 'POST', 'categories', {
      categoryName: 'x',
      parentId: 999_999,
    });
    const l1 = await h.category('一级');
    const l2 = await h.category('二级', { parentId: l1.id });
    const l3 = await h.category('三级', { parentId: l2.id });
    const e = await h.refused(400, 'wfpf.content.category.tooDeep', 'admin', 'POST', 'categories', {
      categoryName: '四级',
      parentId: l3.id,
    });
    expect(e.message).toContain('parentId');
    const blank = await h.refused(400, undefined, 'admin', 'POST', 'categories', { categoryName: '   ' });
    expect(blank.message).toContain('categoryName');
  });

  it('renames with zh / en names and disables; stale → 409', async () => {
    const c = await h.category('政策');
    const r = await h.ok<Category>('admin', 'PUT', 'categories', {
      id: c.id,
      categoryName: '政策资讯',
      categoryEnName: 'Policy news',
      enabledFlag: 0,
      objectVersionNumber: 1,
    });
    expect(r).toMatchObject({
      categoryName: '政策资讯',
      categoryEnName: 'Policy news',
      enabledFlag: 0,
      objectVersionNumber: 2,
    });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'categories', {
      id: c.id,
      categoryName: '覆盖',
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    const enabledOnly = await h.ok<Category[]>('admin', 'GET', 'categories?enabledFlag=1');
    expect(enabledOnly.map((x) => x.id)).not.toContain(c.id);
  });

  it("reorders one parent's children; a list that is not exactly them is refused", async () => {
    const p = await h.category('排序父级');
    const x = await h.category('甲', { parentId: p.id });
    const y = await h.category('乙', { parentId: p.id });
    const z = await h.category('丙', { parentId: p.id });
    await h.refused(400, 'wfpf.content.category.order', 'admin', 'PUT', 'categories/order', {
      parentId: p.id,
      ids: [x.id, y.id],
    });
    await h.refused(400, 'wfpf.content.category.order', 'admin', 'PUT', 'categories/order', {
      parentId: p.id,
      ids: [x.id, y.id, y.id],
    });
    await h.ok('admin', 'PUT', 'categories/order', { parentId: p.id, ids: [z.id, x.id, y.id] });
    const kids = (await list()).filter((c) => c.parentId === p.id).map((c) => c.categoryName);
    expect(kids).toEqual(['丙', '甲', '乙']);
  });

  it('refuses to delete a used category with a clear message, deletes an unused one', async () => {
    const c = await h.category('有文章的分类');
    await h.draft('占用一', { categoryId: c.id });
    await h.draft('占用二', { categoryId: c.id });
    const e = await h.refused(409, 'wfpf.content.category.inUse', 'admin', 'DELETE', `categories/${c.id}`);
    expect(e.message).toBe('The category "有文章的分类" still holds 2 article(s); move or delete them first');
    const zh = await h.refused(
      409,
      undefined,
      'admin',
      'DELETE',
      `categories/${c.id}`,
      undefined,
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toBe('分类“有文章的分类”下还有 2 篇文章，请先移走或删除这些文章');
    const parent = await h.category('有子分类');
    await h.category('子', { parentId: parent.id });
    await h.refused(409, 'wfpf.content.category.hasChildren', 'admin', 'DELETE', `categories/${parent.id}`);
    const free = await h.category('空分类');
    await h.ok('admin', 'DELETE', `categories/${free.id}?objectVersionNumber=1`);
    expect((await list()).map((x) => x.id)).not.toContain(free.id);
    expect((await list()).map((x) => x.id)).toContain(c.id);
  });

  it('another tenant sees none and cannot change them; farm roles get 403', async () => {
    const c = await h.category('A 的分类');
    const b = await h.ok<Category[]>('adminB', 'GET', 'categories', undefined, h.tB);
    expect(b.map((x) => x.id)).not.toContain(c.id);
    await h.refused(
      404,
      undefined,
      'adminB',
      'PUT',
      'categories',
      { id: c.id, categoryName: 'B', enabledFlag: 1, objectVersionNumber: 1 },
      h.tB,
    );
    await h.refused(404, undefined, 'adminB', 'DELETE', `categories/${c.id}`, undefined, h.tB);
    await h.refused(
      400,
      'wfpf.content.article.categoryNotFound',
      'adminB',
      'POST',
      'articles',
      { title: 'x', content: '', categoryId: c.id },
      h.tB,
    );
    await h.refused(403, 'error.permission.forbidden', 'operator', 'POST', 'categories', {
      categoryName: 'x',
    });
    await h.refused(403, 'error.permission.forbidden', 'viewer', 'GET', 'categories');
  });
});
