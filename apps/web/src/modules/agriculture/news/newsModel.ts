import type { NewsCategory } from '@tilth/contracts/news.types';

// The news page's small decisions, kept apart from React so they are unit tested.

/** Whose news /information shows: the query's tenantId when given (spec 03 §2), else the signed-in tenant. */
export const newsTenantOf = (
  search: string,
  ownTenant: number | undefined,
): { tenantId: number; fromQuery: boolean } | null => {
  const raw = new URLSearchParams(search).get('tenantId')?.trim() ?? '';
  if (/^\d{1,10}$/.test(raw)) return { tenantId: Number(raw), fromQuery: true };
  if (raw !== '') return null;
  return ownTenant === undefined ? null : { tenantId: ownTenant, fromQuery: false };
};

/** Signed out, or reading another tenant's news: the public calls; one's own tenant signed in: the console's. */
export const newsScopeOf = (
  tenantId: number,
  fromQuery: boolean,
  signedIn: boolean,
  ownTenant: number | undefined,
): NewsScope => ({
  tenantId,
  signedIn: signedIn && (!fromQuery || tenantId === ownTenant),
});

export interface NewsScope {
  tenantId: number;
  /** true: /wfpf/v1/{t}/agriculture/news (reads counted by user); false: /wfpf/v1/public/{t}/news. */
  signedIn: boolean;
}

/** The tabs: top-level categories in their order; a tab's list includes its sub-categories (server side). */
export const categoryTabs = (cats: readonly NewsCategory[], english: boolean) =>
  cats
    .filter((c) => c.parentId === null || !cats.some((p) => p.categoryId === c.parentId))
    .map((c) => ({
      key: String(c.categoryId),
      categoryId: c.categoryId,
      label: (english && c.categoryEnName) || c.categoryName,
    }));

/** Spec 03 §2: the source shows '--' when there is none. */
export const sourceText = (source: string | null | undefined): string => source?.trim() || '--';

/** A count in the interface language's digits grouping (1,234 / 1,234). */
export const countText = (n: number, language: string): string => new Intl.NumberFormat(language).format(n);

/** The carousel's next slide, wrapping round. */
export const nextSlide = (current: number, count: number, step = 1): number =>
  count <= 0 ? 0 : (((current + step) % count) + count) % count;
