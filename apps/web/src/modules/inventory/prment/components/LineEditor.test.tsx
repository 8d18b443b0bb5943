import Form from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { optionData, sku } from '../testData';
import { LineEditor, type LineValue, lineRules, type SkuInfo, stockHint, unitOptions } from './LineEditor';

// The line editor as a clerk fills it: product, unit among the product's, quantity with its stock-unit
// equivalent, price, amount and total; the same product and lot refused on a second line.

const fert = sku();
const film = sku({
  skuId: 13,
  productName: 'Mulch film',
  skuName: '0.01 mm',
  specification: null,
  tracksLot: 1,
  tracksExpiry: 1,
  stockUnit: { id: 4, name: 'roll' },
  units: [{ unitId: 4, unitName: 'roll', factor: 1, kind: 'stock' }],
  costPrice: 35.5,
});
const skus = new Map<number, SkuInfo>([
  [fert.skuId, fert],
  [film.skuId, film],
]);

function Harness({ lines, variant = 'priced' }: { lines: LineValue[]; variant?: 'priced' | 'stocktake' }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ lines }}>
      <LineEditor form={form} skus={skus} onSku={() => undefined} warehouseId={3} variant={variant} />
    </Form>
  );
}

const render = (lines: LineValue[], variant?: 'priced' | 'stocktake') =>
  renderWithCodes(<Harness lines={lines} variant={variant} />, { codes: [], data: optionData });

describe('line editor', () => {
  it('shows each line’s product, available stock, amount and the total', () => {
    const text = textOf(
      render([
        { skuId: 11, unitId: 2, quantity: 3, unitPrice: 19.99 },
        { skuId: 13, unitId: 4, quantity: 0.5, unitPrice: 35.5, lotNo: 'L-1' },
      ]),
    );
    expect(text).toContain('Compound fertiliser · 25 kg bag · N-P-K 15-15-15');
    expect(text).toContain('300 kg');
    expect(text).toContain('59.97');
    expect(text).toContain('17.75');
    expect(text).toContain('Quantity 3.5 · amount 77.72');
    // Lot and expiry columns appear because one product tracks them.
    expect(text).toContain('Lot');
    expect(text).toContain('Expiry date');
  });

  it('shows a quantity in another unit converted into the stock unit', () => {
    expect(textOf(render([{ skuId: 11, unitId: 2, quantity: 3, unitPrice: 120 }]))).toContain('= 75 kg');
    expect(stockHint(fert, 2, 1.5, String)).toBe('= 37.5 kg');
    expect(stockHint(fert, 1, 3, String)).toBeNull();
    // Each unit once, with its factor.
    expect(unitOptions(fert)).toEqual([
      { value: 1, label: 'kg' },
      { value: 2, label: 'bag (×25)' },
    ]);
  });

  it('shows a stocktake’s book, counted and difference instead of prices', () => {
    const text = textOf(render([{ skuId: 11, unitId: 1, quantity: 280, bookQty: 300 }], 'stocktake'));
    expect(text).toContain('Book quantity');
    expect(text).toContain('Counted');
    expect(text).toContain('-20');
    expect(text).not.toContain('Unit price');
  });

  it('refuses the same product and lot on a second line, and more than remains of a source', async () => {
    const lines: LineValue[] = [
      { skuId: 11, unitId: 2, quantity: 1 },
      { skuId: 13, lotNo: 'L-1', quantity: 1 },
      { skuId: 11, unitId: 1, quantity: 2 },
      { skuId: 13, lotNo: 'L-2', quantity: 1, maxQty: 4 },
    ];
    const rules = lineRules(
      () => lines,
      'priced',
      (k) => k,
      String,
    );
    await expect(rules.duplicateRule(0).validator()).resolves.toBeUndefined();
    await expect(rules.duplicateRule(2).validator()).rejects.toThrow('invDoc:rule.duplicate');
    await expect(rules.duplicateRule(3).validator()).resolves.toBeUndefined();
    await expect(rules.qtyRule(3).validator(undefined, 4)).resolves.toBeUndefined();
    await expect(rules.qtyRule(3).validator(undefined, 4.5)).rejects.toThrow('invDoc:rule.overSource');
    await expect(rules.qtyRule(0).validator(undefined, 0)).rejects.toThrow('invDoc:rule.quantity');
    await expect(rules.qtyRule(0).validator(undefined, 0.00001)).rejects.toThrow('invDoc:rule.quantity');
    // A count may be 0.
    const counts = lineRules(
      () => lines,
      'stocktake',
      (k) => k,
      String,
    );
    await expect(counts.qtyRule(0).validator(undefined, 0)).resolves.toBeUndefined();
  });
});
