import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filterMenus, MENUS, type MenuNode, type MenuNodeDef, routeViewCode, SUB_MODULES } from './menus.js';
import {
  DEVICE_PERMISSIONS,
  isActionCode,
  isPermissionCode,
  PERMISSION_CODES,
  PERMISSIONS,
  type PermissionCode,
  SEEDED_ROLES,
  type SubModuleCode,
} from './permissions.js';

const SPEC_DIR = new URL('../../../../shared/spec/', import.meta.url);
const SPEC_FILES = ['01-shell-identity-farm.md', '02-devices.md', '03-vr-public-inventory-approvals.md'];
const spec = (file: string): string => readFileSync(new URL(file, SPEC_DIR), 'utf8');
const allSpecText = SPEC_FILES.map(spec).join('\n');

/** Text of a markdown section: from its heading to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`section not found: ${heading}`);
  const level = heading.match(/^#+/)?.[0] ?? '#';
  const rest = text.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** Comma list of route tails, parenthesised remarks dropped. */
const commaList = (text: string): string[] =>
  text
    .replace(/\s*\([^)]*\)/g, '')
    .split(/,|\band\b/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter((s) => s !== '' && !s.includes('{'));

/** Every leaf of a menu tree with the chain of group routes above it. */
function leaves(
  nodes: readonly MenuNodeDef[],
  parents: string[] = [],
): { node: MenuNodeDef; parents: string[] }[] {
  return nodes.flatMap((node) =>
    node.subMenus ? leaves(node.subMenus, [...parents, node.route]) : [{ node, parents }],
  );
}

const MODULES = Object.keys(MENUS) as SubModuleCode[];
const allLeaves = MODULES.flatMap((m) => leaves(MENUS[m]).map((l) => ({ ...l, module: m })));
const menuRoutes = new Set(allLeaves.map((l) => l.node.route));

/** View codes deliberately without a menu entry: pages reached from another page. */
const VIEW_CODES_WITHOUT_MENU = new Set<string>(['wfpf.farm.equipment.canvas-drawSign']);

describe('permission catalogue', () => {
  it('has unique codes', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    expect(PERMISSION_CODES.length).toBe(PERMISSIONS.length);
  });

  it('gives every code a module matching its prefix and names in both languages', () => {
    const prefix: Record<SubModuleCode, string> = {
      'wfpf-farm': 'wfpf.farm.',
      'wfpf-inventory': 'wfpf.inventory.',
      'wfpf-company': 'wfpf.company.',
    };
    for (const p of PERMISSIONS) {
      expect(p.code, p.code).toMatch(/^wfpf\.[A-Za-z0-9_.-]+$/);
      expect(p.code.startsWith(prefix[p.subModule]), p.code).toBe(true);
      expect(p.name['zh-CN'].trim(), p.code).not.toBe('');
      expect(p.name['en-US'].trim(), p.code).not.toBe('');
    }
  });

  it('contains every action code named literally in the spec', () => {
    const named = new Set<string>();
    for (const m of allSpecText.matchAll(/wfpf\.[A-Za-z0-9.<>_-]+/g)) {
      const token = m[0].replace(/\.+$/, '');
      if (!token.includes('<') && token.includes('.ps.')) named.add(token);
    }
    // "wfpf.farm.farm.land.ps.edit and .delete"
    for (const m of allSpecText.matchAll(
      /(wfpf\.[A-Za-z0-9._-]+\.ps\.)[A-Za-z0-9_-]+ and \.([A-Za-z0-9_-]+)/g,
    )) {
      named.add(`${m[1]}${m[2]}`);
    }
    expect(named.size).toBeGreaterThanOrEqual(6);
    expect([...named].filter((c) => !isPermissionCode(c))).toEqual([]);
  });

  it('contains the device action codes of spec 02 §6', () => {
    const roles = section(spec('02-devices.md'), '## 6. Roles and permissions');
    const perKind = [...roles.matchAll(/(\w+): (\w+), (\w+), (\w+)/g)];
    expect(perKind.map((m) => m[1])).toEqual(['pest', 'camera', 'aerator']);
    for (const [, kind, ...actions] of perKind) {
      for (const action of actions)
        expect(isPermissionCode(`wfpf.farm.equipment.${kind}.ps.${action}`)).toBe(true);
    }
    const cameraManager = roles.match(/Camera manager actions:[^)]*\)/)?.[0] ?? '';
    const actions = [...cameraManager.matchAll(/\bps\.(\w+)/g)].map((m) => m[1]);
    expect(actions).toEqual(['del', 'transfer', 'bulkTransfer', 'bulkDel']);
    for (const a of actions) {
      expect(isPermissionCode(`wfpf.company.system.farm-maintenance.camera-management.ps.${a}`), a).toBe(
        true,
      );
    }
  });

  it('has add, edit and delete codes for every device type of the registry (spec 02 §2)', () => {
    const registry = section(spec('02-devices.md'), '### Device type registry');
    const routes = [...registry.matchAll(/^\| [^|]+ \| (\/web\/equipment\/[\w-]+) \|$/gm)].map(
      (m) => m[1] ?? '',
    );
    expect(routes.length).toBe(19);
    const table: Record<string, { add: string; edit: string; delete: string }> = DEVICE_PERMISSIONS;
    for (const route of routes) {
      const codes = table[route];
      expect(codes, route).toBeDefined();
      for (const code of Object.values(codes ?? {})) expect(isPermissionCode(code), code).toBe(true);
    }
  });

  it('has a view code and a menu entry for every menu route of spec 01 §2.2–2.6', () => {
    const text = spec('01-shell-identity-farm.md');
    const farm = section(text, '### 2.2 Farm module');
    const routes = [
      ...[...farm.matchAll(/\bfarm\/[A-Za-z-]+(?![/\w])/g)]
        .map((m) => m[0])
        .filter((r) => r !== 'farm/defaultPage' && r !== 'farm/serverErrorPage')
        .map((r) => `/web/${r}`),
      ...[...farm.matchAll(/\bagricultural-[a-z]+/g)].map((m) => `/web/farm/agricultural/${m[0]}`),
      ...commaList(section(text, '### 2.3 Equipment').trim()).map((r) => `/web/equipment/${r}`),
    ];
    const other = section(text, '### 2.4 Reports');
    routes.push(...[...other.matchAll(/\b(report|carbon|agriculture)\/[\w/-]+/g)].map((m) => `/web/${m[0]}`));
    const trace = other.split('\n').find((l) => l.includes('/web/trace/')) ?? '';
    routes.push(...commaList(trace.slice(trace.indexOf('):') + 2)).map((r) => `/web/trace/${r}`));
    const inventory = section(text, '### 2.5 Inventory module');
    routes.push(...[...inventory.matchAll(/\b(base|prment|config)\/\w+/g)].map((m) => `/inventory/${m[0]}`));
    routes.push(...commaList(section(text, '### 2.6 System module')).map((r) => `/system/${r}`));

    const unique = [...new Set(routes)];
    expect(unique.length).toBeGreaterThan(100);
    const missingCode = unique.filter((r) => !isPermissionCode(routeViewCode(r) ?? ''));
    expect(missingCode).toEqual([]);
    const missingMenu = unique.filter(
      (r) => !menuRoutes.has(r) && !VIEW_CODES_WITHOUT_MENU.has(routeViewCode(r) ?? ''),
    );
    expect(missingMenu).toEqual([]);
  });
});

