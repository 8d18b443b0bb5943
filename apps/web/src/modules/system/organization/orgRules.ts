import { CREDIT_CODE_LENGTH, creditCheckChar } from '@tilth/contracts/corporation.types';
import { childTypesOf, mayContain, type UnitType } from '@tilth/contracts/organization.types';
import type { OrgTreeNode } from './organization.api';

// The console's side of spec 03 §5: which choices to offer (the server still decides).

/** Unit types the "add child" menu offers under a unit of `parentType`. */
export const childTypeChoices = (parentType: string): readonly UnitType[] => childTypesOf(parentType);

/** Where a drop may land: onto a unit that may contain the dragged one, never onto itself or below it. */
export const mayDrop = (dragged: OrgTreeNode, target: OrgTreeNode): boolean =>
  dragged.organizationType !== 'enterprise' &&
  !containsId(dragged, target.id) &&
  mayContain(target.organizationType, dragged.organizationType);

const containsId = (node: OrgTreeNode, id: number): boolean =>
  node.id === id || node.children.some((c) => containsId(c, id));

/** The tree cut to the units whose name contains `text` and the path to them (any case). */
export const filterTree = (nodes: OrgTreeNode[], text: string): OrgTreeNode[] => {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const out: OrgTreeNode[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, needle);
    if (n.name.toLowerCase().includes(needle) || children.length > 0) out.push({ ...n, children });
  }
  return out;
};

/** Every unit of the tree, depth first. */
export const flatten = (nodes: OrgTreeNode[]): OrgTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

export type CreditHint =
  | { ok: true }
  | { ok: false; reason: 'length' | 'chars' | 'check'; expected?: string };

/** What is wrong with a credit code as typed (trimmed, upper-cased), for the form's hint. */
export const creditCodeHint = (raw: string): CreditHint => {
  const code = raw.trim().toUpperCase();
  if (code.length !== CREDIT_CODE_LENGTH) return { ok: false, reason: 'length' };
  const expected = creditCheckChar(code.slice(0, 17));
  if (expected === undefined) return { ok: false, reason: 'chars' };
  return expected === code.charAt(17) ? { ok: true } : { ok: false, reason: 'check', expected };
};
