import { describe, expect, it } from 'vitest';
import type { OrgTreeNode } from './organization.api';
import { childTypeChoices, creditCodeHint, filterTree, mayDrop } from './orgRules';

const node = (
  id: number,
  name: string,
  organizationType: string,
  children: OrgTreeNode[] = [],
): OrgTreeNode => ({
  id,
  name,
  organizationType,
  parentId: null,
  headUserId: null,
  headName: null,
  sort: 0,
  staffCount: 0,
  objectVersionNumber: 1,
  children,
});

const dept = node(4, 'Production', 'department');
const base = node(3, 'North base', 'area', [dept]);
const company = node(2, 'North Co', 'company', [base]);
const root = node(1, 'Group', 'enterprise', [company]);

describe('tree type rules (spec 03 §5)', () => {
  it('offers companies and bases under the enterprise, departments under a base', () => {
    expect(childTypeChoices('enterprise')).toEqual(['company', 'area']);
    expect(childTypeChoices('company')).toEqual(['company', 'area', 'department']);
    expect(childTypeChoices('area')).toEqual(['department']);
    expect(childTypeChoices('department')).toEqual(['department']);
  });

  it('allows a drop only where the type fits and never under itself or a descendant', () => {
    expect(mayDrop(dept, company)).toBe(true);
    expect(mayDrop(dept, root)).toBe(false);
    expect(mayDrop(base, dept)).toBe(false);
    expect(mayDrop(company, base)).toBe(false);
    expect(mayDrop(company, company)).toBe(false);
    expect(mayDrop(root, company)).toBe(false);
  });

  it('filters the tree to matches and their path, any case', () => {
    const cut = filterTree([root], 'PROD');
    expect(cut[0]?.children[0]?.children[0]?.children.map((n) => n.name)).toEqual(['Production']);
    expect(filterTree([root], 'nothing')).toEqual([]);
    expect(filterTree([root], ' ')).toEqual([root]);
  });
});

describe('credit code hint (GB 32100-2015)', () => {
  it('accepts a valid code, upper-casing it', () => {
    expect(creditCodeHint('91350100m000100y43')).toEqual({ ok: true });
  });

  it('names the problem: length, letters outside the alphabet, or the check character', () => {
    expect(creditCodeHint('9135')).toEqual({ ok: false, reason: 'length' });
    expect(creditCodeHint('91350100I000100Y43')).toEqual({ ok: false, reason: 'chars' });
    expect(creditCodeHint('91350100M000100Y44')).toEqual({ ok: false, reason: 'check', expected: '3' });
  });
});
