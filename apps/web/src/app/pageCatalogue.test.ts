import { MENUS, type MenuNodeDef, routeViewCode } from '@tilth/contracts/menus';
import { describe, expect, it } from 'vitest';
import { findRoute } from './routeMatch';
import { DOMAIN_PAGES, ROUTES, SHELL_ROUTES } from './routes';

// The menu catalogue (packages/contracts) against the web's page table (modules/<domain>/routes.ts).

/**
 * Menu entries with no page yet: the shell shows its 'no related content yet' page for them. The issue
 * that builds a page removes its entry here.
 */
const NO_PAGE_YET: readonly string[] = [];

const files = import.meta.glob<Record<string, string>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const text = (language: string, key: string): string | undefined => {
  const [namespace = '', name = ''] = key.split(':');
  return files[`../locales/${language}/${namespace}.json`]?.[name];
};

const leaves = (nodes: readonly MenuNodeDef[]): MenuNodeDef[] =>
  nodes.flatMap((n) => (n.subMenus ? leaves(n.subMenus) : [n]));
const MENU_LEAVES = Object.values(MENUS).flatMap(leaves);

describe('page table against the menu catalogue', () => {
  it('has a page for every menu entry, or lists it as to come', () => {
    const missing = MENU_LEAVES.filter((l) => !SHELL_ROUTES.some((r) => r.path === l.route)).map(
      (l) => l.route,
    );
    expect(missing).toEqual(NO_PAGE_YET);
  });

  it('guards each menu page with the menu entry code', () => {
    for (const leaf of MENU_LEAVES) {
      const route = findRoute(SHELL_ROUTES, leaf.route)?.route;
      if (!route) continue;
      expect([leaf.route, route.code ?? routeViewCode(route.path)]).toEqual([leaf.route, leaf.viewCode]);
    }
  });

  it('titles each menu page with the menu text, in both languages', () => {
    // One text per page and language: the tab and document title say what the menu entry says.
    for (const leaf of MENU_LEAVES) {
      const route = SHELL_ROUTES.find((r) => r.path === leaf.route);
      if (!route) continue;
      for (const language of ['zh-CN', 'en-US'] as const)
        expect([leaf.route, language, text(language, route.title)]).toEqual([
          leaf.route,
          language,
          leaf.name[language],
        ]);
    }
  });

  it('titles every page from its own domain locale namespace, in both languages', () => {
    for (const { domain, namespace, routes } of DOMAIN_PAGES) {
      for (const route of routes) {
        expect([domain, route.path, route.title.startsWith(`${namespace}:`)]).toEqual([
          domain,
          route.path,
          true,
        ]);
        for (const language of ['zh-CN', 'en-US'])
          expect([route.path, language, text(language, route.title) !== undefined]).toEqual([
            route.path,
            language,
            true,
          ]);
      }
    }
  });

  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
