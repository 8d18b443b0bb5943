import { MENUS, type MenuNodeDef, SUB_MODULES } from '@tilth/contracts/menus';
import { describe, expect, it } from 'vitest';
import { hasMenuIcon } from './icons';
import { findLeaf, findTrail, firstLeaf, isExternalLink, isListed, leaves, type MenuNode } from './menuModel';

const node = (route: string, name: string, subMenus: MenuNode[] = []): MenuNode => ({
  name,
  route,
  icon: 'HomeOutlined',
  viewCode: route,
  isNew: 0,
  isHot: 0,
  subMenus,
});

const MENU: MenuNode[] = [
  node('/web/farm', 'Farm', [node('/web/farm/home', 'Home'), node('/web/farm/plan', 'Plans')]),
  node('/web/equipment', 'Equipment', [
    node('/web/equipment/intelligentControl', 'Smart', [
      node('/web/equipment/intelligentControl/index', 'Control'),
    ]),
  ]),
  node('https://example.com/docs', 'Docs'),
  node('/web/trace/info/:id', 'Trace'),
];

describe('menu model', () => {
  it('finds the trail of a page and of its child pages', () => {
    expect(findTrail(MENU, '/web/farm/plan').map((n) => n.name)).toEqual(['Farm', 'Plans']);
    expect(findTrail(MENU, '/web/farm/plan/info/7').map((n) => n.name)).toEqual(['Farm', 'Plans']);
    expect(findTrail(MENU, '/web/equipment/intelligentControl/index').map((n) => n.name)).toEqual([
      'Equipment',
      'Smart',
      'Control',
    ]);
    expect(findTrail(MENU, '/web/unknown')).toEqual([]);
  });

  it('matches listed routes with parameters', () => {
    expect(isListed(MENU, '/web/farm/home')).toBe(true);
    expect(isListed(MENU, '/web/trace/info/12')).toBe(true);
    expect(isListed(MENU, '/web/farm/plan/info/7')).toBe(false);
    expect(findLeaf(MENU, '/web/trace/info/3')?.name).toBe('Trace');
  });

  it('tells http links apart and finds first pages', () => {
    expect(isExternalLink('https://example.com/docs')).toBe(true);
    expect(isExternalLink('/web/farm/home')).toBe(false);
    expect(firstLeaf(MENU[1] as MenuNode)?.route).toBe('/web/equipment/intelligentControl/index');
    expect(leaves(MENU)).toHaveLength(5);
  });

  it('has an icon for every entry of the menu catalogue and the module switcher', () => {
    const icons = new Set<string>(SUB_MODULES.map((m) => m.icon));
    const walk = (defs: readonly MenuNodeDef[]) => {
      for (const d of defs) {
        icons.add(d.icon);
        if (d.subMenus) walk(d.subMenus);
      }
    };
    for (const nodes of Object.values(MENUS)) walk(nodes);
    expect([...icons].filter((name) => !hasMenuIcon(name))).toEqual([]);
  });
});
