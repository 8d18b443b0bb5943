import type { InvOptions, InvWarehouse } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvHarness, invHarness } from '../../unit/__tests__/inv-base-helpers.js';
import { getInventoryOptions } from '../index.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

describe('inventory options (config/option)', () => {
  it('answers the defaults until saved, then saves with version checks', async () => {
    const first = await h.ok<InvOptions>('admin', 'GET', 'inventory/option');
    expect(first).toEqual({
      defaultWarehouseId: null,
      defaultWarehouseName: null,
      costMethod: 'moving_average',
      shortagePolicy: 'block',
      quantityDecimals: 2,
      expiryWarnDays: 30,
      objectVersionNumber: 0,
    });
    const w = await h.ok<InvWarehouse>('admin', 'POST', 'inventory/store', {
      warehouseCode: 'WH_1',
      warehouseName: '主仓',
    });
    const saved = await h.ok<InvOptions>('admin', 'PUT', 'inventory/option', {
      ...first,
      defaultWarehouseId: w.id,
      shortagePolicy: 'warn',
      quantityDecimals: 4,
      expiryWarnDays: 365,
    });
    expect(saved).toMatchObject({
      defaultWarehouseId: w.id,
      defaultWarehouseName: '主仓',
      shortagePolicy: 'warn',
      quantityDecimals: 4,
      expiryWarnDays: 365,
      objectVersionNumber: 1,
    });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'inventory/option', first);
    const other = await h.s.platform.database.withTenant(h.tA, (tx) => getInventoryOptions(tx, h.tA));
    expect(other).toMatchObject({ defaultWarehouseId: w.id, shortagePolicy: 'warn', objectVersionNumber: 1 });
    // Tenant B still has the defaults.
    expect(
      (await h.ok<InvOptions>('adminB', 'GET', 'inventory/option', undefined, h.tB)).objectVersionNumber,
    ).toBe(0);
  });

  it('refuses values out of range naming the field, an unknown or disabled warehouse, and non-admins', async () => {
    const cur = await h.ok<InvOptions>('admin', 'GET', 'inventory/option');
    for (const [field, bad] of [
      ['quantityDecimals', { quantityDecimals: 5 }],
      ['quantityDecimals', { quantityDecimals: -1 }],
      ['expiryWarnDays', { expiryWarnDays: 0 }],
      ['expiryWarnDays', { expiryWarnDays: 366 }],
      ['shortagePolicy', { shortagePolicy: 'ignore' }],
      ['costMethod', { costMethod: 'fifo' }],
    ] as const) {
      const err = await h.refused(400, undefined, 'admin', 'PUT', 'inventory/option', { ...cur, ...bad });
      expect(err.message).toContain(field);
    }
    await h.refused(400, 'wfpf.inventory.option.warehouseNotFound', 'admin', 'PUT', 'inventory/option', {
      ...cur,
      defaultWarehouseId: 999999,
    });
    const off = await h.ok<InvWarehouse>('admin', 'POST', 'inventory/store', {
      warehouseCode: 'WH_OFF',
      warehouseName: '停用仓',
      enabledFlag: 0,
    });
    await h.refused(400, 'wfpf.inventory.option.warehouseNotFound', 'admin', 'PUT', 'inventory/option', {
      ...cur,
      defaultWarehouseId: off.id,
    });
    await h.refused(403, undefined, 'operator', 'PUT', 'inventory/option', cur);
  });
});
