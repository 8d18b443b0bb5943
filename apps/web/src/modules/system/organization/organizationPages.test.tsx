import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { CORPORATION_CODES, CorporationPage } from './CorporationPage';
import { OrganizationPage } from './OrganizationPage';
import type { Corporation, OrgTreeNode } from './organization.api';
import { orgKeys } from './organization.api';

const T = 7;
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
  staffCount: id === 3 ? 2 : 0,
  objectVersionNumber: 1,
  children,
});
const tree = [
  node(1, 'Demo Group', 'enterprise', [
    node(2, 'Demo Agri Ltd', 'company', [node(3, 'Finance', 'department')]),
  ]),
];

const corp: Corporation = {
  id: 2,
  name: 'Demo Agri Ltd',
  parentId: 1,
  parentName: 'Demo Group',
  creditCode: '91350100M000100Y43',
  legalRepresentative: 'Zhang San',
  address: null,
  contactName: null,
  contactPhone: null,
  logoUrl: null,
  objectVersionNumber: 1,
  creationDate: '2026-01-01T00:00:00.000Z',
};

const corpPage = (codes: readonly string[], content: Corporation[]) =>
  textOf(
    renderWithCodes(<CorporationPage />, {
      codes,
      tenantId: T,
      data: [
        [
          [...orgKeys.corporations(T), 'page', {}, 0, 10],
          { content, totalElements: content.length, totalPages: 1, number: 0, size: 10 },
        ],
      ],
    }),
  );

describe('organisation pages', () => {
  it('shows the tree with type tags and staff counts', () => {
    const text = textOf(
      renderWithCodes(<OrganizationPage />, {
        codes: ['wfpf.company.system.organization'],
        tenantId: T,
        data: [
          [orgKeys.tree(T), tree],
          [orgKeys.candidates(T), []],
        ],
      }),
    );
    expect(text).toContain('Enterprise');
    expect(text).toContain('Demo Agri Ltd');
    expect(text).toContain('Finance');
    expect(text).toContain('(2)');
    expect(text).toContain('Select a unit in the tree');
  });

  it('companies: the view code shows the list without add, edit or delete; the codes show them', () => {
    const view = corpPage(['wfpf.company.system.corporation'], [corp]);
    expect(view).toContain('91350100M000100Y43');
    expect(view).not.toContain('Add company');
    expect(view).not.toMatch(/\bEdit\b|\bDelete\b/);
    const all = corpPage(['wfpf.company.system.corporation', ...Object.values(CORPORATION_CODES)], [corp]);
    expect(all).toContain('Add company');
    expect(all).toMatch(/\bEdit\b/);
    expect(all).toMatch(/\bDelete\b/);
  });

  it('companies: an empty list says so', () => {
    expect(corpPage(['wfpf.company.system.corporation'], [])).toContain('No companies yet');
  });
});
