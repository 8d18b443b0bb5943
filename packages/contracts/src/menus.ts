// The menu catalogue: the full menu tree of each sub-module. The server answers a user's menu by
// filtering it with the codes the user holds (filterMenus); leaves are gated by their view code, groups
// show when something under them does.

import { COMPANY_MENUS } from './menus.company.js';
import type { MenuNodeDef } from './menus.def.js';
import { FARM_MENUS } from './menus.farm.js';
import { INVENTORY_MENUS } from './menus.inventory.js';
import type { LocalizedName, SubModuleCode } from './permissions.def.js';

export type { MenuGroupCode, MenuGroupDef, MenuLeafDef, MenuNodeDef, RouteViewCode } from './menus.def.js';
export { routeViewCode } from './menus.def.js';

export const MENUS: Readonly<Record<SubModuleCode, readonly MenuNodeDef[]>> = {
  'wfpf-farm': FARM_MENUS,
  'wfpf-inventory': INVENTORY_MENUS,
  'wfpf-company': COMPANY_MENUS,
};

export interface SubModuleDef {
  code: SubModuleCode;
  name: LocalizedName;
  icon: string;
  /** Where the module switcher lands. */
  homePath: string;
}

export const SUB_MODULES: readonly SubModuleDef[] = [
  {
    code: 'wfpf-farm',
    name: { 'zh-CN': '智慧农场', 'en-US': 'Smart farm' },
    icon: 'EnvironmentOutlined',
    homePath: '/web/farm/home',
  },
  {
    code: 'wfpf-inventory',
    name: { 'zh-CN': '进销存', 'en-US': 'Inventory and purchasing' },
    icon: 'ShopOutlined',
    homePath: '/inventory/base/product',
  },
  {
    code: 'wfpf-company',
    name: { 'zh-CN': '系统管理', 'en-US': 'System administration' },
    icon: 'SettingOutlined',
    homePath: '/system/user-manage',
  },
];

/** A menu node as the API answers it (spec 01 §3 "Menu node"), in one language. */
export interface MenuNode {
  name: string;
  route: string;
  icon: string;
  viewCode: string;
  isNew: 0 | 1;
  isHot: 0 | 1;
  subMenus: MenuNode[];
}

/**
 * The part of a menu the user may see, in one language: leaves whose view code is not in `allowed`
 * are dropped, and so are groups left with nothing under them.
 */
export function filterMenus(
  nodes: readonly MenuNodeDef[],
  allowed: ReadonlySet<string>,
  lang: keyof LocalizedName,
): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    let subMenus: MenuNode[] = [];
    if (node.subMenus) {
      subMenus = filterMenus(node.subMenus, allowed, lang);
      if (subMenus.length === 0) continue;
    } else if (!allowed.has(node.viewCode)) {
      continue;
    }
    out.push({
      name: node.name[lang],
      route: node.route,
      icon: node.icon,
      viewCode: node.viewCode,
      isNew: node.isNew ? 1 : 0,
      isHot: node.isHot ? 1 : 0,
      subMenus,
    });
  }
  return out;
}