describe('menu catalogue', () => {
  it('gates every leaf by the catalogued view code of its route', () => {
    for (const { node } of allLeaves) {
      expect(isPermissionCode(node.viewCode), node.route).toBe(true);
      expect(isActionCode(node.viewCode), node.route).toBe(false);
      expect(routeViewCode(node.route), node.route).toBe(node.viewCode);
    }
  });

  it('lists each page once, under its module and group prefix', () => {
    expect(menuRoutes.size).toBe(allLeaves.length);
    const modulePrefix: Record<SubModuleCode, string> = {
      'wfpf-farm': '/web/',
      'wfpf-inventory': '/inventory/',
      'wfpf-company': '/system/',
    };
    for (const { node, parents, module } of allLeaves) {
      expect(node.route.startsWith(modulePrefix[module]), node.route).toBe(true);
      for (const p of parents) expect(node.route.startsWith(p), `${node.route} under ${p}`).toBe(true);
      const def = PERMISSIONS.find((p) => p.code === node.viewCode);
      expect(def?.subModule, node.route).toBe(module);
    }
  });

  it('has a menu entry for every view code except pages reached from another page', () => {
    const leafCodes = new Set<string>(allLeaves.map((l) => l.node.viewCode));
    const orphans = PERMISSION_CODES.filter(
      (c) => !isActionCode(c) && !leafCodes.has(c) && !VIEW_CODES_WITHOUT_MENU.has(c),
    );
    expect(orphans).toEqual([]);
  });

  it('uses group codes that are not permission codes', () => {
    const groups = (nodes: readonly MenuNodeDef[]): string[] =>
      nodes.flatMap((n) => (n.subMenus ? [n.viewCode, ...groups(n.subMenus)] : []));
    const codes = MODULES.flatMap((m) => groups(MENUS[m]));
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(isPermissionCode(c), c).toBe(false);
  });

  it('lands each sub-module on one of its own pages', () => {
    expect(SUB_MODULES.map((s) => s.code).sort()).toEqual([...MODULES].sort());
    for (const s of SUB_MODULES) {
      expect(
        leaves(MENUS[s.code]).some((l) => l.node.route === s.homePath),
        s.homePath,
      ).toBe(true);
    }
  });
});

