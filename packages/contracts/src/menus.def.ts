// Building blocks of the menu catalogue (menus.ts), kept apart so the per-module menu files can use them
// without an import cycle.

import type { LocalizedName } from './permissions.def.js';
import type { PermissionCode } from './permissions.js';

/** Codes of menu group nodes. They gate nothing themselves: a group shows when a leaf under it does. */
export type MenuGroupCode =
  | 'wfpf.farm.farm'
  | 'wfpf.farm.farm.agricultural'
  | 'wfpf.farm.equipment'
  | 'wfpf.farm.equipment.intelligentControl'
  | 'wfpf.farm.report'
  | 'wfpf.farm.report.equipmentLog'
  | 'wfpf.farm.trace'
  | 'wfpf.farm.trace.base'
  | 'wfpf.farm.carbon'
  | 'wfpf.farm.agriculture'
  | 'wfpf.inventory.base'
  | 'wfpf.inventory.prment'
  | 'wfpf.inventory.config'
  | 'wfpf.company.system.organization-user'
  | 'wfpf.company.system.farm-maintenance'
  | 'wfpf.company.system.content'
  | 'wfpf.company.system.platform';

interface MenuNodeBase {
  name: LocalizedName;
  route: string;
  /** Ant Design icon name, e.g. 'HomeOutlined'. */
  icon: string;
  isNew?: boolean;
  isHot?: boolean;
}

/** A page: shown when the user holds its view code. */
export interface MenuLeafDef extends MenuNodeBase {
  viewCode: PermissionCode;
  subMenus?: undefined;
}

/** A group: route is the common prefix of its pages. */
export interface MenuGroupDef extends MenuNodeBase {
  viewCode: MenuGroupCode;
  subMenus: readonly MenuNodeDef[];
}

export type MenuNodeDef = MenuLeafDef | MenuGroupDef;

type Dashed<S extends string> = S extends `${infer A}/${infer B}` ? `${A}-${Dashed<B>}` : S;

/** The view code a route maps to by the catalogue's scheme (see permissions.ts). */
export type RouteViewCode<R extends string> = R extends `/web/${infer G}/${infer P}`
  ? `wfpf.farm.${G}.${Dashed<P>}`
  : R extends `/inventory/${infer G}/${infer P}`
    ? `wfpf.inventory.${G}.${Dashed<P>}`
    : R extends `/system/${infer P}`
      ? `wfpf.company.system.${Dashed<P>}`
      : never;

/** R itself when its view code is catalogued; never otherwise, so a bad route fails to compile. */
type CataloguedRoute<R extends string> = RouteViewCode<R> extends PermissionCode ? R : never;

const ROUTE_MODULES: readonly (readonly [prefix: string, module: string, fixedGroup?: string])[] = [
  ['/web/', 'wfpf.farm'],
  ['/inventory/', 'wfpf.inventory'],
  ['/system/', 'wfpf.company', 'system'],
];

/** Runtime twin of RouteViewCode: '/web/farm/base' → 'wfpf.farm.farm.base'; undefined when outside the scheme. */
export function routeViewCode(route: string): string | undefined {
  for (const [prefix, module, fixedGroup] of ROUTE_MODULES) {
    if (!route.startsWith(prefix)) continue;
    const segments = route.slice(prefix.length).split('/');
    const group = fixedGroup ?? segments.shift();
    if (!group || segments.length === 0 || segments.some((s) => s === '')) return undefined;
    return `${module}.${group}.${segments.join('-')}`;
  }
  return undefined;
}

export interface MenuFlags {
  isNew?: boolean;
  isHot?: boolean;
}

export const NEW: MenuFlags = { isNew: true };
export const HOT: MenuFlags = { isHot: true };

/** A page entry; its view code is derived from the route and must be in the catalogue. */
export function leaf<const R extends string>(
  route: R & CataloguedRoute<R>,
  icon: string,
  zh: string,
  en: string,
  flags: MenuFlags = {},
): MenuLeafDef {
  return {
    name: { 'zh-CN': zh, 'en-US': en },
    route,
    icon,
    viewCode: routeViewCode(route) as PermissionCode,
    ...flags,
  };
}

export function group(
  viewCode: MenuGroupCode,
  route: string,
  icon: string,
  zh: string,
  en: string,
  subMenus: readonly MenuNodeDef[],
): MenuGroupDef {
  return { name: { 'zh-CN': zh, 'en-US': en }, route, icon, viewCode, subMenus };
}
