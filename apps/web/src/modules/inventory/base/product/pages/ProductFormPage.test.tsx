import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../../test/renderWithCodes';
import { PRODUCT_CODE, productKeys } from '../api/product.api';
import { ProductFormPage } from './ProductFormPage';

const data = [
  [productKeys.options(7, 'units'), [{ id: 1, unitName: 'bag', unitCode: 'BAG', enabledFlag: 1 }]],
  [
    productKeys.options(7, 'standards'),
    [{ id: 3, standardName: 'Grade', enabledFlag: 1, values: [{ id: 31, valueName: 'A', sortNo: 0 }] }],
  ],
  [productKeys.options(7, 'warehouses'), []],
  [productKeys.options(7, 'crops'), [{ cropId: 9, cropName: 'Tomato' }]],
] as const;

const render = (path: string) =>
  textOf(
    renderWithCodes(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/inventory/base/product/add" element={<ProductFormPage />} />
          <Route path="/inventory/base/product/agricultural/add" element={<ProductFormPage />} />
        </Routes>
      </MemoryRouter>,
      { codes: [PRODUCT_CODE], data },
    ),
  );

describe('product form', () => {
  it('offers goods and materials with units, prices, one SKU, media and no crop', () => {
    const text = render('/inventory/base/product/add');
    for (const label of [
      'Product code (SPU)',
      'Type',
      'Stock unit',
      '1 purchase unit = ? stock units',
      'Member price',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('(single SKU)');
    expect(text).toContain('Upload video');
    expect(text).toContain('Track lots');
    expect(text).not.toContain('Variety');
  });

  it('asks farm produce for its crop and variety instead of a type', () => {
    const text = render('/inventory/base/product/agricultural/add');
    expect(text).toContain('Crop');
    expect(text).toContain('Variety');
    expect(text).not.toContain(' Type ');
  });
});
