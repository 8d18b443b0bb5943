import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { ShellContext, type ShellContextValue } from '../../shell/ShellContext';
import { renderWithCodes, textOf } from '../../test/renderWithCodes';
import { AuditPage } from './AuditPage';
import type { PlatformTenant } from './platform.api';
import { PLATFORM_PATHS, platformMenu } from './platformMenu';
import { TenantsPage } from './TenantsPage';

// Issue 13 item 5: the platform area is the platform administrator's only — in the menu and at a direct
// address (the server refuses everyone else too).

const tenant: PlatformTenant = {
  id: 101,
  tenantName: 'Orchard Co',
  tenantNum: 'ORCH-1',
  timeZone: 'Europe/Paris',
  enabled: true,
  memberCount: 4,
  domains: ['orchard.example.com'],
  creationDate: '2026-01-02T03:04:05.000Z',
  objectVersionNumber: 1,
};
const page = (content: PlatformTenant[]): Page<PlatformTenant> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const routes = (nodes: ReturnType<typeof platformMenu>): string[] =>
  nodes.flatMap((n) => (n.subMenus.length ? routes(n.subMenus) : [n.route]));

describe('the platform menu', () => {
  it('lists tenants and audit for a platform administrator in the company module, in their language', () => {
    const menu = platformMenu('wfpf-company', { platformAdmin: true }, 'en-US');
    expect(routes(menu)).toEqual([PLATFORM_PATHS.tenants, PLATFORM_PATHS.audit]);
    expect(menu[0]?.subMenus.map((n) => n.name)).toEqual(['Tenants', 'Platform audit']);
    expect(platformMenu('wfpf-company', { platformAdmin: true }, 'zh-CN')[0]?.name).toBe('平台管理');
  });

  it('lists nothing for anyone else, a tenant administrator included, nor in other modules', () => {
    expect(platformMenu('wfpf-company', { platformAdmin: false }, 'en-US')).toEqual([]);
    expect(platformMenu('wfpf-company', undefined, 'en-US')).toEqual([]);
    expect(platformMenu('wfpf-farm', { platformAdmin: true }, 'en-US')).toEqual([]);
  });
});

const render = (node: React.ReactNode, platformAdmin: boolean, rows: PlatformTenant[] = [tenant]) =>
  textOf(
    renderWithCodes(
      <ShellContext.Provider value={{ tenantId: 0, self: { platformAdmin } } as unknown as ShellContextValue}>
        {node}
      </ShellContext.Provider>,
      {
        // A tenant administrator holds every company code: still not a platform administrator.
        codes: ['wfpf.company.system.user-manage', 'wfpf.company.system.role'],
        data: [
          [['platform', 'tenants', 'page', {}, 0, 10], page(rows)],
          [['platform', 'audit', 'page', {}, 0, 20], { ...page([]), size: 20 }],
        ],
      },
    ),
  );

describe('the platform pages at a direct address', () => {
  it('show "no permission" to a user who is not a platform administrator', () => {
    for (const node of [<TenantsPage key="t" />, <AuditPage key="a" />]) {
      const text = render(node, false);
      expect(text).toContain('No permission');
      expect(text).not.toContain('Orchard Co');
      expect(text).not.toContain('New tenant');
    }
  });

  it('show the tenants, with their domains and actions, to the platform administrator', () => {
    const text = render(<TenantsPage />, true);
    expect(text).toContain('Orchard Co');
    expect(text).toContain('orchard.example.com');
    expect(text).toContain('New tenant');
    expect(text).toContain('Domains &amp; screens');
  });

  it('say so when no tenant or audit entry matches', () => {
    expect(render(<TenantsPage />, true, [])).toContain('No tenants match');
    expect(render(<AuditPage />, true)).toContain('No audit entries match');
  });
});
