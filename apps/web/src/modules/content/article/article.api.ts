import type {
  Article,
  ArticleCreateBody,
  ArticleListItem,
  ArticleSaveBody,
  Category,
  CategoryCreateBody,
  CategoryUpdateBody,
  Revision,
  RevisionDiff,
  RevisionListItem,
} from '@tilth/contracts/article.types';
import type { Page } from '@tilth/contracts/common.types';
import { api, type Query } from '../../../shared/api/client';

export type { Article, ArticleListItem, Category, Revision, RevisionDiff, RevisionListItem };

// The calls of the article part (docs/api.md "Articles and categories").

export const ARTICLE_CODES = {
  view: 'wfpf.company.system.article',
  create: 'wfpf.company.system.article.ps.create',
  edit: 'wfpf.company.system.article.ps.edit',
  delete: 'wfpf.company.system.article.ps.delete',
  publish: 'wfpf.company.system.article.ps.publish',
  classifyEdit: 'wfpf.company.system.classify.ps.edit',
} as const;

/** Query keys: every article call of a tenant under ['article', t], categories under ['article-category', t]. */
export const articleKeys = {
  all: (t: number) => ['article', t] as const,
  list: (t: number) => ['article', t, 'list'] as const,
  one: (t: number, id: number) => ['article', t, 'one', id] as const,
  revisions: (t: number, id: number) => ['article', t, 'revisions', id] as const,
  diff: (t: number, id: number, from: number, to: number) => ['article', t, 'diff', id, from, to] as const,
  categories: (t: number) => ['article-category', t] as const,
};

const categories = (t: number) => `/wfpf/v1/${t}/content/categories`;
const articles = (t: number) => `/wfpf/v1/${t}/content/articles`;

export const categoryApi = {
  list: (t: number) => api.get<Category[]>(categories(t)),
  create: (t: number, body: CategoryCreateBody) => api.post<Category>(categories(t), { json: body }),
  update: (t: number, body: CategoryUpdateBody) => api.put<Category>(categories(t), { json: body }),
  order: (t: number, parentId: number | null, ids: number[]) =>
    api.put<Category[]>(`${categories(t)}/order`, { json: { parentId, ids } }),
  remove: (t: number, c: Category) =>
    api.delete<unknown>(`${categories(t)}/${c.id}`, {
      query: { objectVersionNumber: c.objectVersionNumber },
    }),
};

export const articleApi = {
  page: (t: number, query: Query & { page: number; size: number }) =>
    api.get<Page<ArticleListItem>>(articles(t), { query }),
  get: (t: number, id: number) => api.get<Article>(`${articles(t)}/${id}`),
  create: (t: number, body: ArticleCreateBody) => api.post<Article>(articles(t), { json: body }),
  save: (t: number, body: ArticleSaveBody) => api.put<Article>(articles(t), { json: body }),
  remove: (t: number, a: Pick<ArticleListItem, 'id' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${articles(t)}/${a.id}`, { query: { objectVersionNumber: a.objectVersionNumber } }),
  publish: (t: number, id: number, objectVersionNumber: number) =>
    api.post<Article>(`${articles(t)}/${id}/publish`, { json: { objectVersionNumber } }),
  schedule: (t: number, id: number, objectVersionNumber: number, publishAt: string) =>
    api.post<Article>(`${articles(t)}/${id}/schedule`, { json: { objectVersionNumber, publishAt } }),
  withdraw: (t: number, id: number, objectVersionNumber: number) =>
    api.post<Article>(`${articles(t)}/${id}/withdraw`, { json: { objectVersionNumber } }),
  revisions: (t: number, id: number) => api.get<RevisionListItem[]>(`${articles(t)}/${id}/revisions`),
  diff: (t: number, id: number, from: number, to: number) =>
    api.get<RevisionDiff>(`${articles(t)}/${id}/revisions/diff`, { query: { from, to } }),
  restore: (t: number, id: number, revision: number, objectVersionNumber: number) =>
    api.post<Article>(`${articles(t)}/${id}/revisions/${revision}/restore`, {
      json: { objectVersionNumber },
    }),
};
