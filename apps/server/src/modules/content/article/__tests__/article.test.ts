import type {
  Article,
  ArticleListItem,
  Revision,
  RevisionDiff,
  RevisionListItem,
} from '@tilth/contracts/article.types';
import type { Page } from '@tilth/contracts/common.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticleDraft } from '../index.js';
import { type ArticleHarness, articleHarness } from './article-helpers.js';

// Issue 19 item 2: drafts whose every save is a revision, the diff data and restore, 409 on stale saves,
// 400s naming the field, the sanitiser on write, and nothing of another tenant.

let h: ArticleHarness;
beforeAll(async () => {
  h = await articleHarness();
});
afterAll(async () => {
  await h.s.close();
});

describe('article drafts and revisions', () => {
  it('creates a draft as revision 1, trimmed and cleaned, and lists it', async () => {
    const cat = await h.category('种植技术', { categoryEnName: 'Growing' });
    const a = await h.draft('  早稻育秧  ', { categoryId: cat.id, label: ' 水稻 ', carouselFlag: 1 });
    expect(a).toMatchObject({
      title: '早稻育秧',
      label: '水稻',
      status: 'draft',
      revision: 1,
      categoryId: cat.id,
      categoryName: '种植技术',
      categoryEnName: 'Growing',
      carouselFlag: 1,
      uploadDate: null,
      objectVersionNumber: 1,
    });
    const revs = await h.ok<RevisionListItem[]>('admin', 'GET', `articles/${a.id}/revisions`);
    expect(revs).toHaveLength(1);
    expect(revs[0]).toMatchObject({ revision: 1, note: 'created', title: '早稻育秧' });
    expect(revs[0]?.createdByName).toBeTruthy();
    const list = await h.ok<Page<ArticleListItem>>(
      'admin',
      'GET',
      `articles?title=${encodeURIComponent('育秧')}`,
    );
    expect(list.content.map((x) => x.id)).toEqual([a.id]);
    expect(list).toMatchObject({ totalElements: 1, number: 0 });
    const byStatus = await h.ok<Page<ArticleListItem>>(
      'admin',
      'GET',
      `articles?status=published&categoryId=${cat.id}`,
    );
    expect(byStatus.totalElements).toBe(0);
  });

  it('keeps every save as a revision, answers the diff data of any two and restores as a new one', async () => {
    const a = await h.draft('秋播小麦', { content: '<p>选用半冬性品种。</p>' });
    const s2 = await h.ok<Article>('admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: a.objectVersionNumber,
      title: '秋播小麦品种选择',
      content: '<p>选用抗寒、抗病的半冬性品种。</p>',
      label: '小麦',
    });
    expect(s2).toMatchObject({ revision: 2, objectVersionNumber: 2, title: '秋播小麦品种选择' });
    const s3 = await h.ok<Article>('admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: s2.objectVersionNumber,
      title: '秋播小麦品种选择',
      content: '<p>选用抗寒、抗病的半冬性品种。</p><p>适期播种。</p>',
      label: '小麦',
    });
    expect(s3.revision).toBe(3);
    // Saving the same fields again adds no revision (no empty history entries).
    const same = await h.ok<Article>('admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: s3.objectVersionNumber,
      title: s3.title,
      content: s3.content,
      label: '小麦',
    });
    expect(same.revision).toBe(3);
    const revs = await h.ok<RevisionListItem[]>('admin', 'GET', `articles/${a.id}/revisions`);
    expect(revs.map((r) => r.revision)).toEqual([3, 2, 1]);

    const diff = await h.ok<RevisionDiff>('admin', 'GET', `articles/${a.id}/revisions/diff?from=1&to=3`);
    expect(diff.from).toMatchObject({
      revision: 1,
      title: '秋播小麦',
      content: '<p>选用半冬性品种。</p>',
      label: null,
    });
    expect(diff.to).toMatchObject({ revision: 3, title: '秋播小麦品种选择', label: '小麦' });
    expect(diff.changed.sort()).toEqual(['content', 'label', 'title']);
    await h.refused(
      404,
      'wfpf.content.article.revisionNotFound',
      'admin',
      'GET',
      `articles/${a.id}/revisions/diff?from=1&to=9`,
    );

    const restored = await h.ok<Article>('admin', 'POST', `articles/${a.id}/revisions/1/restore`, {
      objectVersionNumber: same.objectVersionNumber,
    });
    expect(restored).toMatchObject({
      revision: 4,
      title: '秋播小麦',
      content: '<p>选用半冬性品种。</p>',
      label: null,
    });
    const after = await h.ok<RevisionListItem[]>('admin', 'GET', `articles/${a.id}/revisions`);
    expect(after.map((r) => [r.revision, r.note])).toEqual([
      [4, 'restored:1'],
      [3, null],
      [2, null],
      [1, 'created'],
    ]);
    // History is not rewritten: revision 3 still reads as it was saved.
    const r3 = await h.ok<Revision>('admin', 'GET', `articles/${a.id}/revisions/3`);
    expect(r3.content).toBe('<p>选用抗寒、抗病的半冬性品种。</p><p>适期播种。</p>');
  });

  it('refuses a stale save with 409 and changes nothing', async () => {
    const a = await h.draft('旧版本');
    await h.ok<Article>('admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: 1,
      title: '新标题',
      content: '<p>x</p>',
    });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: 1,
      title: '覆盖',
      content: '<p>y</p>',
    });
    await h.refused(
      409,
      'error.objectVersionNumber.stale',
      'admin',
      'POST',
      `articles/${a.id}/revisions/1/restore`,
      {
        objectVersionNumber: 1,
      },
    );
    const now = await h.get(a.id);
    expect(now).toMatchObject({ title: '新标题', revision: 2, objectVersionNumber: 2 });
  });

  it('answers 400 naming the field for bad input, creating nothing', async () => {
    const before = (await h.ok<Page<ArticleListItem>>('admin', 'GET', 'articles?size=0')).totalElements;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ', content: '' }, 'title'],
      [{ title: 'x'.repeat(121), content: '' }, 'title'],
      [{ title: 'ok', content: 'x'.repeat(200_001) }, 'content'],
      [{ title: 'ok', content: '', coverPicture: 'javascript:alert(1)' }, 'coverPicture'],
      [{ title: 'ok', content: '', coverPicture: '//evil.example.com/a.jpg' }, 'coverPicture'],
      [{ title: 'ok', content: '', label: 'x'.repeat(31) }, 'label'],
      [{ title: 'ok', content: '', unknownField: 1 }, 'unknownField'],
    ];
    for (const [body, field] of cases) {
      const e = await h.refused(400, undefined, 'admin', 'POST', 'articles', body);
      expect(e.message, JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const e = await h.refused(400, 'wfpf.content.article.categoryNotFound', 'admin', 'POST', 'articles', {
      title: 'ok',
      content: '',
      categoryId: 999_999,
    });
    expect(e.message).toContain('categoryId');
    const zh = await h.refused(
      400,
      undefined,
      'admin',
      'POST',
      'articles',
      { title: 'ok', content: '', categoryId: 999_999 },
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toBe('categoryId：分类不存在');
    const after = (await h.ok<Page<ArticleListItem>>('admin', 'GET', 'articles?size=0')).totalElements;
    expect(after).toBe(before);
  });

  it('refuses a disabled category for a new article but keeps it on one that has it', async () => {
    const c = await h.category('停用分类');
    const a = await h.draft('有分类的文章', { categoryId: c.id });
    await h.ok('admin', 'PUT', 'categories', {
      id: c.id,
      categoryName: '停用分类',
      enabledFlag: 0,
      objectVersionNumber: 1,
    });
    await h.refused(400, 'wfpf.content.article.categoryDisabled', 'admin', 'POST', 'articles', {
      title: 'x',
      content: '',
      categoryId: c.id,
    });
    const saved = await h.ok<Article>('admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: a.objectVersionNumber,
      title: '有分类的文章（改）',
      content: a.content,
      categoryId: c.id,
    });
    expect(saved.categoryId).toBe(c.id);
  });

  it('another tenant sees nothing and cannot write; roles without the codes get 403', async () => {
    const a = await h.draft('A 的文章');
    await h.refused(
      404,
      'wfpf.content.article.notFound',
      'adminB',
      'GET',
      `articles/${a.id}`,
      undefined,
      h.tB,
    );
    await h.refused(
      404,
      'wfpf.content.article.notFound',
      'adminB',
      'GET',
      `articles/${a.id}/revisions`,
      undefined,
      h.tB,
    );
    await h.refused(
      404,
      'wfpf.content.article.notFound',
      'adminB',
      'PUT',
      'articles',
      { id: a.id, objectVersionNumber: 1, title: 'B', content: '' },
      h.tB,
    );
    await h.refused(
      404,
      'wfpf.content.article.notFound',
      'adminB',
      'POST',
      `articles/${a.id}/publish`,
      { objectVersionNumber: 1 },
      h.tB,
    );
    await h.refused(
      404,
      'wfpf.content.article.notFound',
      'adminB',
      'DELETE',
      `articles/${a.id}`,
      undefined,
      h.tB,
    );
    const listB = await h.ok<Page<ArticleListItem>>('adminB', 'GET', 'articles?size=0', undefined, h.tB);
    expect(listB.content.map((x) => x.id)).not.toContain(a.id);
    // A's admin asking for tenant B's path is refused outright.
    await h.refused(403, undefined, 'admin', 'GET', 'articles', undefined, h.tB);
    await h.refused(403, 'error.permission.forbidden', 'operator', 'GET', 'articles');
    await h.refused(403, 'error.permission.forbidden', 'viewer', 'POST', 'articles', {
      title: 'x',
      content: '',
    });
    expect((await h.get(a.id)).title).toBe('A 的文章');
  });

  it('deletes an article with its history', async () => {
    const a = await h.draft('将删除');
    await h.refused(
      409,
      'error.objectVersionNumber.stale',
      'admin',
      'DELETE',
      `articles/${a.id}?objectVersionNumber=7`,
    );
    await h.ok('admin', 'DELETE', `articles/${a.id}?objectVersionNumber=1`);
    await h.refused(404, 'wfpf.content.article.notFound', 'admin', 'GET', `articles/${a.id}`);
    await h.refused(404, 'wfpf.content.article.notFound', 'admin', 'GET', `articles/${a.id}/revisions`);
  });
});

