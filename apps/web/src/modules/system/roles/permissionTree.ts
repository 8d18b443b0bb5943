import { MENUS, type MenuNodeDef, SUB_MODULES } from '@tilth/contracts/menus';
import { PERMISSIONS } from '@tilth/contracts/permissions';

// The role editor's tree over the whole permission catalogue: one root per module (farm, inventory,
// company), its menu groups and pages below, and each page's action codes under the page. Codes no menu
// page owns (device families, the notice bell …) go under the module's "Other" node. Only catalogue codes
// are values; module, group and "Other" keys are structure.

export type Lang = 'zh-CN' | 'en-US';

export interface PermNode {
  key: string;
  title: string;
  /** The permission code, when this node is one. */
  code?: string;
  children?: PermNode[];
}

const CODES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.code));
const nameOf = new Map<string, (typeof PERMISSIONS)[number]['name']>(
  PERMISSIONS.map((p) => [p.code, p.name]),
);

export const isCatalogueCode = (key: string): boolean => CODES.has(key);

/** The tree in a language; every catalogue code appears exactly once. */
export const buildPermissionTree = (lang: Lang, otherTitle: string): PermNode[] => {
  const placed = new Set<string>();
  const codeNode = (code: string): PermNode => {
    placed.add(code);
    return { key: code, code, title: nameOf.get(code)?.[lang] ?? code };
  };
  // Action codes of a page: `<view>.ps.<action>` and any deeper code of it.
  const actionsOf = (view: string) =>
    PERMISSIONS.filter((p) => p.code !== view && p.code.startsWith(`${view}.`) && !placed.has(p.code)).map(
      (p) => codeNode(p.code),
    );
  const menuNode = (m: MenuNodeDef): PermNode | undefined => {
    if (m.subMenus) {
      const children = m.subMenus.map(menuNode).filter((n): n is PermNode => n !== undefined);
      return children.length > 0 ? { key: `group:${m.viewCode}`, title: m.name[lang], children } : undefined;
    }
    if (!CODES.has(m.viewCode) || placed.has(m.viewCode)) return undefined;
    const node: PermNode = { ...codeNode(m.viewCode), title: m.name[lang] };
    const actions = actionsOf(m.viewCode);
    return actions.length > 0 ? { ...node, children: actions } : node;
  };
  const roots = SUB_MODULES.map((mod) => ({
    mod,
    children: MENUS[mod.code].map(menuNode).filter((n): n is PermNode => n !== undefined),
  }));
  return roots.map(({ mod, children }) => {
    const rest = PERMISSIONS.filter((p) => p.subModule === mod.code && !placed.has(p.code)).map((p) =>
      codeNode(p.code),
    );
    const all =
      rest.length > 0
        ? [...children, { key: `other:${mod.code}`, title: otherTitle, children: rest }]
        : children;
    return { key: `module:${mod.code}`, title: mod.name[lang], children: all };
  });
};

/** Every code at or under a node ("select all under this node"). */
export const codesUnder = (node: PermNode): string[] => [
  ...(node.code ? [node.code] : []),
  ...(node.children ?? []).flatMap(codesUnder),
];

/**
 * The nodes whose title or code contains the text (case-insensitive), with their ancestors; a matching
 * node keeps its whole subtree, so checking it still selects everything under it.
 */
export const filterTree = (nodes: readonly PermNode[], text: string): PermNode[] => {
  const q = text.trim().toLowerCase();
  if (q === '') return [...nodes];
  const out: PermNode[] = [];
  for (const n of nodes) {
    if (n.title.toLowerCase().includes(q) || n.code?.toLowerCase().includes(q)) {
      out.push(n);
      continue;
    }
    const children = filterTree(n.children ?? [], q);
    if (children.length > 0) out.push({ ...n, children });
  }
  return out;
};

/** Keys of every node with children (to expand a filtered tree). */
export const branchKeys = (nodes: readonly PermNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));

/**
 * What the tree shows for a set of codes, nodes checked independently of their parents (antd's
 * checkStrictly): a page's code stands for viewing it, so a page checked with none of its actions is a real
 * state (a read-only role or application scope); a cascading tree could not show it. A node is checked when
 * its code is held (a structure node: when every code under it is), half-checked when only some under it are.
 */
export const checkState = (
  nodes: readonly PermNode[],
  value: readonly string[],
): { checked: string[]; halfChecked: string[] } => {
  const held = new Set(value);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const walk = (ns: readonly PermNode[]) => {
    for (const n of ns) {
      const under = codesUnder(n);
      const count = under.filter((c) => held.has(c)).length;
      if (n.code ? held.has(n.code) : count > 0 && count === under.length) checked.push(n.key);
      else if (count > 0) halfChecked.push(n.key);
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return { checked, halfChecked };
};

/** Checking a node adds every code under it ("select all under this node"); unchecking removes them. */
export const toggleNode = (node: PermNode, value: readonly string[], check: boolean): string[] => {
  const under = new Set(codesUnder(node));
  const kept = value.filter((c) => !under.has(c));
  return check ? [...kept, ...under] : kept;
};
