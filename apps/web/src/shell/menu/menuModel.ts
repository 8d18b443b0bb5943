import type { MenuNode } from '@tilth/contracts/menus';
import { matchPattern } from '../../app/routeMatch';

export type { MenuNode } from '@tilth/contracts/menus';

/** Spec 01 §2.10: a menu entry whose link is http(s) opens in a new window. */
export const isExternalLink = (route: string): boolean => /^https?:\/\//i.test(route);

export const isGroup = (node: MenuNode): boolean => node.subMenus.length > 0;

/** The key of a node in antd's Menu: a page by its route, a group by its code. */
export const menuKey = (node: MenuNode): string =>
  isGroup(node) ? `group:${node.viewCode || node.route}` : node.route;

export const leaves = (nodes: readonly MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (isGroup(n) ? leaves(n.subMenus) : [n]));

export const firstLeaf = (node: MenuNode): MenuNode | undefined =>
  isGroup(node) ? node.subMenus.map(firstLeaf).find(Boolean) : node;

/** Whether the menu lists this path (a route's parameters such as :id match any value). */
export const isListed = (nodes: readonly MenuNode[], pathname: string): boolean =>
  leaves(nodes).some((leaf) => !isExternalLink(leaf.route) && matchPattern(leaf.route, pathname) !== null);

const covers = (route: string, pathname: string): boolean =>
  !isExternalLink(route) &&
  (matchPattern(route, pathname) !== null || pathname.startsWith(`${route.replace(/\/+$/, '')}/`));

/**
 * The chain of nodes from the top of the menu to the entry of `pathname`: the page itself, or for a child
 * page (/web/farm/plan/info/7) the entry that covers it (/web/farm/plan). Empty when nothing fits.
 */
export const findTrail = (nodes: readonly MenuNode[], pathname: string): MenuNode[] => {
  let best: MenuNode[] = [];
  let bestLength = -1;
  const walk = (list: readonly MenuNode[], trail: MenuNode[]) => {
    for (const node of list) {
      const here = [...trail, node];
      if (isGroup(node)) walk(node.subMenus, here);
      else if (covers(node.route, pathname) && node.route.length > bestLength) {
        best = here;
        bestLength = node.route.length;
      }
    }
  };
  walk(nodes, []);
  return best;
};

/** The menu entry (page) of a path, for tab titles of pages that have no route of their own yet. */
export const findLeaf = (nodes: readonly MenuNode[], pathname: string): MenuNode | undefined =>
  leaves(nodes).find((leaf) => !isExternalLink(leaf.route) && matchPattern(leaf.route, pathname) !== null);
