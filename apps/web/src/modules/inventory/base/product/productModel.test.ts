import { describe, expect, it } from 'vitest';
import {
  buildSkuRows,
  type ChosenAttribute,
  chosenFromProduct,
  factorOk,
  imageProblem,
  type ProductFormValues,
  priceOk,
  rowsFromProduct,
  toProductBody,
  videoProblem,
} from './productModel';

const grade: ChosenAttribute = {
  standardId: 1,
  values: [
    { id: 11, valueName: '一级' },
    { id: 12, valueName: '二级' },
  ],
};
const weight: ChosenAttribute = {
  standardId: 2,
  values: [
    { id: 21, valueName: '500g' },
    { id: 22, valueName: '1kg' },
  ],
};

describe('SKU grid', () => {
  it('makes one row per combination of the chosen values, in attribute order', () => {
    const { rows } = buildSkuRows([grade, weight], []);
    expect(rows.map((r) => [r.valueIds, r.skuName])).toEqual([
      [[11, 21], '一级 / 500g'],
      [[11, 22], '一级 / 1kg'],
      [[12, 21], '二级 / 500g'],
      [[12, 22], '二级 / 1kg'],
    ]);
    expect(buildSkuRows([], []).rows.map((r) => r.valueIds)).toEqual([[]]);
    expect(buildSkuRows([{ standardId: 3, values: [] }], []).rows).toEqual([]);
  });

  it('keeps a row’s id, code, prices and limits when values are added or removed', () => {
    const first = buildSkuRows([grade, weight], []).rows.map((r, i) => ({
      ...r,
      skuId: 100 + i,
      skuCode: `C${i}`,
      retailPrice: 9.9,
      limits: [{ warehouseId: 5, minQty: 1, maxQty: 2 }],
    }));
    const onlyFirstGrade = { ...grade, values: [grade.values[0] ?? { id: 0, valueName: '' }] };
    const { rows } = buildSkuRows([onlyFirstGrade, weight], first);
    expect(rows.map((r) => [r.skuId, r.skuCode, r.retailPrice, r.limits.length])).toEqual([
      [100, 'C0', 9.9, 1],
      [101, 'C1', 9.9, 1],
    ]);
    const more = buildSkuRows(
      [grade, { ...weight, values: [...weight.values, { id: 23, valueName: '5kg' }] }],
      first,
    );
    expect(more.rows).toHaveLength(6);
    expect(more.rows.filter((r) => r.skuId === undefined).map((r) => r.skuName)).toEqual([
      '一级 / 5kg',
      '二级 / 5kg',
    ]);
  });

  it('keeps a row with stock that the new choice leaves out, and reports it', () => {
    const first = buildSkuRows([grade], []).rows.map((r, i) => ({ ...r, skuId: i + 1, hasStock: i === 1 }));
    const { rows, kept } = buildSkuRows([{ ...grade, values: grade.values.slice(0, 1) }], first);
    expect(rows.map((r) => r.skuId)).toEqual([1, 2]);
    expect(kept.map((r) => r.skuId)).toEqual([2]);
    // A different set of attributes: the stocked row cannot fit and is only reported.
    const other = buildSkuRows([grade, weight], first);
    expect(other.kept.map((r) => r.skuId)).toEqual([2]);
    expect(other.rows.some((r) => r.skuId === 2)).toBe(false);
  });

  it('reads the chosen values and rows back from a product', () => {
    const product = {
      standards: [
        {
          standardId: 1,
          standardName: '品级',
          values: [...grade.values, { id: 13, valueName: '三级' }].map((v, i) => ({ ...v, sortNo: i })),
        },
      ],
      skus: [
        {
          skuId: 7,
          skuCode: 'T-11',
          skuName: '一级',
          valueIds: [11],
          barcode: null,
          retailPrice: null,
          memberPrice: null,
          costPrice: 3,
          enabledFlag: 1,
          hasStock: true,
          limits: [],
        },
        {
          skuId: 8,
          skuCode: 'T-13',
          skuName: '三级',
          valueIds: [13],
          barcode: '69',
          retailPrice: 1,
          memberPrice: null,
          costPrice: null,
          enabledFlag: 0,
          hasStock: false,
          limits: [{ warehouseId: 2, warehouseName: 'A', minQty: 1, maxQty: null }],
        },
      ],
    };
    expect(chosenFromProduct(product)[0]?.values.map((v) => v.id)).toEqual([11, 13]);
    const rows = rowsFromProduct(product);
    expect(rows[1]).toMatchObject({
      key: '13',
      skuId: 8,
      barcode: '69',
      enabledFlag: 0,
      limits: [{ warehouseId: 2, minQty: 1, maxQty: null }],
    });
  });
});

describe('product body', () => {
  const values: ProductFormValues = {
    productName: ' 番茄 ',
    productCode: 'TOMATO',
    productType: 'agricultural',
    stockUnitId: 1,
    purchaseUnitId: 1,
    purchaseFactor: 12,
    retailUnitId: 2,
    retailFactor: 0.5,
    retailPrice: 6.8,
    cropId: 3,
    varietyId: 4,
    tracksLot: true,
    tracksExpiry: false,
    alias: '  ',
    enabledFlag: 1,
  };

  it('sends the factor 1 for a unit that is the stock unit, trims texts and names the SKUs', () => {
    const { rows } = buildSkuRows([grade], []);
    const body = toProductBody(values, [grade], rows);
    expect(body).toMatchObject({
      productName: '番茄',
      purchaseFactor: 1,
      retailFactor: 0.5,
      alias: null,
      tracksLot: 1,
      tracksExpiry: 0,
      standardIds: [1],
      cropId: 3,
      varietyId: 4,
    });
    expect(body.skus?.map((s) => [s.valueIds, s.skuCode, 'skuId' in s])).toEqual([
      [[11], undefined, false],
      [[12], undefined, false],
    ]);
  });

  it('drops the crop of a product that is not farm produce', () => {
    const body = toProductBody({ ...values, productType: 'goods' }, [], buildSkuRows([], []).rows);
    expect(body).toMatchObject({ cropId: null, varietyId: null, standardIds: [] });
    expect(body.skus).toHaveLength(1);
  });

  it('checks prices, factors and media before they are sent', () => {
    expect([0, 99999, 1.25, null].every(priceOk)).toBe(true);
    expect([100000, -1, 1.234].some(priceOk)).toBe(false);
    expect([0.0001, 12, 1_000_000].every(factorOk)).toBe(true);
    expect([0, -1, 1.00001, null].some(factorOk)).toBe(false);
    expect(imageProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe('size');
    expect(videoProblem({ type: 'video/mp4', size: 30 * 1024 * 1024 })).toBeNull();
    expect(videoProblem({ type: 'video/mp4', size: 30 * 1024 * 1024 + 1 })).toBe('size');
    expect(videoProblem({ type: 'image/png', size: 1 })).toBe('type');
  });
});
