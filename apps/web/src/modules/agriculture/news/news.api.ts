import type { NewsCategory, NewsDetail, NewsList, NewsPage } from '@tilth/contracts/news.types';
import { api } from '../../../shared/api/client';
import type { NewsScope } from './newsModel';

// The news calls (docs/api.md "News"). Public calls send no token and show their own errors, so a visitor
// is never sent to /login.

const base = (s: NewsScope) =>
  s.signedIn ? `/wfpf/v1/${s.tenantId}/agriculture/news` : `/wfpf/v1/public/${s.tenantId}/news`;
const opts = (s: NewsScope) => (s.signedIn ? {} : { auth: false, globalErrors: false });

export interface NewsListParams {
  valueType: 0 | 1 | 2 | 3;
  page?: number;
  size?: number;
  categoryId?: number | undefined;
}

export const newsKeys = {
  all: (s: NewsScope) => ['news', s.tenantId, s.signedIn] as const,
  list: (s: NewsScope, p: NewsListParams) => [...newsKeys.all(s), 'list', p] as const,
  categories: (s: NewsScope) => [...newsKeys.all(s), 'categories'] as const,
  detail: (s: NewsScope, id: number) => [...newsKeys.all(s), 'detail', id] as const,
};

export const newsApi = {
  list: (s: NewsScope, p: NewsListParams) =>
    api.get<NewsList>(base(s), {
      ...opts(s),
      query: { enabledFlag: 1, defaultType: 1, page: p.page ?? 1, size: p.size ?? 20, ...p },
    }),
  categories: (s: NewsScope) => api.get<NewsCategory[]>(`${base(s)}/categories`, opts(s)),
  detail: (s: NewsScope, id: number) => api.get<NewsDetail>(`${base(s)}/${id}`, opts(s)),
  page: (tenantId: number, id: number) =>
    api.get<NewsPage>(`/wfpf/v1/${tenantId}/agriculture/news/page/${id}`, { globalErrors: false }),
};
