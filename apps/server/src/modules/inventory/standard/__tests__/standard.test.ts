import type { InvStandard } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReferenceCheck } from '../../reference/index.js';
import { type InvHarness, invHarness, type Page } from '../../unit/__tests__/inv-base-helpers.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

const names = (s: InvStandard) => s.values.map((v) => v.valueName);

describe('specification attributes (base/standard)', () => {
  it('adds an attribute with values, lists it and replaces its values on edit', async () => {
    const weight = await h.ok<InvStandard>('admin', 'POST', 'inventory/standard', {
      standardName: '重量等级',
      values: [{ valueName: '500g' }, { valueName: '1kg' }, { valueName: '5kg' }],
    });
    expect(names(weight)).toEqual(['500g', '1kg', '5kg']);
    await h.ok('admin', 'POST', 'inventory/standard', {
      standardName: '品级',
      values: [{ valueName: '一级' }, { valueName: '二级' }],
    });
    const list = await h.ok<Page<InvStandard>>(
      'admin',
      'GET',
      `inventory/standard?standardName=${encodeURIComponent('品')}`,
    );
    expect(list.content.map(names)).toEqual([['一级', '二级']]);
    const [v500, v1, v5] = weight.values;
    // Keep 500g (renamed), swap the order of 1kg, drop 5kg, add 10kg.
    const edited = await h.ok<InvStandard>('admin', 'PUT', `inventory/standard/${weight.id}`, {
      ...weight,
      values: [
        { id: v1?.id, valueName: '1kg', sortNo: 1 },
        { id: v500?.id, valueName: '0.5kg', sortNo: 2 },
        { valueName: '10kg', sortNo: 3 },
      ],
    });
    expect(names(edited)).toEqual(['1kg', '0.5kg', '10kg']);
    expect(edited.values[0]?.id).toBe(v1?.id);
    expect(edited.values.some((v) => v.id === v5?.id)).toBe(false);
    // Two values swapping names never trips the unique index.
    const swapped = await h.ok<InvStandard>('admin', 'PUT', `inventory/standard/${weight.id}`, {
      ...edited,
      values: edited.values.map((v, i) => ({ ...v, valueName: edited.values[(i + 1) % 3]?.valueName })),
    });
    expect(names(swapped)).toEqual(['0.5kg', '10kg', '1kg']);
  });

  it('refuses a blank name, no values, a value twice, a foreign value id and duplicate names', async () => {
    const err = await h.refused(400, undefined, 'admin', 'POST', 'inventory/standard', {
      standardName: ' ',
      values: [{ valueName: 'a' }],
    });
    expect(err.message).toContain('standardName');
    await h.refused(400, undefined, 'admin', 'POST', 'inventory/standard', {
      standardName: '产地',
      values: [],
    });
    await h.refused(400, 'wfpf.inventory.standard.duplicateValue', 'admin', 'POST', 'inventory/standard', {
      standardName: '产地',
      values: [{ valueName: '番禺' }, { valueName: '番禺' }],
    });
    await h.refused(409, 'wfpf.inventory.standard.nameExists', 'admin', 'POST', 'inventory/standard', {
      standardName: '品级',
      values: [{ valueName: '特级' }],
    });
    const grade = (await h.ok<Page<InvStandard>>('admin', 'GET', 'inventory/standard?size=0')).content.find(
      (s) => s.standardName === '品级',
    ) as InvStandard;
    const weight = (await h.ok<Page<InvStandard>>('admin', 'GET', 'inventory/standard?size=0')).content.find(
      (s) => s.standardName === '重量等级',
    ) as InvStandard;
    await h.refused(
      400,
      'wfpf.inventory.standard.valueNotFound',
      'admin',
      'PUT',
      `inventory/standard/${grade.id}`,
      {
        ...grade,
        values: [...grade.values, { id: weight.values[0]?.id, valueName: '偷来的' }],
      },
    );
  });

  it('refuses removing a value or deleting an attribute a SKU uses', async () => {
    const s = await h.ok<InvStandard>('admin', 'POST', 'inventory/standard', {
      standardName: '包装',
      values: [{ valueName: '散装' }, { valueName: '礼盒' }],
    });
    const used = s.values[1]?.id;
    registerReferenceCheck('standardValue', 'test-skus', async (_ctx, id) => (id === used ? '4 SKUs' : null));
    const e1 = await h.refused(
      409,
      'wfpf.inventory.standard.valueInUse',
      'admin',
      'PUT',
      `inventory/standard/${s.id}`,
      {
        ...s,
        values: [s.values[0]],
      },
    );
    expect(e1.message).toContain('礼盒');
    const e2 = await h.refused(
      409,
      'wfpf.inventory.standard.inUse',
      'admin',
      'DELETE',
      `inventory/standard/${s.id}`,
    );
    expect(e2.message).toContain('4 SKUs');
    const free = await h.ok<InvStandard>('admin', 'POST', 'inventory/standard', {
      standardName: '季节',
      values: [{ valueName: '春' }],
    });
    await h.refused(404, undefined, 'adminB', 'DELETE', `inventory/standard/${free.id}`, undefined, h.tB);
    await h.ok('admin', 'DELETE', `inventory/standard/${free.id}`);
    await h.refused(404, 'wfpf.inventory.standard.notFound', 'admin', 'GET', `inventory/standard/${free.id}`);
  });
});
