import type { InvUnit } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReferenceCheck } from '../../reference/index.js';
import { type InvHarness, invHarness, type Page } from './inv-base-helpers.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

const count = async () => (await h.ok<Page<InvUnit>>('admin', 'GET', 'inventory/unit?size=0')).totalElements;

describe('inventory units (base/unit)', () => {
  it('adds, reads, filters, pages, edits, disables and deletes a unit', async () => {
    const box = await h.ok<InvUnit>('admin', 'POST', 'inventory/unit', {
      unitName: ' 箱 ',
      unitCode: 'BOX',
      remark: '12 瓶一箱',
    });
    expect(box).toMatchObject({ unitName: '箱', unitCode: 'BOX', enabledFlag: 1, objectVersionNumber: 1 });
    expect(await h.ok('admin', 'GET', `inventory/unit/${box.id}`)).toEqual(box);
    await h.ok('admin', 'POST', 'inventory/unit', { unitName: '千克', unitCode: 'KG', enabledFlag: 0 });
    const byName = await h.ok<Page<InvUnit>>(
      'admin',
      'GET',
      `inventory/unit?unitName=${encodeURIComponent('千')}`,
    );
    expect(byName.content.map((u) => u.unitCode)).toEqual(['KG']);
    const off = await h.ok<Page<InvUnit>>('admin', 'GET', 'inventory/unit?enabledFlag=0');
    expect(off.content.map((u) => u.unitCode)).toEqual(['KG']);
    const page = await h.ok<Page<InvUnit>>('admin', 'GET', 'inventory/unit?page=1&size=1');
    expect(page).toMatchObject({ number: 1, size: 1, totalElements: 2, totalPages: 2 });
    // A PUT takes what the GET answered; enabledFlag disables.
    const off2 = await h.ok<InvUnit>('admin', 'PUT', `inventory/unit/${box.id}`, { ...box, enabledFlag: 0 });
    expect(off2).toMatchObject({ enabledFlag: 0, objectVersionNumber: 2, remark: '12 瓶一箱' });
    // The old version is stale.
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', `inventory/unit/${box.id}`, box);
    await h.ok('admin', 'DELETE', `inventory/unit/${box.id}?objectVersionNumber=2`);
    await h.refused(404, 'wfpf.inventory.unit.notFound', 'admin', 'GET', `inventory/unit/${box.id}`);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await count();
    for (const body of [
      { unitName: '   ', unitCode: 'X1' },
      { unitName: '袋', unitCode: 'BAG-1' },
      { unitName: '袋', unitCode: '袋子' },
      { unitName: '袋', unitCode: '' },
      { unitName: '袋'.repeat(21), unitCode: 'BAG' },
      { unitName: '袋', unitCode: 'BAG', enabledFlag: 2 },
      { unitName: '袋', unitCode: 'BAG', extra: 1 },
    ]) {
      const err = await h.refused(400, undefined, 'admin', 'POST', 'inventory/unit', body);
      expect(err.message).toMatch(/unitName|unitCode|enabledFlag|extra/);
    }
    expect(await count()).toBe(before);
  });

  it('a duplicate code or name is a 409 naming the field (also on edit)', async () => {
    const a = await h.ok<InvUnit>('admin', 'POST', 'inventory/unit', { unitName: '瓶', unitCode: 'BOTTLE' });
    const e1 = await h.refused(409, 'wfpf.inventory.unit.codeExists', 'admin', 'POST', 'inventory/unit', {
      unitName: '瓶子',
      unitCode: 'BOTTLE',
    });
    expect(e1.message).toContain('unitCode');
    await h.refused(409, 'wfpf.inventory.unit.nameExists', 'admin', 'POST', 'inventory/unit', {
      unitName: '瓶',
      unitCode: 'BOTTLE2',
    });
    const b = await h.ok<InvUnit>('admin', 'POST', 'inventory/unit', { unitName: '吨', unitCode: 'TON' });
    await h.refused(409, 'wfpf.inventory.unit.codeExists', 'admin', 'PUT', `inventory/unit/${b.id}`, {
      ...b,
      unitCode: a.unitCode,
    });
    // The same code in another tenant is fine.
    await h.ok('adminB', 'POST', 'inventory/unit', { unitName: '瓶', unitCode: 'BOTTLE' }, h.tB);
  });

  it('refuses deleting a unit something refers to, naming what', async () => {
    const u = await h.ok<InvUnit>('admin', 'POST', 'inventory/unit', { unitName: '件', unitCode: 'PCS' });
    registerReferenceCheck('unit', 'test-products', async (_ctx, id) => (id === u.id ? '2 products' : null));
    const err = await h.refused(
      409,
      'wfpf.inventory.unit.inUse',
      'admin',
      'DELETE',
      `inventory/unit/${u.id}`,
    );
    expect(err.message).toContain('2 products');
    expect((await h.ok<InvUnit>('admin', 'GET', `inventory/unit/${u.id}`)).id).toBe(u.id);
  });

  it('another tenant sees nothing, and a role without inventory pages is refused', async () => {
    const u = await h.ok<InvUnit>('admin', 'POST', 'inventory/unit', { unitName: '筐', unitCode: 'BASKET' });
    await h.refused(404, undefined, 'adminB', 'GET', `inventory/unit/${u.id}`, undefined, h.tB);
    await h.refused(404, undefined, 'adminB', 'PUT', `inventory/unit/${u.id}`, u, h.tB);
    await h.refused(404, undefined, 'adminB', 'DELETE', `inventory/unit/${u.id}`, undefined, h.tB);
    const listB = await h.ok<Page<InvUnit>>('adminB', 'GET', 'inventory/unit?size=0', undefined, h.tB);
    expect(listB.content.some((x) => x.id === u.id)).toBe(false);
    await h.refused(403, undefined, 'operator', 'GET', 'inventory/unit');
    await h.refused(403, undefined, 'operator', 'POST', 'inventory/unit', { unitName: 'x', unitCode: 'X' });
  });
});
