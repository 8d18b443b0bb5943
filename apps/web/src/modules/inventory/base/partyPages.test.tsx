import type { InvBusiness, InvShop } from '@tilth/contracts/inventory.base.types';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { BusinessFormPage } from './BusinessFormPage';
import { BusinessListPage } from './BusinessListPage';
import { INV_BASE_CODES, invBaseKeys } from './baseData.api';
import { ShopFormPage } from './ShopFormPage';
import { ShopListPage } from './ShopListPage';

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
  data: readonly (readonly [readonly unknown[], unknown])[] = [],
) => textOf(renderWithCodes(<MemoryRouter>{node}</MemoryRouter>, { codes, tenantId: T, data }));

const shop: InvShop = {
  id: 1,
  shopCode: 'SHOP_PY',
  shopName: 'Panyu farm shop',
  address: null,
  managerId: null,
  managerName: null,
  phone: '020-84812345',
  warehouseId: 3,
  warehouseName: 'Panyu main',
  areaId: null,
  areaName: null,
  remark: null,
  enabledFlag: 0,
  objectVersionNumber: 1,
  creationDate: '2026-11-20T08:00:00Z',
};

describe('shop pages', () => {
  it('lists shops with their warehouse and state; the add button needs the page code', () => {
    const data = [
      [[...invBaseKeys.shops(T), 'page', {}, 0, 10], pageOf([shop])],
      [invBaseKeys.warehouseOptions(T), []],
    ] as const;
    const text = render(<ShopListPage />, [INV_BASE_CODES.shops], data);
    expect(text).toContain('Panyu farm shop');
    expect(text).toContain('Panyu main');
    expect(text).toContain('020-84812345');
    expect(text).toContain('Disabled');
    expect(text).toContain('Add shop');
    expect(render(<ShopListPage />, [INV_BASE_CODES.unit], data)).not.toContain('Add shop');
  });

  it('the add page asks for code, name, warehouse, manager, phone and address', () => {
    const text = render(<ShopFormPage />, [INV_BASE_CODES.shops], [[invBaseKeys.warehouseOptions(T), []]]);
    for (const label of ['Shop code', 'Shop name', 'Ships from', 'Manager', 'Phone', 'Address', 'Save']) {
      expect(text).toContain(label);
    }
  });
});

describe('counterparty pages', () => {
  const party: InvBusiness = {
    id: 2,
    businessCode: 'BOTH_1',
    businessName: 'Huinong co-op',
    category: 'both',
    bankName: 'ICBC Panyu',
    bankAccount: null,
    taxNo: '91440101MA5C',
    contactName: 'Chen',
    contactPhone: null,
    address: null,
    remark: null,
    enabledFlag: 1,
    objectVersionNumber: 1,
    creationDate: '2026-11-20T08:00:00Z',
  };
  it('lists counterparties with their category, contact, bank and tax number', () => {
    const text = render(
      <BusinessListPage />,
      [INV_BASE_CODES.businesses],
      [[[...invBaseKeys.businesses(T), 'page', {}, 0, 10], pageOf([party])]],
    );
    expect(text).toContain('Huinong co-op');
    expect(text).toContain('Supplier and customer');
    expect(text).toContain('ICBC Panyu');
    expect(text).toContain('91440101MA5C');
    expect(text).toContain('Add counterparty');
  });

  it('shows the empty state with no counterparties', () => {
    const text = render(
      <BusinessListPage />,
      [INV_BASE_CODES.businesses],
      [[[...invBaseKeys.businesses(T), 'page', {}, 0, 10], pageOf([])]],
    );
    expect(text).toContain('No counterparties yet');
  });

  it('the add page offers the three categories and the bank and tax fields', () => {
    const text = render(<BusinessFormPage />, [INV_BASE_CODES.businesses]);
    for (const label of [
      'Supplier',
      'Customer',
      'Supplier and customer',
      'Bank',
      'Bank account',
      'Tax number',
      'Contact',
    ]) {
      expect(text).toContain(label);
    }
  });
});
