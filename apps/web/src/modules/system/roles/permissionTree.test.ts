import { PERMISSIONS } from '@tilth/contracts/permissions';
import { describe, expect, it } from 'vitest';
import {
  branchKeys,
  buildPermissionTree,
  checkState,
  codesUnder,
  filterTree,
  type PermNode,
  toggleNode,
} from './permissionTree';

const all = (nodes: readonly PermNode[]): PermNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
const find = (nodes: readonly PermNode[], key: string) => all(nodes).find((n) => n.key === key);

describe('the permission tree', () => {
  const zh = buildPermissionTree('zh-CN', '其他');
  const en = buildPermissionTree('en-US', 'Other');

  it('has one root per module and every catalogue code exactly once', () => {
    expect(zh.map((n) => n.key)).toEqual([
      'module:wfpf-farm',
      'module:wfpf-inventory',
      'module:wfpf-company',
    ]);
    const codes = all(zh).flatMap((n) => (n.code ? [n.code] : []));
    expect(codes.sort()).toEqual(PERMISSIONS.map((p) => p.code).sort());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('puts a page under its menu group and its actions under the page', () => {
    const users = find(en, 'wfpf.company.system.user-manage');
    expect(users?.title).toBe('Users');
    expect(users?.children?.map((c) => c.code)).toEqual([
      'wfpf.company.system.user-manage.ps.create',
      'wfpf.company.system.user-manage.ps.edit',
      'wfpf.company.system.user-manage.ps.delete',
    ]);
    const group = find(en, 'group:wfpf.company.system.organization-user');
    expect(group?.children?.map((c) => c.key)).toContain('wfpf.company.system.user-manage');
  });

  it('names nodes in the language asked', () => {
    expect(find(zh, 'wfpf.company.system.role')?.title).toBe('角色管理');
    expect(find(en, 'wfpf.company.system.role.ps.assign')?.title).toBe('Assign roles');
    expect(find(zh, 'module:wfpf-company')?.title).not.toBe(find(en, 'module:wfpf-company')?.title);
  });

  it('selects everything under a node', () => {
    const group = find(en, 'group:wfpf.company.system.organization-user');
    if (!group) throw new Error('no group');
    const codes = codesUnder(group);
    expect(codes).toContain('wfpf.company.system.role.ps.delete');
    expect(codes).not.toContain('group:wfpf.company.system.organization-user');
    expect(codes.every((c) => c.startsWith('wfpf.company.'))).toBe(true);
  });

  it('filters by name or code, keeping ancestors and a matching node whole', () => {
    const hit = filterTree(en, 'assign roles');
    expect(all(hit).map((n) => n.key)).toEqual([
      'module:wfpf-company',
      'group:wfpf.company.system.organization-user',
      'wfpf.company.system.role',
      'wfpf.company.system.role.ps.assign',
    ]);
    expect(branchKeys(hit)).toEqual([
      'module:wfpf-company',
      'group:wfpf.company.system.organization-user',
      'wfpf.company.system.role',
    ]);
    const page = filterTree(en, 'wfpf.company.system.role');
    expect(codesUnder(page[0] as PermNode)).toContain('wfpf.company.system.role.ps.edit');
    expect(filterTree(en, 'no such permission anywhere')).toEqual([]);
    expect(filterTree(en, '  ')).toHaveLength(3);
  });

  // A read-only role or application scope: a page's code without its actions (issue 13 story, step 5).
  it('holds a page without its actions, and checks or clears everything under a node', () => {
    const LAND = 'wfpf.farm.farm.land';
    const land = find(zh, LAND);
    if (!land) throw new Error('no plots page');
    const full = toggleNode(land, [], true);
    expect(full.sort()).toEqual([LAND, `${LAND}.ps.create`, `${LAND}.ps.delete`, `${LAND}.ps.edit`]);
    let value = full;
    for (const action of land.children ?? []) value = toggleNode(action, value, false);
    expect(value).toEqual([LAND]);
    const shown = checkState(zh, value);
    expect(shown.checked).toEqual([LAND]);
    expect(shown.halfChecked).toEqual(expect.arrayContaining(['module:wfpf-farm']));
    expect(shown.halfChecked).not.toContain(LAND);
    expect(toggleNode(land, [...full, 'wfpf.company.system.role'], false)).toEqual([
      'wfpf.company.system.role',
    ]);
  });

  it('checks a structure node only when every code under it is held', () => {
    const farm = find(zh, 'module:wfpf-farm');
    if (!farm) throw new Error('no farm root');
    const everything = toggleNode(farm, [], true);
    expect(checkState(zh, everything).checked).toContain('module:wfpf-farm');
    const less = everything.filter((c) => c !== 'wfpf.farm.farm.land.ps.edit');
    const state = checkState(zh, less);
    expect(state.checked).not.toContain('module:wfpf-farm');
    expect(state.halfChecked).toContain('module:wfpf-farm');
    expect(state.checked).toContain('wfpf.farm.farm.land');
  });
});