describe('filterMenus', () => {
  const codesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.viewCode, ...codesOf(n.subMenus)]);

  it('drops forbidden leaves and groups left empty', () => {
    const allowed = new Set<string>([
      'wfpf.farm.farm.base',
      'wfpf.farm.farm.map-digital',
      'wfpf.inventory.base.unit',
    ]);
    const menu = filterMenus(MENUS['wfpf-farm'], allowed, 'en-US');
    expect(codesOf(menu)).toEqual(['wfpf.farm.farm', 'wfpf.farm.farm.map-digital', 'wfpf.farm.farm.base']);
    const [farm] = menu;
    expect(farm?.name).toBe('Farm');
    expect(farm?.route).toBe('/web/farm');
    expect(farm?.subMenus.map((n) => [n.name, n.route, n.isNew, n.isHot, n.subMenus])).toEqual([
      ['Digital map', '/web/farm/map-digital', 1, 0, []],
      ['Bases', '/web/farm/base', 0, 0, []],
    ]);
  });

  it('keeps a nested group only while a leaf under it is allowed', () => {
    const allowed = new Set<string>(['wfpf.farm.report.equipmentLog-onlineLog']);
    const menu = filterMenus(MENUS['wfpf-farm'], allowed, 'zh-CN');
    expect(codesOf(menu)).toEqual([
      'wfpf.farm.report',
      'wfpf.farm.report.equipmentLog',
      'wfpf.farm.report.equipmentLog-onlineLog',
    ]);
    expect(menu[0]?.subMenus[0]?.subMenus[0]?.name).toBe('上下线日志');
  });

  it('answers nothing without permissions and everything with all of them', () => {
    for (const m of MODULES) {
      expect(filterMenus(MENUS[m], new Set(), 'zh-CN')).toEqual([]);
      const full = filterMenus(MENUS[m], new Set(PERMISSION_CODES), 'zh-CN');
      expect(leaves(MENUS[m]).length).toBe(codesOf(full).filter(isPermissionCode).length);
    }
  });
});

describe('seeded roles', () => {
  const role = (code: string): readonly PermissionCode[] => {
    const r = SEEDED_ROLES.find((x) => x.code === code);
    if (!r) throw new Error(`no role ${code}`);
    return r.permissions === 'all' ? PERMISSION_CODES : r.permissions;
  };

  it('defines the four roles, the tenant administrator with everything', () => {
    expect(SEEDED_ROLES.map((r) => r.code)).toEqual(['tenant-admin', 'farm-operator', 'viewer', 'expert']);
    expect(SEEDED_ROLES[0]?.permissions).toBe('all');
    for (const r of SEEDED_ROLES) {
      if (r.permissions !== 'all') for (const c of r.permissions) expect(isPermissionCode(c), c).toBe(true);
    }
  });

  it('gives the farm operator the whole farm module and no administration', () => {
    const codes = role('farm-operator');
    // All but answering inquiries, which is the expert's (issue 19).
    const farmCodes = PERMISSION_CODES.filter(
      (c) => c.startsWith('wfpf.farm.') && c !== 'wfpf.farm.agriculture.expert-inquiry.ps.answer',
    );
    expect([...codes].sort()).toEqual([...farmCodes].sort());
    expect(codes).toContain('wfpf.farm.equipment.camera.ps.control');
    expect(codes).toContain('wfpf.farm.farm.land.ps.delete');
    expect(codes.filter((c) => c.startsWith('wfpf.company.'))).toEqual([]);
  });

  it("gives the expert the viewer's pages plus answering inquiries; the farm operator cannot answer", () => {
    const codes = role('expert');
    const answer = 'wfpf.farm.agriculture.expert-inquiry.ps.answer';
    expect(codes.filter(isActionCode).sort()).toEqual([answer, 'wfpf.farm.user.ps.notice-message'].sort());
    expect(codes).toContain('wfpf.farm.agriculture.expert-inquiry');
    expect(role('farm-operator')).not.toContain(answer);
    expect(role('farm-operator')).toContain('wfpf.farm.agriculture.expert-inquiry.ps.ask');
  });

  it('gives the viewer farm pages only, plus the notice bell', () => {
    const codes = role('viewer');
    expect(codes.filter(isActionCode)).toEqual(['wfpf.farm.user.ps.notice-message']);
    expect(codes.every((c) => c.startsWith('wfpf.farm.'))).toBe(true);
    expect(codes).toContain('wfpf.farm.farm.base');
    expect(codes).toContain('wfpf.farm.equipment.camera');
  });
});