describe('createArticleDraft (other domains)', () => {
  it('makes a sanitised draft with revision 1 and the source inquiry', async () => {
    const { id } = await h.asAdmin((ctx) =>
      createArticleDraft(ctx, {
        title: ' 专家解答：稻瘟病 ',
        content: '<p>用三环唑<script>alert(1)</script></p>',
        label: '问诊',
        sourceInquiryId: 42,
      }),
    );
    const a = await h.get(id);
    expect(a).toMatchObject({
      title: '专家解答：稻瘟病',
      content: '<p>用三环唑</p>',
      status: 'draft',
      revision: 1,
      sourceInquiryId: 42,
    });
    const revs = await h.ok<RevisionListItem[]>('admin', 'GET', `articles/${id}/revisions`);
    expect(revs.map((r) => r.revision)).toEqual([1]);
  });

  it('refuses bad input and a caller without the create code', async () => {
    await expect(
      h.asAdmin((ctx) => createArticleDraft(ctx, { title: '  ', content: '' })),
    ).rejects.toMatchObject({
      code: 'error.validation',
    });
    await expect(
      h.asAdmin(
        (ctx) => createArticleDraft(ctx, { title: 'x', content: '' }),
        new Set(['wfpf.company.system.article']),
      ),
    ).rejects.toMatchObject({ code: 'error.permission.forbidden' });
  });
});
