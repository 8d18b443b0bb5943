import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import { describe, expect, it } from 'vitest';
import { unitOptions, unitPaths } from './UnitsModal';

const node = (id: number, organizationType: string, children: OrgTreeNode[] = []): OrgTreeNode => ({
  id,
  name: `unit ${id}`,
  organizationType,
  parentId: null,
  headUserId: null,
  headName: null,
  sort: 0,
  staffCount: 0,
  objectVersionNumber: 1,
  children,
});

describe("a member's unit choices", () => {
  it('keeps the whole tree but never offers the enterprise itself', () => {
    const tree = [node(1, 'enterprise', [node(2, 'company', [node(3, 'area', [node(4, 'department')])])])];
    const [root] = unitOptions(tree);
    expect(root?.disabled).toBe(true);
    const company = root?.children[0];
    expect(company?.disabled).toBe(false);
    expect(company?.children[0]?.children[0]).toMatchObject({ value: 4, title: 'unit 4', disabled: false });
  });
});

describe('the unit filter of the user list', () => {
  it('labels each unit by its path below the enterprise, which is not a choice', () => {
    const tree = [node(1, 'enterprise', [node(2, 'company', [node(3, 'area', [node(4, 'department')])])])];
    expect(unitPaths(tree)).toEqual([
      { value: 2, label: 'unit 2' },
      { value: 3, label: 'unit 2 / unit 3' },
      { value: 4, label: 'unit 2 / unit 3 / unit 4' },
    ]);
  });
});
