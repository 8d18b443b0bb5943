import type { InvBillRule, InvStandard, InvUnit, InvWarehouse } from '@tilth/contracts/inventory.base.types';
import { MENUS, type MenuNodeDef } from '@tilth/contracts/menus';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { BillPage } from './BillPage';
import { INV_BASE_CODES, invBaseKeys } from './baseData.api';
import { sampleNumber } from './components/BillFormModal';
import { StandardPage } from './StandardPage';
import { StoreManagerPage, StorePage } from './StorePage';
import { UnitPage } from './UnitPage';

const T = 7;
const pageOf = <R,>(content: R[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});
const render = (
  node: ReactNode,
  codes: readonly string[],
  data: readonly (readonly [readonly unknown[], unknown])[],
) => textOf(renderWithCodes(<MemoryRouter>{node}</MemoryRouter>, { codes, tenantId: T, data }));
const listKey = (key: readonly unknown[]) => [...key, 'page', {}, 0, 10];

const unit: InvUnit = {
  id: 1,
  unitName: 'Box',
  unitCode: 'BOX',
  remark: '12 bottles',
  enabledFlag: 1,
  objectVersionNumber: 1,
  creationDate: '2026-11-20T08:00:00Z',
};

// Read through Vite (the locale files are outside the TypeScript project).
const locales = import.meta.glob<Record<string, string>>('../../../locales/*/inventory.json', {
  eager: true,
  import: 'default',
});
const en = locales['../../../locales/en-US/inventory.json'] ?? {};
const zh = locales['../../../locales/zh-CN/inventory.json'] ?? {};

describe('units page', () => {
  it('lists units with add, edit and delete for holders of the page code', () => {
    const text = render(
      <UnitPage />,
      [INV_BASE_CODES.unit],
      [[listKey(invBaseKeys.units(T)), pageOf([unit])]],
    );
    expect(text).toContain('Box');
    expect(text).toContain('BOX');
    expect(text).toContain('12 bottles');
    expect(text).toContain('Add unit');
    expect(text).toMatch(/\bEdit\b/);
    expect(text).toMatch(/\bDelete\b/);
  });

  it('shows an empty state with no units', () => {
    const text = render(<UnitPage />, [INV_BASE_CODES.unit], [[listKey(invBaseKeys.units(T)), pageOf([])]]);
    expect(text).toContain('No units yet');
  });
});

describe('specification attributes page', () => {
  it('shows each attribute with its values', () => {
    const s: InvStandard = {
      id: 2,
      standardName: 'Weight class',
      remark: null,
      sortNo: 1,
      enabledFlag: 1,
      values: [
        { id: 1, valueName: '500g', sortNo: 1 },
        { id: 2, valueName: '1kg', sortNo: 2 },
      ],
      objectVersionNumber: 1,
      creationDate: '2026-11-20T08:00:00Z',
    };
    const text = render(
      <StandardPage />,
      [INV_BASE_CODES.standard],
      [[listKey(invBaseKeys.standards(T)), pageOf([s])]],
    );
    expect(text).toContain('Weight class');
    expect(text).toContain('500g');
    expect(text).toContain('1kg');
  });
});

const warehouse: InvWarehouse = {
  id: 3,
  warehouseCode: 'WH_PY_MAIN',
  warehouseName: 'Panyu main',
  address: null,
  managerId: 5,
  managerName: 'Chen',
  allowNegative: 1,
  minStock: 1000.5,
  maxStock: null,
  initialStock: null,
  areaId: null,
  areaName: null,
  remark: null,
  enabledFlag: 1,
  objectVersionNumber: 1,
  creationDate: '2026-11-20T08:00:00Z',
};

describe('warehouses page', () => {
  const data = [
    [listKey(invBaseKeys.warehouses(T)), pageOf([warehouse])],
    [invBaseKeys.bases(T), []],
  ] as const;
  it('shows manager, company level, negative stock and levels formatted for the locale', () => {
    const text = render(<StorePage />, [INV_BASE_CODES.store], data);
    expect(text).toContain('Panyu main');
    expect(text).toContain('Chen');
    expect(text).toContain('Company level');
    expect(text).toContain('Allowed');
    expect(text).toContain('1,000.5');
    expect(text).toContain('Add warehouse');
  });

  it('/system/storeManager edits the same warehouses with the company code', () => {
    expect(render(<StoreManagerPage />, [INV_BASE_CODES.storeManager], data)).toContain('Add warehouse');
    // The inventory page's code alone does not edit from the system view.
    expect(render(<StoreManagerPage />, [INV_BASE_CODES.store], data)).not.toContain('Add warehouse');
  });

  it('/system/storeManager is named for the warehouses it lists, in the menu and the tab, as base/store is', () => {
    const leaves = (nodes: readonly MenuNodeDef[]): MenuNodeDef[] =>
      nodes.flatMap((n) => [n, ...leaves(n.subMenus ?? [])]);
    const name = (module: 'wfpf-company' | 'wfpf-inventory', route: string) =>
      leaves(MENUS[module]).find((n) => n.route === route)?.name;
    expect(name('wfpf-company', '/system/storeManager')).toEqual(
      name('wfpf-inventory', '/inventory/base/store'),
    );
    expect(en['route.base.storeManager']).toBe(en['route.base.store']);
    expect(zh['route.base.storeManager']).toBe(zh['route.base.store']);
  });
});

describe('document numbering page', () => {
  const rule = (docType: InvBillRule['docType'], over: Partial<InvBillRule> = {}): InvBillRule => ({
    docType,
    configured: false,
    id: null,
    prefix: 'CG',
    separator: '',
    datePattern: 'yyyyMMdd',
    serialLength: 4,
    startValue: 1,
    enabledFlag: 1,
    sample: 'CG202611260001',
    objectVersionNumber: null,
    ...over,
  });
  it('lists every type by name with its rule or the default and the next number', () => {
    const rows = [
      rule('purchase_request'),
      rule('warehousing', {
        configured: true,
        id: 4,
        prefix: 'RK',
        separator: '-',
        datePattern: 'yyyyMM',
        sample: 'RK-202611-0007',
        objectVersionNumber: 2,
      }),
    ];
    const text = render(<BillPage />, [INV_BASE_CODES.bill], [[invBaseKeys.bills(T), rows]]);
    expect(text).toContain('Purchase request');
    expect(text).toContain('Receipt');
    expect(text).toContain('Built-in default');
    expect(text).toContain('Custom');
    expect(text).toContain('RK-202611-0007');
    expect(text).toContain('follows the document');
  });

  it('builds the example number the way the server does', () => {
    expect(
      sampleNumber({ prefix: 'CG', separator: '-', datePattern: 'yyyyMM', serialLength: 4 }, '2026-11-26', 7),
    ).toBe('CG-202611-0007');
    expect(
      sampleNumber(
        { prefix: 'PD', separator: '', datePattern: 'yyyyMMdd', serialLength: 3 },
        '2026-01-02',
        1,
      ),
    ).toBe('PD20260102001');
    expect(
      sampleNumber({ prefix: 'TH', separator: '/', datePattern: 'yyyy', serialLength: 5 }, '2027-03-01', 12),
    ).toBe('TH/2027/00012');
  });
});
