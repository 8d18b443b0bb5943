import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { InvConvertAnswer } from './api/invDoc.api';
import type { InvStocktakeBookRow } from './api/invDoc.types';
import type { SkuInfo } from './components/LineEditor';
import { bodyOfValues, mergeBook, valuesOfConvert, valuesOfDoc, withBookSkus } from './formModel';
import { detail, line, sku } from './testData';

// Between documents and the form: what a conversion prefills, what is sent, and a stocktake's book.

describe('document form values', () => {
  it('prefills a conversion with what remains, each line capped by its source line', () => {
    const source = detail({
      docType: 'purchase_request',
      lines: [line({ id: 101, quantity: 10, convertedQty: 6, remainingQty: 4 })],
    });
    const answer: InvConvertAnswer = {
      docType: 'warehousing',
      bizType: 'purchase',
      docDate: '2026-11-26',
      warehouseId: 3,
      toWarehouseId: null,
      businessId: 5,
      sourceDocId: 42,
      lines: [line({ id: 0, quantity: 4, sourceLineId: 101 })],
    };
    const v = valuesOfConvert(answer, source);
    expect(v.warehouseId).toBe(3);
    expect(v.lines).toMatchObject([{ skuId: 11, unitId: 2, quantity: 4, maxQty: 4, sourceLineId: 101 }]);
    const body = bodyOfValues('warehousing', v, { sourceDocId: 42 });
    expect(body).toMatchObject({
      docType: 'warehousing',
      docDate: '2026-11-26',
      bizType: 'purchase',
      sourceDocId: 42,
      lines: [{ skuId: 11, unitId: 2, quantity: 4, unitPrice: 120, sourceLineId: 101, lotNo: '' }],
    });
    expect(body.lines[0]).not.toHaveProperty('maxQty');
  });

  it('caps a return of a shipped outbound by what was shipped and not yet returned', () => {
    // Shipped in full (nothing left to ship), 1 of 5 returned already: 4 may still come back.
    const source = detail({
      docType: 'shipment',
      bizType: 'sale',
      execState: 'done',
      lines: [line({ id: 101, quantity: 5, doneQty: 5, convertedQty: 1, remainingQty: 0 })],
    });
    const answer: InvConvertAnswer = {
      docType: 'return',
      bizType: 'customer_return',
      docDate: '2026-11-26',
      warehouseId: 3,
      toWarehouseId: null,
      businessId: 5,
      sourceDocId: 42,
      lines: [line({ id: 0, quantity: 4, sourceLineId: 101 })],
    };
    expect(valuesOfConvert(answer, source).lines).toMatchObject([{ quantity: 4, maxQty: 4 }]);
  });

  it('sends an edited document back with trimmed texts and no book quantities', () => {
    const v = valuesOfDoc(detail({ docType: 'stocktake', remark: ' counted twice ', handlerName: '' }));
    v.lines[0] = { ...v.lines[0], bookQty: 12, expiryDate: dayjs('2027-01-31') };
    const body = bodyOfValues('stocktake', v);
    expect(body.remark).toBe('counted twice');
    expect(body.handlerName).toBeNull();
    expect(body.lines[0]).toEqual({
      skuId: 11,
      unitId: 2,
      quantity: 10,
      unitPrice: null,
      lotNo: '',
      expiryDate: '2027-01-31',
    });
    expect(body).not.toHaveProperty('submit');
  });
});

describe('stocktake book', () => {
  const skus = new Map<number, SkuInfo>([[11, sku()]]);
  const bookRow = (
    r: Pick<InvStocktakeBookRow, 'skuId' | 'productId' | 'lotNo' | 'stockUnitId' | 'bookQty'>,
  ) => ({
    skuCode: `S${r.skuId}`,
    skuName: '',
    productCode: `P${r.productId}`,
    productName: `Product ${r.productId}`,
    specification: null,
    stockUnitName: 'kg',
    ...r,
  });

  it('names the SKUs of book rows from the rows, keeping those already known', () => {
    const named = withBookSkus(skus, [
      bookRow({ skuId: 11, productId: 1, lotNo: '', stockUnitId: 1, bookQty: 300 }),
      bookRow({ skuId: 14, productId: 2, lotNo: 'L-9', stockUnitId: 6, bookQty: 7.5 }),
    ]);
    expect(named.get(11)).toBe(skus.get(11));
    expect(named.get(14)).toMatchObject({
      productName: 'Product 2',
      tracksLot: 1,
      stockUnit: { id: 6, name: 'kg' },
      units: [{ unitId: 6, unitName: 'kg', factor: 1, kind: 'stock' }],
    });
  });

  it('fills each counted line’s book in its unit and adds what the books hold besides, counted empty', () => {
    const merged = mergeBook(
      [
        { skuId: 11, unitId: 2, lotNo: '', quantity: 11 },
        { skuId: 12, unitId: 1, lotNo: 'X', quantity: 3 },
      ],
      [
        bookRow({ skuId: 11, productId: 1, lotNo: '', stockUnitId: 1, bookQty: 300 }),
        bookRow({ skuId: 14, productId: 2, lotNo: 'L-9', stockUnitId: 6, bookQty: 7.5 }),
      ],
      skus,
    );
    expect(merged).toEqual([
      // 300 kg at 25 kg a bag.
      { skuId: 11, unitId: 2, lotNo: '', quantity: 11, bookQty: 12 },
      // Counted but not on the books.
      { skuId: 12, unitId: 1, lotNo: 'X', quantity: 3, bookQty: 0 },
      { skuId: 14, unitId: 6, lotNo: 'L-9', quantity: null, expiryDate: null, bookQty: 7.5 },
    ]);
  });
});
