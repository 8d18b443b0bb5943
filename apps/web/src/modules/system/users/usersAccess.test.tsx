import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { RolesPage } from '../roles/RolesPage';
import { type Role, roleKeys } from '../roles/roles.api';
import { UsersPage } from './UsersPage';
import { type TenantUserView, USER_CODES } from './users.api';

// Issue 13: the user and role pages show each write only to holders of its code.

const T = 7;
const user: TenantUserView = {
  id: 42,
  loginName: '13700000001',
  realName: 'Wang Fang',
  phone: '13700000001',
  enabled: true,
  roleIds: [2],
  roleNames: ['Farm operator'],
  unitIds: [11],
  unitNames: ['Production'],
  lastSignInAt: null,
  joinedAt: '2024-05-01T00:00:00.000Z',
  otherTenants: 0,
  objectVersionNumber: 1,
};
const role: Role = {
  id: 5,
  code: 'scout',
  nameZh: '巡查员',
  nameEn: 'Scout',
  name: 'Scout',
  builtIn: false,
  permissions: ['wfpf.company.system.user-manage'],
  dataScope: 'all',
  baseIds: [],
  holderCount: 3,
  objectVersionNumber: 1,
};
const page = (content: TenantUserView[]): Page<TenantUserView> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const usersPage = (codes: readonly string[], rows = [user]) =>
  textOf(
    renderWithCodes(<UsersPage />, {
      codes,
      tenantId: T,
      data: [
        [['system', T, 'users', 'page', {}, 0, 10], page(rows)],
        [roleKeys.list(T), [role]],
      ],
    }),
  );

describe('the users page', () => {
  it('shows the list to the view code alone, with no add, import, reset or remove', () => {
    const text = usersPage([USER_CODES.view]);
    expect(text).toContain('Wang Fang');
    expect(text).toContain('Farm operator');
    expect(text).toContain('Never');
    expect(text).toContain('Export');
    expect(text).not.toMatch(/Add user|Add existing user|Import|Reset password|Remove|\bDelete\b/);
  });

  it('shows every action to holders of the write codes', () => {
    const text = usersPage(Object.values(USER_CODES));
    expect(text).toMatch(/Add user/);
    expect(text).toMatch(/Add existing user/);
    expect(text).toMatch(/Import/);
    expect(text).toMatch(/Reset password/);
    expect(text).toMatch(/\bDelete\b/);
    expect(text).toMatch(/Roles/);
  });

  it('says so when there are no users', () => {
    expect(usersPage([USER_CODES.view], [])).toContain('No users yet');
  });
});

describe('the roles page', () => {
  const rolesPage = (codes: readonly string[]) =>
    textOf(renderWithCodes(<RolesPage />, { codes, tenantId: T, data: [[roleKeys.list(T), [role]]] }));

  it('lists roles with their holders; writes only for their codes', () => {
    const view = rolesPage(['wfpf.company.system.role']);
    expect(view).toContain('Scout');
    expect(view).toContain('3');
    expect(view).not.toMatch(/Add role|Copy|\bEdit\b|\bDelete\b/);
    const all = rolesPage([
      'wfpf.company.system.role',
      'wfpf.company.system.role.ps.create',
      'wfpf.company.system.role.ps.edit',
      'wfpf.company.system.role.ps.delete',
    ]);
    expect(all).toMatch(/Add role/);
    expect(all).toMatch(/Copy/);
    expect(all).toMatch(/\bEdit\b/);
    expect(all).toMatch(/\bDelete\b/);
  });
});
