import {
  type ArticleAction,
  type ArticleListItem,
  type ArticleStatus,
  articleActionAllowed,
  type Category,
} from '@tilth/contracts/article.types';

// The article pages' rules, apart from React: status colours, which actions a row offers, the category
// tree for the pickers and the tree table, and sibling reordering.

export const STATUS_COLOR: Record<ArticleStatus, string> = {
  draft: 'default',
  review: 'processing',
  scheduled: 'warning',
  published: 'success',
  withdrawn: 'default',
  rejected: 'error',
};

/** The list row's actions, in order (edit is always first when allowed). */
export const rowActions = (status: ArticleStatus): ArticleAction[] =>
  (['edit', 'publish', 'schedule', 'withdraw', 'delete'] as const).filter((a) =>
    articleActionAllowed(status, a),
  );

/** The time a row shows: its release time once live, its scheduled time while waiting. */
export const shownTime = (a: Pick<ArticleListItem, 'status' | 'uploadDate' | 'publishAt'>): string | null =>
  a.status === 'published' || a.status === 'withdrawn' ? a.uploadDate : (a.publishAt ?? a.uploadDate);

/** A category's name in the interface language (the English name when there is one). */
export const categoryLabel = (c: Pick<Category, 'categoryName' | 'categoryEnName'>, lang: string): string =>
  lang.startsWith('en') && c.categoryEnName ? c.categoryEnName : c.categoryName;

export interface CategoryNode {
  key: number;
  value: number;
  title: string;
  category: Category;
  disabled?: boolean;
  children?: CategoryNode[];
}

/**
 * The flat list as a tree, siblings in their order. `pickable` marks disabled categories unselectable
 * (except `keep`, the one an article already has).
 */
export const categoryTree = (
  all: readonly Category[],
  lang: string,
  pickable?: { keep?: number | null },
): CategoryNode[] => {
  const byParent = new Map<number | null, Category[]>();
  const ids = new Set(all.map((c) => c.id));
  for (const c of all) {
    // A child whose parent is not in the list (filtered out) shows at the top rather than vanishing.
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const build = (parent: number | null, depth: number): CategoryNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((c) => {
        const children = depth < 10 ? build(c.id, depth + 1) : [];
        return {
          key: c.id,
          value: c.id,
          title: categoryLabel(c, lang),
          category: c,
          ...(pickable ? { disabled: c.enabledFlag !== 1 && c.id !== pickable.keep } : {}),
          ...(children.length ? { children } : {}),
        };
      });
  return build(null, 0);
};

/** The sibling ids after moving `id` one place up (-1) or down (+1); null when it cannot move. */
export const moved = (siblings: readonly number[], id: number, step: -1 | 1): number[] | null => {
  const i = siblings.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= siblings.length) return null;
  const out = [...siblings];
  [out[i], out[j]] = [out[j] as number, out[i] as number];
  return out;
};

/** The ids of `parentId`'s children in their order. */
export const siblingIds = (all: readonly Category[], parentId: number | null): number[] =>
  all
    .filter((c) => c.parentId === parentId)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((c) => c.id);
